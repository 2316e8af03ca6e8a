import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  createCommentServiceHandlers, type CommentEndpoint, type CommentServiceFake, type CommentServiceOptions,
} from '@guffaw/test-utils/comments';
import {
  createCommentsClient, type Comment, type CommentAppInfo, type CommentsClient, type CommentUserState,
} from '@guffaw/comments-client';

/**
 * Tests of the widget and of its hosts over the real client and the shared fake comment service (fake-service.ts):
 * a section of comments, the reader's state, and a record of what the widget asked the client for.
 */

export const SERVICE_HOST = 'https://comments.test';
/** The section's url unless a test names another. */
export const POST_URL = 'https://guffaw.example.com/gag/p1';

/** The address the reader's host shares with the service (email-notifications.json), unless `email` says otherwise. */
export const READER_EMAIL = 'reader@example.test';

export type ServiceOptions = {
  /** The section's comments, both levels (makeComment). */
  comments?: Comment[];
  /** The reader, signed in with the token "token"; absent or null: a visitor. */
  user?: CommentUserState | null;
  app?: Partial<CommentAppInfo>;
  lock?: boolean;
  status?: string;
  /** The section's url (default POST_URL). */
  url?: string;
} & Pick<CommentServiceOptions, 'replyFollow' | 'email' | 'latency' | 'ops' | 'settings'>;

/** The endpoint each client call the fake answers reaches. */
const ENDPOINT_OF = {
  listComments: 'comment-list.json', loadNext: 'comment-list.json', loadPrev: 'comment-list.json', addComment: 'add-comment.json',
  linkAttachment: 'link-attachment.json', uploadMedia: 'media.json', likeComment: 'like.json', deleteComment: 'comment.json',
  reportComment: 'report.json', getUser: 'user.json', getApp: 'app.json', opPin: 'op/pin', opHide: 'op/hide', adminPin: 'admin/pin',
  adminHide: 'admin/hide', adminUnhide: 'admin/unhide', adminMask: 'admin/mask', adminBan: 'admin/ban', adminUnban: 'admin/unban',
  adminUpdate: 'admin/update', followStatus: 'follow-thread-status.json', followThread: 'follow-thread.json',
  blockUser: 'user-block.json', unblockUser: 'user-block.json', emailNotifications: 'email-notifications.json',
  setEmailNotifications: 'email-notifications.json', moderationQueue: 'admin/queue.json', approveComment: 'admin/approve',
  rejectComment: 'admin/reject', banUser: 'admin/ban', listBans: 'admin/bans.json', moderationLog: 'admin/log.json',
} as const satisfies Partial<Record<keyof CommentsClient, CommentEndpoint>>;
type Method = keyof typeof ENDPOINT_OF;

export type ServiceClient = CommentsClient & {
  /** The fake service behind the client: its state, requests and failures. */
  fake: CommentServiceFake;
  /** The section's comments as the service holds them (mutable). */
  comments: Comment[];
  /** Every call the widget made of the client, in order. */
  calls: ReadonlyArray<{ method: Method; args: unknown[] }>;
  /** The arguments of each call of `method` the widget made, in order. */
  callsOf(method: Method): unknown[][];
  /** The next request of `method`'s endpoint fails with a comment-service error. */
  failNext(method: Method, code?: string, serverText?: string): void;
  /** Holds every request of `method`'s endpoint until the returned release function is called. */
  hold(method: Method): () => void;
};

/**
 * One MSW server for the test file (call at its top level): what it returns makes a real comments client against a
 * fresh fake service holding `options`' section and reader.
 */
export function setupCommentService(): (options?: ServiceOptions) => ServiceClient {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return (options = {}) => {
    const fake = install(options);
    server.use(...fake.handlers);
    return serviceClient(fake, options.url ?? POST_URL, Boolean(options.user));
  };
}

function install(options: ServiceOptions): CommentServiceFake {
  const { comments = [], user = null, app, lock = false, status = 'open', url = POST_URL, email, ...rest } = options;
  const fake = createCommentServiceHandlers({
    host: SERVICE_HOST,
    ...(app ? { app } : {}),
    email: { email: READER_EMAIL, ...email },
    ...(user ? { viewer: user.info, quota: user.quota } : {}),
    pages: [{ url, lock, status, comments }],
    ...rest,
  });
  if (user) {
    const { userId } = user.info;
    fake.state.likes.set(userId, { ...user.likeMapping });
    fake.state.commentedUrls.set(userId, new Set(user.commentedPostUrls));
    fake.state.reportedUrls.set(userId, new Set(user.reportedPostUrls));
    fake.state.blocks.set(userId, new Map((user.blocklist ?? []).map((b) => [b.accountId, b.name])));
    const { accountId, displayName, avatarUrl, banned, ban } = user.info;
    if (banned) {
      const bannedAt = new Date().toISOString();
      fake.state.banned.set(userId, { user: { userId, accountId, displayName, avatarUrl }, reason: ban?.reason ?? '', bannedAt, until: ban?.until ?? null, bannedBy: '' });
    }
  }
  return fake;
}

function serviceClient(fake: CommentServiceFake, url: string, signedIn: boolean): ServiceClient {
  const client = createCommentsClient({ host: SERVICE_HOST, appId: fake.state.app.appId, auth: signedIn ? 'token' : null });
  const calls: Array<{ method: Method; args: unknown[] }> = [];
  const extras = {
    fake,
    calls,
    get comments() {
      return fake.state.sections.get(url)?.comments ?? [];
    },
    callsOf: (method: Method) => calls.filter((c) => c.method === method).map((c) => c.args),
    failNext(method: Method, code = 'SERVER_ERROR', serverText = '') {
      fake.failures[ENDPOINT_OF[method]] = { code, error: serverText, once: true };
    },
    hold: (method: Method) => fake.hold(ENDPOINT_OF[method]),
  };
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key in extras) return Reflect.get(extras, key);
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string' || !(key in ENDPOINT_OF)) return value;
      return (...args: unknown[]) => {
        calls.push({ method: key as Method, args });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as ServiceClient;
}

