import { render, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCommentServiceHandlers, makeComment, makeUser } from '@guffaw/test-utils/comments';
import { Comments } from '../comments/index.js';
import { STORY_HOST, STORY_URL } from '../../test/story-kit.js';

/** A comment's controls show icons (lib/icons.tsx), not text symbols some fonts lack; their names stay. */
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const bob = makeUser({ userId: 'bob', accountId: 'bob', displayName: 'bob' });

describe('comment controls', () => {
  it('draw Like, Dislike and More actions as hidden icons beside the counts, under their names', async () => {
    server.use(...createCommentServiceHandlers({
      pages: [{ url: STORY_URL, comments: [makeComment({ commentId: '1', user: bob, text: 'hello', likeCount: 3, dislikeCount: 1, childrenTotal: 0 })] }],
    }).handlers);
    render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth={null} />);
    const article = await screen.findByRole('article', { name: 'Comment by bob' });
    const like = within(article).getByRole('button', { name: 'Like, 3' });
    const dislike = within(article).getByRole('button', { name: 'Dislike, 1' });
    const more = within(article).getByRole('button', { name: 'More actions for the comment by bob' });
    expect(like.textContent).toBe('3');
    expect(dislike.textContent).toBe('1');
    expect(more.textContent).toBe('');
    for (const [button, shape] of [[like, 'up'], [dislike, 'up'], [more, 'more']] as const) {
      const icon = button.querySelector(`.gfw-icon.gfw-icon-${shape}`);
      expect(icon, `${button.getAttribute('aria-label')} has its icon`).not.toBeNull();
      expect(icon?.getAttribute('aria-hidden')).toBe('true');
    }
    expect(article.textContent).not.toMatch(/[▲▼⋯×]/);
  });

  it('mark a verified author with a drawn check, named Verified for screen readers, not a ✓ character', async () => {
    const ann = makeUser({ userId: 'ann', accountId: 'ann', displayName: 'ann', isVerifiedAccount: true });
    server.use(...createCommentServiceHandlers({
      pages: [{ url: STORY_URL, comments: [makeComment({ commentId: '2', user: ann, text: 'hi', childrenTotal: 0 })] }],
    }).handlers);
    render(<Comments appId="guffaw" url={STORY_URL} host={STORY_HOST} auth={null} />);
    const article = await screen.findByRole('article', { name: 'Comment by ann' });
    const badge = article.querySelector('.gfw-badge-verified');
    expect(badge?.getAttribute('title')).toBe('Verified account');
    expect(badge?.textContent).toBe(' Verified');
    expect(article.textContent).not.toContain('✓');
  });
});
