import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type {
  Attachment, AttachmentRef, Comment, CommentAppInfo, CommentPage, CommentUserInfo, CommentUserState, LikeValue, Quota,
} from '@guffaw/comments-client';
import { makeApp, makeMediaItem, makeQuota, makeUserInfo } from './fixtures.js';

/**
 * An in-memory comment service behind MSW handlers, for Vitest and Storybook: lists with sorts, cursors and threads,
 * add, like, delete, report, user, app, OP and moderator calls, media upload and link attachments. It follows the
 * wire contract of comments-client (envelope, parameter names of comments.md §7) and the main rules of §4-§6, so
 * components can be exercised end to end; the real rules live in the server and its contract test.
 */

export const COMMENT_ENDPOINTS = [
  'comment-list.json', 'add-comment.json', 'link-attachment.json', 'media.json', 'like.json', 'comment.json',
  'report.json', 'user.json', 'app.json', 'op/pin', 'op/hide', 'admin/ban', 'admin/unban', 'admin/mask', 'admin/hide',
  'admin/unhide', 'admin/pin', 'admin/update', 'follow-thread-status.json', 'follow-thread.json', 'user-block.json',
  'wp.json',
] as const;
export type CommentEndpoint = (typeof COMMENT_ENDPOINTS)[number];

export type FakeFailure = { code: string; error?: string; status?: number };

export type CommentServiceOptions = {
  /** Origin the handlers answer on, e.g. https://comments.test (default: any origin). */
  host?: string;
  app?: Partial<CommentAppInfo>;
  /** Initial sections: each page's url, lock, status and comments of both levels (makePage, makeComment). */
  pages?: Array<Partial<CommentPage> & { url: string }>;
  /** auth token -> user. Without it, any non-empty auth is `viewer`. */
  users?: Record<string, CommentUserInfo>;
  /** The user behind any auth token when `users` is not given (default: a member, userId "viewer"). */
  viewer?: CommentUserInfo;
  /** url -> userId of the original poster of that post (may use op/pin, op/hide). */
  ops?: Record<string, string>;
  /** Starting quota of every user (default count 10). */
  quota?: Quota;
  /** Each reply waits this long, in ms (Storybook: loading states). */
  latency?: number;
  /** Calls that fail with the given code (and text, and HTTP status, default 400) until removed from the object. */
  failures?: Partial<Record<CommentEndpoint, FakeFailure>>;
};

export type RecordedCall = {
  endpoint: CommentEndpoint;
  method: string;
  version: string;
  params: Record<string, string>;
  headers: Record<string, string>;
};

export type FakeSection = { url: string; lock: boolean; status: string; comments: Comment[] };

export type FakeCommentState = {
  app: CommentAppInfo;
  sections: Map<string, FakeSection>;
  /** userId -> commentId -> vote. */
  likes: Map<string, Record<string, LikeValue>>;
  quotas: Map<string, Quota>;
  reports: Array<{ userId: string; commentId: string; url: string; data: unknown }>;
  commentedUrls: Map<string, Set<string>>;
  reportedUrls: Map<string, Set<string>>;
  uploads: Map<string, Attachment>;
  banned: Set<string>;
  ops: Map<string, string>;
  /** Apps other than the main one: userId -> followed thread ids; userId -> blocked accountId -> name. */
  follows: Map<string, Set<string>>;
  blocks: Map<string, Map<string, string>>;
};

export type CommentServiceFake = {
  handlers: HttpHandler[];
  state: FakeCommentState;
  /** Every request received, in order. */
  calls: RecordedCall[];
  callsTo(endpoint: CommentEndpoint): RecordedCall[];
  /** The options' failures, mutable: set or delete entries while a test runs. */
  failures: Partial<Record<CommentEndpoint, FakeFailure>>;
};

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const MAX_UPLOAD_BYTES = 10_485_760;
const MEDIA_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'video/mp4', 'video/webm'];
const encodeCursor = (value: object) => btoa(JSON.stringify(value));
const truthy = (v: string | undefined) => v === 'true' || v === '1';
const nowSeconds = () => Math.floor(Date.now() / 1000);

function decodeCursor(cursor: string): { o?: number; t?: number } {
  try {
    const value = JSON.parse(atob(cursor)) as { o?: unknown; t?: unknown };
    if (typeof value === 'object' && value !== null && (typeof value.o === 'number' || typeof value.t === 'number')) return value as { o?: number; t?: number };
  } catch {
    // falls through to the error below
  }
  throw new FakeError(400, 'INVALID_CURSOR', 'The cursor is invalid');
}

const hotScore = (c: Comment) => c.likeCount - c.dislikeCount + c.childrenTotal;
const sorters: Record<string, (a: Comment, b: Comment) => number> = {
  hot: (a, b) => hotScore(b) - hotScore(a) || b.timestamp - a.timestamp,
  new: (a, b) => b.timestamp - a.timestamp,
  old: (a, b) => a.timestamp - b.timestamp,
};

export function createCommentServiceHandlers(options: CommentServiceOptions = {}): CommentServiceFake {
  const state: FakeCommentState = {
    app: makeApp(options.app),
    sections: new Map(),
    likes: new Map(),
    quotas: new Map(),
    reports: [],
    commentedUrls: new Map(),
    reportedUrls: new Map(),
    uploads: new Map(),
    banned: new Set(),
    ops: new Map(Object.entries(options.ops ?? {})),
    follows: new Map(),
    blocks: new Map(),
  };
  for (const page of options.pages ?? []) {
    state.sections.set(page.url, {
      url: page.url,
      lock: page.lock ?? false,
      status: page.status ?? 'open',
      comments: (page.comments ?? []).map((c) => ({ ...c })),
    });
  }
  for (const user of Object.values(options.users ?? {})) if (user.banned) state.banned.add(user.userId);
  const failures = options.failures ?? {};
  const calls: RecordedCall[] = [];
  const defaultViewer = options.viewer ?? makeUserInfo({ userId: 'viewer', accountId: 'viewer', displayName: 'you' });
  let counter = 0;

  const section = (url: string | undefined): FakeSection => {
    if (!url) throw new FakeError(400, 'INVALID_INPUT', 'url is required');
    let found = state.sections.get(url);
    if (!found) {
      found = { url, lock: false, status: 'open', comments: [] };
      state.sections.set(url, found);
    }
    return found;
  };
  const viewerOf = (auth: string | undefined): CommentUserInfo | null => {
    if (!auth) return null;
    const user = options.users ? options.users[auth] : defaultViewer;
    if (!user) throw new FakeError(401, 'AUTH_INVALID', 'Your session has expired. Please log in again.');
    return { ...user, banned: state.banned.has(user.userId) };
  };
  const member = (auth: string | undefined): CommentUserInfo => {
    const user = viewerOf(auth);
    if (!user) throw new FakeError(401, 'LOGIN_REQUIRED', 'You must be logged in');
    return user;
  };
  const moderator = (auth: string | undefined): CommentUserInfo => {
    const user = member(auth);
    if (!user.moderate) throw new FakeError(403, 'FORBIDDEN', 'Only moderators can do this');
    return user;
  };
  const quotaOf = (userId: string): Quota => {
    let quota = state.quotas.get(userId);
    if (!quota) {
      quota = { ...(options.quota ?? makeQuota()) };
      state.quotas.set(userId, quota);
    }
    return quota;
  };
  const findComment = (s: FakeSection, commentId: string | undefined): Comment => {
    const found = s.comments.find((c) => c.commentId === commentId);
    if (!found) throw new FakeError(404, 'COMMENT_NOT_FOUND', 'The comment does not exist');
    return found;
  };
  const findAnywhere = (commentId: string | undefined): [FakeSection, Comment] => {
    for (const s of state.sections.values()) {
      const found = s.comments.find((c) => c.commentId === commentId);
      if (found) return [s, found];
    }
    throw new FakeError(404, 'COMMENT_NOT_FOUND', 'The comment does not exist');
  };
  const addTo = <T>(map: Map<string, Set<T>>, key: string, value: T) => {
    const set = map.get(key) ?? new Set<T>();
    set.add(value);
    map.set(key, set);
  };
  const pinnedIds = (s: FakeSection) => s.comments.filter((c) => c.isPinned === 1).map((c) => c.commentId);
  const setPinned = (s: FakeSection, commentId: string | undefined, pinned: boolean) => {
    findComment(s, commentId).isPinned = pinned ? 1 : 0;
    return { pinned: pinnedIds(s) };
  };

  function list(p: Record<string, string>): CommentPage {
    const viewer = viewerOf(p.auth);
    const s = section(p.url);
    const type = p.type ?? 'new';
    const sort = sorters[type];
    if (!sort) throw new FakeError(400, 'INVALID_INPUT', 'type must be hot, new or old');
    const count = Math.min(50, Math.max(1, Number(p.count ?? 10) || 10));
    const blocked = viewer ? state.blocks.get(viewer.userId) : undefined;
    const visible = s.comments.filter((c) => (!c.isHidden || viewer?.moderate) && !(blocked?.has(c.user.accountId) && c.opStatus !== 2));
    const level = p.level === '2' ? 2 : 1;
    let items: Comment[];
    let parent: Comment | null = null;
    let offset = 0;
    if (p.commentId !== undefined && level === 2) {
      const anchor = findComment(s, p.commentId);
      parent = s.comments.find((c) => c.commentId === anchor.threadId) ?? null;
      items = visible.filter((c) => c.level === 2 && c.threadId === anchor.threadId).sort(sorters.old);
      const at = items.indexOf(anchor);
      offset = at > 0 ? Math.max(0, at - Math.floor(count / 2)) : 0;
    } else {
      items = visible.filter((c) => c.level === 1).sort((a, b) => b.isPinned - a.isPinned || sort(a, b));
    }
    const newest = Math.max(0, ...s.comments.map((c) => c.timestamp));
    const base = { url: s.url, status: s.status, lock: s.lock, total: s.comments.filter((c) => !c.isDeleted).length, parent, level } as const;
    if (p.refresh) {
      const since = decodeCursor(p.refresh).t ?? 0;
      const fresh = items.filter((c) => c.timestamp > since);
      return { ...base, comments: fresh, prev: null, next: null, refresh: encodeCursor({ t: newest }) };
    }
    if (p.next) offset = decodeCursor(p.next).o ?? 0;
    else if (p.prev) offset = decodeCursor(p.prev).o ?? 0;
    const comments = items.slice(offset, offset + count);
    return {
      ...base,
      comments,
      next: offset + count < items.length ? encodeCursor({ o: offset + count }) : null,
      prev: offset > 0 ? encodeCursor({ o: Math.max(0, offset - count) }) : null,
      refresh: encodeCursor({ t: newest }),
    };
  }

  function addComment(p: Record<string, string>) {
    const user = member(p.auth);
    if (state.banned.has(user.userId)) throw new FakeError(403, 'USER_BANNED', 'You are banned from commenting');
    const s = section(p.url);
    if (s.lock && !user.moderate) throw new FakeError(403, 'SECTION_LOCKED', 'Comments are locked');
    let refs: AttachmentRef[] = [];
    try {
      refs = p.attachments ? (JSON.parse(p.attachments) as AttachmentRef[]) : [];
    } catch {
      throw new FakeError(400, 'INVALID_INPUT', 'attachments must be JSON');
    }
    const attachments = refs.map((ref) => {
      const found = state.uploads.get(ref.token);
      if (!found) throw new FakeError(400, 'ATTACHMENT_INVALID', 'The attachment has expired. Please add it again.');
      return found;
    });
    const text = (p.text ?? '').trim();
    if (!text && attachments.length === 0) throw new FakeError(400, 'COMMENT_EMPTY', 'Write something or add media');
    if (text.length > state.app.maxMessageLength) {
      throw new FakeError(400, 'TEXT_TOO_LONG', `Comments can be at most ${state.app.maxMessageLength} characters`);
    }
    const quota = quotaOf(user.userId);
    if (quota.count <= 0) throw new FakeError(429, 'QUOTA_EXCEEDED', 'You have reached your comment limit');
    const parent = p.parent ? findComment(s, p.parent) : null;
    const top = parent ? findComment(s, parent.threadId) : null;
    const commentId = `fake-${++counter}`;
    const media = attachments.flatMap((a) => (a.type === 'userMedia' ? [a.media] : []));
    const comment: Comment = {
      commentId,
      text,
      mediaText: '',
      user,
      type: media.length > 0 ? 'userMedia' : 'text',
      level: parent ? 2 : 1,
      media,
      links: attachments.flatMap((a) => (a.type === 'link' ? [a.link] : [])),
      mentionMapping: {},
      parent: parent?.commentId ?? null,
      permalink: `${s.url}#cs_comment_id=${commentId}`,
      threadId: top?.commentId ?? commentId,
      timestamp: nowSeconds(),
      isVoteMasked: false,
      likeCount: 0,
      dislikeCount: 0,
      isPinned: 0,
      childrenTotal: 0,
      childrenUrl: '',
      isCollapsed: false,
      isDeleted: false,
      isSensitive: false,
      isOffensive: false,
      isHidden: false,
      opStatus: p.opToken ? 2 : state.ops.get(s.url) === user.userId ? 1 : 0,
    };
    s.comments.push(comment);
    if (top) top.childrenTotal += 1;
    quota.count -= 1;
    addTo(state.commentedUrls, user.userId, s.url);
    return { comment, postId: s.url, quota: { ...quota }, total: s.comments.filter((c) => !c.isDeleted).length, wpTraceId: `trace-${counter}` };
  }

  function like(p: Record<string, string>) {
    const user = member(p.auth);
    const value = Number(p.value);
    if (value !== 1 && value !== -1 && value !== 0) throw new FakeError(400, 'INVALID_INPUT', 'value must be 1, -1 or 0');
    const [, comment] = findAnywhere(p.commentId);
    const votes = state.likes.get(user.userId) ?? {};
    const previous = votes[comment.commentId] ?? 0;
    if (previous === 1) comment.likeCount = Math.max(0, comment.likeCount - 1);
    if (previous === -1) comment.dislikeCount = Math.max(0, comment.dislikeCount - 1);
    if (value === 1) comment.likeCount += 1;
    if (value === -1) comment.dislikeCount += 1;
    votes[comment.commentId] = value;
    state.likes.set(user.userId, votes);
    return {};
  }

  function remove(p: Record<string, string>) {
    const user = member(p.auth);
    if (p._method !== 'DELETE') throw new FakeError(400, 'INVALID_INPUT', '_method must be DELETE');
    const s = section(p.url);
    const comment = findComment(s, p.id);
    if (comment.user.userId !== user.userId && !user.moderate) throw new FakeError(403, 'FORBIDDEN', 'You can only delete your own comments');
    // comments.md §4: a comment with replies is kept as deleted.
    if (comment.childrenTotal > 0) Object.assign(comment, { isDeleted: true, text: '', media: [], links: [] });
    else s.comments.splice(s.comments.indexOf(comment), 1);
    if (comment.level === 2) {
      const top = s.comments.find((c) => c.commentId === comment.threadId);
      if (top) top.childrenTotal = Math.max(0, top.childrenTotal - 1);
    }
    return {};
  }

  function report(p: Record<string, string>) {
    const user = member(p.auth);
    const s = section(p.url);
    findComment(s, p.commentId);
    let data: unknown;
    try {
      data = JSON.parse(p.userReportData ?? '');
    } catch {
      throw new FakeError(400, 'INVALID_INPUT', 'userReportData must be JSON');
    }
    state.reports.push({ userId: user.userId, commentId: p.commentId ?? '', url: s.url, data });
    addTo(state.reportedUrls, user.userId, s.url);
    return {};
  }

  function userState(p: Record<string, string>): CommentUserState {
    const user = member(p.auth);
    return {
      info: user,
      commentedPostUrls: [...(state.commentedUrls.get(user.userId) ?? [])],
      reportedPostUrls: [...(state.reportedUrls.get(user.userId) ?? [])],
      likeMapping: { ...(state.likes.get(user.userId) ?? {}) },
      quota: { ...quotaOf(user.userId) },
      ...(state.app.appId === 'guffaw' ? {} : { blocklist: [...(state.blocks.get(user.userId) ?? [])].map(([accountId, name]) => ({ accountId, name })) }),
    };
  }

  /** Follows and blocks of other apps' members (the main app's go through the main API). */
  const appMember = (p: Record<string, string>): CommentUserInfo => {
    const user = member(p.auth);
    if (state.app.appId === 'guffaw') throw new FakeError(400, 'USE_MAIN_API', 'Members of the main site follow threads and block users through the main API.');
    return user;
  };
  const followThread = (p: Record<string, string>) => {
    const user = appMember(p);
    const follow = truthy(p.follow);
    if (follow) {
      if (user.banned) throw new FakeError(403, 'USER_BANNED', 'You are banned from commenting here.');
      const c = [...state.sections.values()].flatMap((x) => x.comments).find((x) => x.commentId === p.threadId);
      if (c?.level !== 1) throw new FakeError(404, 'THREAD_NOT_FOUND', 'This comment thread does not exist.');
      addTo(state.follows, user.userId, c.commentId);
    } else state.follows.get(user.userId)?.delete(p.threadId ?? '');
    return { threadId: p.threadId, followed: follow };
  };
  const blockUser = (p: Record<string, string>) => {
    const user = appMember(p);
    const accountId = p.accountId ?? '';
    if (accountId === user.accountId) throw new FakeError(400, 'CANNOT_BLOCK_SELF', 'You cannot block yourself.');
    const blocked = p._method?.toUpperCase() !== 'DELETE';
    const mine = state.blocks.get(user.userId) ?? new Map<string, string>();
    state.blocks.set(user.userId, mine);
    if (!blocked) mine.delete(accountId);
    else {
      const author = [...state.sections.values()].flatMap((s) => s.comments).find((c) => c.user.accountId === accountId);
      if (!author) throw new FakeError(404, 'USER_NOT_FOUND', 'This user does not exist.');
      mine.set(accountId, author.user.displayName);
    }
    return { accountId, blocked };
  };

  function upload(p: Record<string, string>, files: Record<string, Blob>): Attachment {
    member(p.auth);
    const token = `upload-${++counter}`;
    const blob = files.blob;
    let attachment: Attachment;
    if (blob) {
      if (!MEDIA_TYPES.includes(blob.type)) throw new FakeError(400, 'IMAGE_INVALID_TYPE', '');
      if (blob.size > MAX_UPLOAD_BYTES) throw new FakeError(400, 'IMAGE_INVALID_SIZE', '');
      const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : makeMediaItem().image.url;
      const animated = blob.type.startsWith('video/') || blob.type === 'image/gif';
      const item = makeMediaItem();
      attachment = { type: 'userMedia', token, media: animated ? { ...item, type: 'animated', animated: { url, type: 'video/mp4', width: 400, height: 300 } } : { ...item, image: { url, width: 400, height: 300 } } };
    } else if (p.url && /^https?:\/\//.test(p.url)) {
      attachment = { type: 'userMedia', token, media: makeMediaItem({ image: { url: p.url, width: 400, height: 300 } }) };
    } else {
      throw new FakeError(400, 'INVALID_INPUT', 'blob or url is required');
    }
    state.uploads.set(token, attachment);
    return attachment;
  }

  function linkAttachment(p: Record<string, string>): Attachment {
    member(p.auth);
    let url: URL;
    try {
      url = new URL(p.url ?? '');
    } catch {
      throw new FakeError(400, 'INVALID_URL', 'The link is invalid');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FakeError(400, 'INVALID_URL', 'The link is invalid');
    const attachment: Attachment = {
      type: 'link',
      token: `link-${++counter}`,
      link: { url: url.href, title: url.hostname, description: '', imageUrl: '', siteName: url.hostname },
    };
    state.uploads.set(attachment.token, attachment);
    return attachment;
  }

  const opOrModerator = (p: Record<string, string>) => {
    const user = member(p.auth);
    if (!user.moderate && state.ops.get(p.url ?? '') !== user.userId) throw new FakeError(403, 'FORBIDDEN', 'Only the original poster can do this');
  };
  const banned = (p: Record<string, string>, value: boolean) => {
    moderator(p.auth);
    if (!p.userId) throw new FakeError(400, 'INVALID_INPUT', 'userId is required');
    if (value) state.banned.add(p.userId);
    else state.banned.delete(p.userId);
    return {};
  };

  const answer: Record<CommentEndpoint, (p: Record<string, string>, files: Record<string, Blob>) => unknown> = {
    'comment-list.json': list,
    'add-comment.json': addComment,
    'link-attachment.json': linkAttachment,
    'media.json': upload,
    'like.json': like,
    'comment.json': remove,
    'report.json': report,
    'user.json': userState,
    'app.json': (p) => {
      if (p.id !== state.app.appId) throw new FakeError(404, 'APP_NOT_FOUND', 'This app does not exist');
      return state.app;
    },
    'op/pin': (p) => (opOrModerator(p), setPinned(section(p.url), p.commentId, truthy(p.pinned))),
    'op/hide': (p) => (opOrModerator(p), (findComment(section(p.url), p.commentId).isHidden = true), {}),
    'admin/ban': (p) => banned(p, true),
    'admin/unban': (p) => banned(p, false),
    'admin/mask': (p) => (moderator(p.auth), (findComment(section(p.url), p.commentId).isSensitive = truthy(p.sensitive)), {}),
    'admin/hide': (p) => (moderator(p.auth), (findComment(section(p.url), p.commentId).isHidden = true), {}),
    'admin/unhide': (p) => (moderator(p.auth), (findComment(section(p.url), p.commentId).isHidden = false), {}),
    'admin/pin': (p) => (moderator(p.auth), setPinned(section(p.url), p.commentId, truthy(p.pinned))),
    'follow-thread-status.json': (p) => ({ threadId: p.threadId, followed: state.follows.get(appMember(p).userId)?.has(p.threadId ?? '') === true }),
    'follow-thread.json': followThread,
    'user-block.json': blockUser,
    // The fake asks no proof of work (the real service's is tested on the server and in comments-client's proof test).
    'wp.json': (p) => (member(p.auth), { wp: null }),
    'admin/update': (p) => {
      moderator(p.auth);
      const s = section(p.url);
      if (p.lock !== undefined) s.lock = truthy(p.lock);
      if (p.status !== undefined) s.status = p.status;
      return {};
    },
  };

  async function handle(endpoint: CommentEndpoint, request: Request, version: string) {
    const params: Record<string, string> = Object.fromEntries(new URL(request.url).searchParams);
    const files: Record<string, Blob> = {};
    if (request.method !== 'GET') {
      const type = request.headers.get('content-type') ?? '';
      if (type.includes('multipart/form-data')) {
        for (const [name, value] of await request.formData()) {
          if (typeof value === 'string') params[name] = value;
          else files[name] = value;
        }
      } else {
        for (const [name, value] of new URLSearchParams(await request.text())) params[name] = value;
      }
    }
    calls.push({ endpoint, method: request.method, version, params, headers: Object.fromEntries(request.headers) });
    if (options.latency) await delay(options.latency);
    try {
      const failure = failures[endpoint];
      if (failure) throw new FakeError(failure.status ?? 400, failure.code, failure.error ?? '');
      if (params.appId !== state.app.appId) throw new FakeError(404, 'APP_NOT_FOUND', 'This app does not exist');
      return HttpResponse.json({ status: 'OK', payload: answer[endpoint](params, files) });
    } catch (e) {
      if (!(e instanceof FakeError)) throw e;
      return HttpResponse.json({ status: 'ERROR', code: e.code, error: e.message, payload: {} }, { status: e.status });
    }
  }

  const origin = options.host ? options.host.replace(/\/+$/, '') : '*';
  const handlers = COMMENT_ENDPOINTS.flatMap((endpoint) => {
    const path = `${origin}/comments/:version/${endpoint}`;
    const resolver = ({ request, params }: { request: Request; params: Record<string, unknown> }) =>
      handle(endpoint, request, String(params.version));
    if (endpoint === 'comment-list.json') return [http.get(path, resolver), http.post(path, resolver)];
    if (endpoint === 'app.json') return [http.get(path, resolver)];
    return [http.post(path, resolver)];
  });

  return { handlers, state, calls, failures, callsTo: (endpoint) => calls.filter((c) => c.endpoint === endpoint) };
}
