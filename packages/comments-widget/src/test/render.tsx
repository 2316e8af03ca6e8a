import '@testing-library/jest-dom/vitest';
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { expect, vi } from 'vitest';
import { Comments, type CommentsProps } from '../components/comments/index.js';
import { POST_URL, setupCommentService, type ServiceOptions } from '@guffaw/test-utils/widget';

export { POST_URL };

/** The file's fake comment service (one MSW server per test file): tests that build stores use it too. */
export const serviceClient = setupCommentService();

/** Renders <Comments> over the fake comment service; returns the client, spies and a user-event session. */
export function renderComments(service: ServiceOptions = {}, props: Partial<CommentsProps> = {}) {
  const client = serviceClient(service);
  const followApi = { status: vi.fn(async () => false), set: vi.fn(async () => undefined) };
  const blockApi = { block: vi.fn(async () => undefined), unblock: vi.fn(async () => undefined) };
  const onRequireLogin = vi.fn();
  const user = userEvent.setup();
  const view = render(
    <Comments appId="guffaw" url={POST_URL} client={client} followApi={followApi} blockApi={blockApi} onRequireLogin={onRequireLogin} {...props} />,
  );
  /** Resolves once the first list and, for a member, the comment-user info are in. */
  const ready = async () => {
    await waitFor(() => expect(client.callsOf('listComments').length).toBeGreaterThan(0));
    if (service.user) await waitFor(() => expect(client.callsOf('getUser')).toHaveLength(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
  };
  return { client, followApi, blockApi, onRequireLogin, user, ready, ...view };
}

/** axe-core findings on a rendered tree (colour contrast needs layout jsdom lacks). */
export async function axeViolations(container: Element): Promise<string[]> {
  // jsdom loads no media: axe's wait for a <video> to load (its preload) would only time out, after 10 s.
  const result = await axe.run(container, { preload: false, rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}
