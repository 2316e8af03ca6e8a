import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider, syncLocation, type RouteDefinition } from '../router';
import { memberInfo } from '../test/fixtures';
import { guestInfo } from '../user/user-types';
import { userStore } from '../user/user-store';
import { PostCard } from './post-card';
import { DURATION_HIDE_MS } from './post-media';
import { postListStore } from './post-store';
import type { Post } from './post-types';
import { makePost } from './test-posts';
import { isMutedForViewer } from './visibility';

beforeEach(() => {
  postListStore.setState({ posts: {}, lists: {} });
  userStore.setState({ info: guestInfo(), fetchedAt: Date.now() });
  window.history.replaceState(null, '', '/');
  syncLocation();
});
afterEach(() => vi.useRealTimers());

const routes: RouteDefinition[] = [
  { name: 'home list', path: '/', component: () => null },
  { name: 'interest list', path: '/interest/:interest', component: () => null },
];

function show(post: Post) {
  postListStore.getState().putPost(post);
  return render(
    <RouterProvider routes={routes}>
      <PostCard id={post.id} />
    </RouterProvider>,
  );
}

describe('post card details', () => {
  it('shows a photo’s description, but not a text post’s twice nor a collection page’s', () => {
    show(makePost('d1', { description: 'A **bold** caption' }));
    expect(screen.getByText('A bold caption')).toBeInTheDocument();
    show(makePost('d2', { type: 'CollectionPage', description: 'Collection intro' }));
    expect(screen.queryByText('Collection intro')).not.toBeInTheDocument();
    show(makePost('d3', { type: 'Text', description: 'Just text', images: {} }));
    expect(screen.getAllByText('Just text')).toHaveLength(1);
  });

  it('links each tag to its canonical tag page and shows it with spaces (shell-and-account.md §5)', () => {
    show(makePost('t2', { tags: [{ key: 'funny-cats', url: '' }, { key: 'Star Wars', url: '' }] }));
    const tags = within(screen.getByRole('list', { name: 'Tags' }));
    expect(tags.getByRole('link', { name: 'funny cats' })).toHaveAttribute('href', '/tag/funny-cats');
    expect(tags.getByRole('link', { name: 'Star Wars' })).toHaveAttribute('href', '/tag/star-wars');
  });

  it('shows the interest badge on lists, not on interest lists', () => {
    const first = show(makePost('i1', { interests: ['work-life'] }));
    expect(screen.getByRole('link', { name: 'Work life' })).toHaveAttribute('href', '/interest/work-life');
    first.unmount();
    window.history.replaceState(null, '', '/interest/work-life');
    syncLocation();
    show(makePost('i2', { interests: ['work-life'] }));
    expect(screen.queryByRole('link', { name: 'Work life' })).not.toBeInTheDocument();
  });

  it('gives a clip with audio a sound toggle, and hides its duration 3 s after it starts playing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const clip = { url: '/m/c.mp4', width: 460, height: 260, hasAudio: true, duration: 75 };
    const { container } = show(makePost('v1', { type: 'Animated', images: { image460sv: clip } }));
    const video = container.querySelector('video');
    expect(video?.muted).toBe(true);
    const sound = screen.getByRole('button', { name: 'Turn sound on' });
    await user.click(sound);
    expect(screen.getByRole('button', { name: 'Turn sound off' })).toHaveAttribute('aria-pressed', 'true');
    expect(video?.muted).toBe(false);
    expect(screen.getByText('1:15')).toBeInTheDocument();
    fireEvent.play(video as HTMLVideoElement);
    await act(() => vi.advanceTimersByTimeAsync(DURATION_HIDE_MS - 100));
    expect(screen.getByText('1:15')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('1:15')).not.toBeInTheDocument();
  });

  it('drops a post on screen once its title has a muted word or it carries a blocked tag', () => {
    show(makePost('m1', { title: 'My cat at work', tags: [{ key: 'pets', url: '' }] }));
    show(makePost('m2', { title: 'Concatenate strings', tags: [{ key: 'code', url: '' }] }));
    act(() => userStore.setState({ info: { ...memberInfo(), muteList: ['CAT'] } }));
    expect(screen.queryByRole('heading', { name: 'My cat at work' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Concatenate strings' })).toBeInTheDocument();
    act(() => userStore.setState({ info: { ...memberInfo(), blockTags: ['code'] } }));
    expect(screen.getByRole('heading', { name: 'My cat at work' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Concatenate strings' })).not.toBeInTheDocument();
  });

  it('matches muted words as whole words, with regex characters taken literally', () => {
    const info = { muteList: ['c++', 'a.b'], blockTags: [] };
    expect(isMutedForViewer({ title: 'Learning c++ today', tags: [] }, info)).toBe(true);
    expect(isMutedForViewer({ title: 'axb', tags: [] }, info)).toBe(false);
    expect(isMutedForViewer({ title: 'Nothing here', tags: [] }, { muteList: [], blockTags: [] })).toBe(false);
  });
});
