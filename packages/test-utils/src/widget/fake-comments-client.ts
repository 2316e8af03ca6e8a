import type {
  AddCommentParams, Attachment, Comment, CommentAppInfo, CommentPage, CommentsClient, CommentUserState, EmailMode, EmailNotificationSettings,
  ListParams, Quota,
} from '@guffaw/comments-client';
import { appInfo, makeComment, NOW_S } from './fixtures.js';

/**
 * An in-memory comment service behind the CommentsClient interface, for widget unit tests, stories and the render
 * benchmark. It keeps comments, pages them with offset cursors like the real service, and records every call.
 */
export type FakeCall = { method: keyof CommentsClient; args: unknown[] };

export type FakeOptions = {
  comments?: Comment[];
  user?: CommentUserState | null;
  app?: Partial<CommentAppInfo>;
  lock?: boolean;
  status?: string;
  /** ms each call waits before answering (default 0). */
  delay?: number;
  /**
   * What the service says about following after a reply (the main app applies the account's autoFollowThreadReply):
   * `threadFollowed` and `autoFollowed` of the add-comment reply. Absent: the reply says nothing (other apps).
   */
  replyFollow?: { followed: boolean; started: boolean };
  pageSize?: number;
  /** The reader's email notification setting (email-notifications.json); default immediately, to reader@example.test. */
  email?: Partial<EmailNotificationSettings>;
};

class FakeApiError extends Error {
  override readonly name = 'CommentsApiError';
  constructor(readonly code: string, readonly serverText: string) {
    super(serverText || code);
  }
}

export type FakeCommentsClient = CommentsClient & {
  calls: FakeCall[];
  comments: Comment[];
  lock: boolean;
  /** Makes the next call of `method` fail with a comment-service error. */
  failNext(method: keyof CommentsClient, code?: string, serverText?: string): void;
  /** Holds every call of `method` until the returned release function is called. */
  hold(method: keyof CommentsClient): () => void;
  callsOf(method: keyof CommentsClient): unknown[][];
};

export function createFakeCommentsClient(options: FakeOptions = {}): FakeCommentsClient {
  const comments = [...(options.comments ?? [])];
  let auth: string | null = options.user === null || options.user === undefined ? null : 'token';
  const user = options.user ?? null;
  const pageSize = options.pageSize ?? 10;
  const failures = new Map<string, FakeApiError>();
  const holds = new Map<string, Promise<void>>();
  let counter = 1000;
  const state = { lock: options.lock ?? false, status: options.status ?? 'open' };
  /** Threads followed through followThread (apps other than the main one). */
  const follows = new Set<string>();
  const email: EmailNotificationSettings = { mode: 'immediately', email: 'reader@example.test', ...options.email };

  const fake = {} as FakeCommentsClient;
  const answer = async <T>(method: keyof CommentsClient, args: unknown[], run: () => T): Promise<T> => {
    fake.calls.push({ method, args });
    if (options.delay) await new Promise((r) => setTimeout(r, options.delay));
    const held = holds.get(method);
    if (held) await held;
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      throw failure;
    }
    // Copies, as over the wire: the widget must never share objects with the service.
    return structuredClone(run());
  };
  const find = (id: string) => comments.find((c) => c.commentId === id);
  const visible = (c: Comment) => !c.isHidden || user?.info.moderate === true;

  const sorted = (p: ListParams): Comment[] => {
    if (p.commentId) {
      const anchor = find(p.commentId);
      const threadId = anchor?.threadId ?? p.commentId;
      return comments.filter((c) => c.level === 2 && c.threadId === threadId && visible(c)).sort((a, b) => a.timestamp - b.timestamp);
    }
    const top = comments.filter((c) => c.level === 1 && visible(c));
    const order = p.type === 'old'
      ? top.sort((a, b) => a.timestamp - b.timestamp)
      : p.type === 'new'
        ? top.sort((a, b) => b.timestamp - a.timestamp)
        : top.sort((a, b) => b.likeCount - b.dislikeCount - (a.likeCount - a.dislikeCount) || b.timestamp - a.timestamp);
    return order.sort((a, b) => b.isPinned - a.isPinned);
  };

  const page = (p: ListParams): CommentPage => {
    const all = sorted(p);
    const count = p.count ?? pageSize;
    const start = p.next ? Number(p.next) : p.prev ? Math.max(0, Number(p.prev) - count) : 0;
    const slice = p.refresh ? [] : all.slice(start, start + count);
    return {
      url: p.url,
      status: state.status,
      lock: state.lock,
      // As the service counts: the comments people can see (not deleted, not hidden).
      total: comments.filter((c) => !c.isDeleted && !c.isHidden).length,
      comments: slice,
      prev: start > 0 ? String(start) : null,
      next: start + count < all.length ? String(start + count) : null,
      refresh: 'r',
      parent: p.commentId ? find(find(p.commentId)?.threadId ?? p.commentId) ?? null : null,
      level: p.commentId ? 2 : 1,
    };
  };

  const quota: Quota = user?.quota ?? { count: 20, wait: 0, expiry: NOW_S + 3600 };

  Object.assign(fake, {
    appId: options.app?.appId ?? 'guffaw',
    calls: [] as FakeCall[],
    comments,
    get lock() {
      return state.lock;
    },
    set lock(value: boolean) {
      state.lock = value;
    },
    failNext(method: keyof CommentsClient, code = 'SERVER_ERROR', serverText = '') {
      failures.set(method, new FakeApiError(code, serverText));
    },
    hold(method: keyof CommentsClient) {
      let release!: () => void;
      holds.set(method, new Promise<void>((r) => (release = r)));
      return () => {
        holds.delete(method);
        release();
      };
    },
    callsOf(method: keyof CommentsClient) {
      return fake.calls.filter((c) => c.method === method).map((c) => c.args);
    },
    setAuth(next: string | null) {
      auth = next;
    },
    isLoggedIn: () => auth !== null,
    listComments: (p: ListParams) => answer('listComments', [p], () => page(p)),
    loadNext: (p: ListParams, from: { next: string | null }) => answer('loadNext', [p], () => page({ ...p, next: from.next ?? '0' })),
    loadPrev: (p: ListParams, from: { prev: string | null }) => answer('loadPrev', [p], () => page({ ...p, prev: from.prev ?? '0' })),
    addComment: (p: AddCommentParams) => answer('addComment', [p], () => {
      if (!auth || !user) throw new FakeApiError('LOGIN_REQUIRED', 'You must be logged in');
      const parent = p.parent ? find(p.parent) : undefined;
      const comment = makeComment({
        commentId: `n${++counter}`,
        text: p.text,
        user: user.info,
        level: parent ? 2 : 1,
        parent: parent ? parent.threadId : null,
        threadId: parent ? parent.threadId : `n${counter}`,
        timestamp: Math.floor(Date.now() / 1000),
        opStatus: p.opToken ? 2 : 0,
      });
      comments.push(comment);
      if (parent) parent.childrenTotal += 1;
      quota.count = Math.max(0, quota.count - 1);
      const follow = parent && options.replyFollow ? { threadFollowed: options.replyFollow.followed, autoFollowed: options.replyFollow.started } : {};
      return { comment, postId: p.url, quota: { ...quota }, total: comments.filter((c) => !c.isDeleted && !c.isHidden).length, wpTraceId: 'wp', ...follow };
    }),
    linkAttachment: (url: string) => answer('linkAttachment', [url], (): Attachment => ({
      type: 'link', token: `link-${url}`, link: { url, title: 'A link', description: '', imageUrl: '', siteName: new URL(url).hostname },
    })),
    uploadMedia: (source: Blob, o: { onProgress?: (f: number) => void } = {}) => answer('uploadMedia', [source], (): Attachment => {
      o.onProgress?.(0.5);
      o.onProgress?.(1);
      return { type: 'userMedia', token: 'media-1', media: { type: 'static', image: { url: 'https://cdn.example.com/u.png', width: 100, height: 100 } } };
    }),
    likeComment: (id: string, value: number, url: string) => answer('likeComment', [id, value, url], () => undefined),
    deleteComment: (id: string, url: string) => answer('deleteComment', [id, url], () => {
      const index = comments.findIndex((c) => c.commentId === id);
      if (index >= 0) comments.splice(index, 1);
    }),
    reportComment: (id: string, url: string, data: unknown) => answer('reportComment', [id, url, data], () => undefined),
    getUser: () => answer('getUser', [], () => {
      if (!auth || !user) throw new FakeApiError('LOGIN_REQUIRED', 'You must be logged in');
      return user;
    }),
    getApp: () => answer('getApp', [], () => appInfo(options.app)),
    opPin: (id: string, url: string, pinned: boolean) => answer('opPin', [id, url, pinned], () => pin(id, pinned)),
    adminPin: (id: string, url: string, pinned: boolean) => answer('adminPin', [id, url, pinned], () => pin(id, pinned)),
    opHide: (id: string, url: string) => answer('opHide', [id, url], () => void Object.assign(find(id) ?? {}, { isHidden: true })),
    adminHide: (id: string, url: string) => answer('adminHide', [id, url], () => void Object.assign(find(id) ?? {}, { isHidden: true })),
    adminUnhide: (id: string, url: string) => answer('adminUnhide', [id, url], () => void Object.assign(find(id) ?? {}, { isHidden: false })),
    adminMask: (id: string, url: string, sensitive: boolean) => answer('adminMask', [id, url, sensitive], () => void Object.assign(find(id) ?? {}, { isSensitive: sensitive })),
    adminBan: (userId: string) => answer('adminBan', [userId], () => undefined),
    adminUnban: (userId: string) => answer('adminUnban', [userId], () => undefined),
    adminUpdate: (url: string, update: { lock?: boolean; status?: string }) => answer('adminUpdate', [url, update], () => {
      if (update.lock !== undefined) state.lock = update.lock;
      if (update.status !== undefined) state.status = update.status;
    }),
    followStatus: (threadId: string) => answer('followStatus', [threadId], () => follows.has(threadId)),
    followThread: (threadId: string, follow: boolean) => answer('followThread', [threadId, follow], () => void (follow ? follows.add(threadId) : follows.delete(threadId))),
    blockUser: (accountId: string) => answer('blockUser', [accountId], () => undefined),
    unblockUser: (accountId: string) => answer('unblockUser', [accountId], () => undefined),
    emailNotifications: () => answer('emailNotifications', [], () => {
      if (!auth) throw new FakeApiError('LOGIN_REQUIRED', 'You must be logged in');
      return email;
    }),
    setEmailNotifications: (mode: EmailMode) => answer('setEmailNotifications', [mode], () => {
      if (!auth) throw new FakeApiError('LOGIN_REQUIRED', 'You must be logged in');
      email.mode = mode;
      return email;
    }),
    invalidate: () => undefined,
  });

  function pin(id: string, pinned: boolean): string[] {
    for (const c of comments) if (c.commentId === id) c.isPinned = pinned ? 1 : 0;
    return comments.filter((c) => c.isPinned === 1).map((c) => c.commentId);
  }
  return fake;
}
