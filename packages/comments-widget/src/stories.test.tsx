/// <reference types="vite/client" />
import type { ComponentType } from 'react';
import { composeStories } from '@storybook/react-vite';
import { act, render } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './test/render.js';

/**
 * Every story rendered over the shared fake comment service (MSW) with the real client, then checked by axe.
 */
type ComposedStory = ComponentType & { parameters?: Record<string, unknown> };
const modules = import.meta.glob<Record<string, unknown>>('./components/**/*.stories.tsx', { eager: true });
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

for (const [path, module] of Object.entries(modules)) {
  const stories = composeStories(module as Parameters<typeof composeStories>[0]) as unknown as Record<string, ComposedStory>;
  describe(path.replace('./components/', ''), () => {
    for (const [name, Story] of Object.entries(stories)) {
      it(`${name} has no axe violation`, async () => {
        const handlers = ((Story.parameters?.msw as { handlers?: RequestHandler[] } | undefined)?.handlers ?? []).flat();
        server.resetHandlers(...handlers);
        const { container } = render(<Story />);
        // Let the first requests answer (stories with a slow service stay loading, which is their point).
        await act(async () => {
          await new Promise((r) => setTimeout(r, 150));
        });
        expect(await axeViolations(container.ownerDocument.body)).toEqual([]);
      }, 30_000);
    }
  });
}
