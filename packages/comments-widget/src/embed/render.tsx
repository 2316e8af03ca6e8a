/**
 * Server render of the iframe (built by Rollup with react -> preact/compat, like the iframe bundle, and loaded by
 * the server's embed module): the same components and the same starting state as frame.tsx hydrates.
 */
import { renderToString } from 'react-dom/server';
import { createFrameStores, FrameApp } from './frame-app.js';
import type { FrameData } from './protocol.js';

export type { FrameData } from './protocol.js';

export function renderFrame(data: FrameData): string {
  return renderToString(<FrameApp stores={createFrameStores(data)} theme={data.theme} />);
}
