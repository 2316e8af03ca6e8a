import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeComment, userState, setupCommentService } from '@guffaw/test-utils/widget';
import { MAIN_COMPOSER, replyComposerKey } from './composer-store.js';
import { listKey, threadKey } from './section-store.js';
import { createWidgetStores } from './widget-stores.js';

const serviceClient = setupCommentService();

const URL = 'https://guffaw.example.com/gag/p1';
const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'cat.png', { type: 'image/png' });

async function setup(options: Parameters<typeof serviceClient>[0] = {}, extra: { opToken?: string; appId?: string } = {}) {
  const client = serviceClient({ comments: [makeComment({ commentId: 'p', childrenTotal: 0 })], user: userState(), ...options });
  const followApi = { status: vi.fn(async () => false), set: vi.fn(async () => undefined) };
  const stores = createWidgetStores(client, { url: URL, followApi, opToken: extra.opToken });
  await stores.user.getState().load();
  await stores.section.getState().loadFirst(listKey('hot'));
  return { ...stores, client, followApi };
}

afterEach(() => vi.useRealTimers());

describe('composer store', () => {
  it('sends nothing when the text is blank and nothing is attached', async () => {
    const { client, composers } = await setup();
    composers.getState().setMessage(MAIN_COMPOSER, '   \n ');
    expect(await composers.getState().send(MAIN_COMPOSER)).toBe(false);
    expect(client.callsOf('addComment')).toHaveLength(0);
  });

  it('posts a top-level comment, puts it first, updates quota and clears the composer', async () => {
    const { client, composers, section, user } = await setup();
    composers.getState().setMessage(MAIN_COMPOSER, '  first!  ');
    expect(await composers.getState().send(MAIN_COMPOSER)).toBe(true);
    expect(client.callsOf('addComment')).toEqual([[{ url: URL, text: 'first!' }]]);
    const [id] = section.getState().lists['list:hot']!.ids;
    expect(section.getState().comments[id!]?.text).toBe('first!');
    expect(composers.getState().composers[MAIN_COMPOSER]?.message).toBe('');
    expect(user.getState().quota?.count).toBe(19);
  });

  it('sends a reply with its parent, raises the parent count, closes the composer and follows the thread', async () => {
    const { client, composers, section, followApi, toasts } = await setup();
    const key = replyComposerKey('p');
    composers.getState().open(key, { parent: 'p', reply: true, message: '@ada ' });
    composers.getState().setMessage(key, '@ada agreed');
    expect(await composers.getState().send(key)).toBe(true);
    expect(client.callsOf('addComment')[0]![0]).toMatchObject({ parent: 'p', replyThreadOnly: true, text: '@ada agreed' });
    expect(section.getState().comments.p?.childrenTotal).toBe(1);
    expect(section.getState().localReplies.p).toHaveLength(1);
    expect(composers.getState().composers[key]).toBeUndefined();
    await vi.waitFor(() => expect(followApi.set).toHaveBeenCalledWith('p', true));
    expect(toasts.getState().toasts.map((t) => t.message)).toContain('You will get notified when there are new replies.');
  });

  it('does not follow after a reply when autoFollowThreadReply is off, or when already followed', async () => {
    const off = await setup();
    off.settings.getState().setAutoFollowThreadReply(false);
    off.composers.getState().open('r', { parent: 'p', reply: true });
    off.composers.getState().setMessage('r', 'x');
    await off.composers.getState().send('r');
    expect(off.followApi.status).not.toHaveBeenCalled();

    const followed = await setup();
    followed.followApi.status.mockResolvedValue(true);
    followed.composers.getState().open('r', { parent: 'p', reply: true });
    followed.composers.getState().setMessage('r', 'x');
    await followed.composers.getState().send('r');
    await vi.waitFor(() => expect(followed.followApi.status).toHaveBeenCalled());
    expect(followed.followApi.set).not.toHaveBeenCalled();
  });

  it('adds the reply to an open thread instead of keeping it local', async () => {
    const { composers, section } = await setup();
    await section.getState().openThread('p');
    composers.getState().open('r', { parent: 'p', reply: true });
    composers.getState().setMessage('r', 'in thread');
    await composers.getState().send('r');
    expect(section.getState().lists[threadKey('p')]?.ids).toHaveLength(1);
    expect(section.getState().localReplies.p).toBeUndefined();
  });

  it('uploads an attachment with progress, then sends its token', async () => {
    const { client, composers } = await setup();
    await composers.getState().attach(MAIN_COMPOSER, PNG);
    const [draft] = composers.getState().composers[MAIN_COMPOSER]!.attachments;
    expect(draft).toMatchObject({ status: 'ready', progress: 1, name: 'cat.png' });
    await composers.getState().send(MAIN_COMPOSER);
    const [token] = client.fake.state.uploads.keys();
    expect(client.callsOf('addComment')[0]![0]).toMatchObject({ text: '', attachments: [{ type: 'userMedia', token }] });
    expect(composers.getState().composers[MAIN_COMPOSER]?.attachments).toEqual([]);
  });

  it('maps a refused upload to the notice of comments.md §8', async () => {
    const { client, composers } = await setup();
    client.failNext('uploadMedia', 'IMAGE_INVALID_SIZE');
    await composers.getState().attach(MAIN_COMPOSER, PNG);
    expect(composers.getState().composers[MAIN_COMPOSER]!.attachments[0]).toMatchObject({ status: 'failed', notice: 'Media size should be less than 10MB' });
    client.failNext('uploadMedia', 'IMAGE_INVALID_TYPE');
    await composers.getState().attach(MAIN_COMPOSER, PNG);
    expect(composers.getState().composers[MAIN_COMPOSER]!.attachments[1]!.notice).toBe('Unsupported type.');
  });

  it('shows the server text, or the default notice, when posting fails, and keeps the message', async () => {
    const { client, composers } = await setup();
    composers.getState().setMessage(MAIN_COMPOSER, 'hello');
    client.failNext('addComment', 'QUOTA', 'Slow down a little.');
    await composers.getState().send(MAIN_COMPOSER);
    expect(composers.getState().composers[MAIN_COMPOSER]).toMatchObject({ notice: 'Slow down a little.', message: 'hello', sending: false });
    client.failNext('addComment', 'SERVER_ERROR', '');
    await composers.getState().send(MAIN_COMPOSER);
    expect(composers.getState().composers[MAIN_COMPOSER]?.notice).toBe('Error occurred. Please try again later.');
  });

  it('refuses to send without quota, and in a locked section unless moderator', async () => {
    const empty = await setup({ user: userState(undefined, { quota: { count: 0, wait: 3600, expiry: 0 } }) });
    empty.composers.getState().setMessage(MAIN_COMPOSER, 'x');
    expect(await empty.composers.getState().send(MAIN_COMPOSER)).toBe(false);
    const locked = await setup({ lock: true });
    locked.composers.getState().setMessage(MAIN_COMPOSER, 'x');
    expect(await locked.composers.getState().send(MAIN_COMPOSER)).toBe(false);
    expect(locked.composers.getState().composers[MAIN_COMPOSER]?.notice).toBe('Comments are locked.');
    const moderator = await setup({ lock: true, user: userState(undefined, { moderate: true }) });
    moderator.composers.getState().setMessage(MAIN_COMPOSER, 'x');
    expect(await moderator.composers.getState().send(MAIN_COMPOSER)).toBe(true);
  });

  it('posts as anonymous OP with the opToken when chosen', async () => {
    const { client, composers } = await setup({}, { opToken: 'op-proof' });
    composers.getState().setMessage(MAIN_COMPOSER, 'from the OP');
    composers.getState().setAnonymous(MAIN_COMPOSER, true);
    await composers.getState().send(MAIN_COMPOSER);
    expect(client.callsOf('addComment')[0]![0]).toMatchObject({ opToken: 'op-proof' });
  });

  it('adds a link attachment for links in apps other than the main one', async () => {
    const main = await setup();
    main.composers.getState().setMessage(MAIN_COMPOSER, 'see https://news.example/a');
    await main.composers.getState().send(MAIN_COMPOSER);
    expect(main.client.callsOf('linkAttachment')).toHaveLength(0);

    const other = await setup({ app: { appId: 'blog' } });
    other.composers.getState().setMessage(MAIN_COMPOSER, 'see https://news.example/a.');
    await other.composers.getState().send(MAIN_COMPOSER);
    expect(other.client.callsOf('linkAttachment')).toEqual([['https://news.example/a.']]);
    const [token] = other.client.fake.state.uploads.keys();
    expect(other.client.callsOf('addComment')[0]![0]).toMatchObject({ attachments: [{ type: 'link', token }] });
  });
});

describe('settings store', () => {
  it('blocks with an Undo toast for 10 s; Undo unblocks with its own toast', async () => {
    vi.useFakeTimers();
    const client = serviceClient({ comments: [], user: userState() });
    const blockApi = { block: vi.fn(async () => undefined), unblock: vi.fn(async () => undefined) };
    const { settings, toasts } = createWidgetStores(client, { url: URL, blockApi });
    await settings.getState().block({ accountId: 'a-bob', name: 'bob' });
    expect(settings.getState().blocklistIds).toEqual(['a-bob']);
    const toast = toasts.getState().toasts[0]!;
    expect(toast.message).toBe('You’ve blocked @bob');
    expect(toast.action?.label).toBe('Undo');
    vi.advanceTimersByTime(9_999);
    expect(toasts.getState().toasts).toHaveLength(1);
    toast.action!.run();
    await vi.waitFor(() => expect(settings.getState().blocklistIds).toEqual([]));
    expect(blockApi.unblock).toHaveBeenCalledWith('a-bob');
    expect(toasts.getState().toasts.at(-1)?.message).toBe('You’ve unblocked @bob');
    await settings.getState().block({ accountId: 'a-cat', name: 'cat' });
    const undo = toasts.getState().toasts.at(-1)!;
    vi.advanceTimersByTime(10_000);
    expect(toasts.getState().toasts.find((t) => t.id === undo.id)).toBeUndefined();
    expect(settings.getState().autoFollowThreadReply).toBe(true);
  });
});
