/**
 * Server render of the iframe (built by Rollup with react -> preact/compat, like the iframe bundle, and loaded by
 * the server's embed module): the same components and the same starting state as frame.tsx hydrates.
 */
import { renderToString } from 'react-dom/server';
import { createFrameStores, FrameApp } from './frame-app.js';
import { loadLanguage } from '../i18n/languages.js';
import type { FrameData } from './protocol.js';

export type { FrameData } from './protocol.js';
/** The frame page's <title> in the reader's language, the iframe's own title (host-texts.ts). */
export { frameTitle } from './host-texts.js';

/** Element Timing name of the first comment's text: its paint time is readable in the frame (bench/embed.mjs). */
export const FIRST_COMMENT_TIMING = 'gfw-first-comment';

/** The frame's HTML in the reader's language (data.lang; its catalogue is inlined in this build). */
export async function renderFrame(data: FrameData): Promise<string> {
  const html = renderToString(<FrameApp stores={createFrameStores(data, {}, await loadLanguage(data.lang))} theme={data.theme} />);
  // Hydration keeps attributes it does not know, so the mark stays on the server's node.
  // Matched by its class wherever that stands among the attributes (the text also carries dir and data-clamp).
  return html.replace(/<p(?=[^>]*\sclass="gfw-text")/, `<p elementtiming="${FIRST_COMMENT_TIMING}"`);
}
