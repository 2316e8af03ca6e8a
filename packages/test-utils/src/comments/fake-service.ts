import { delay, http, HttpResponse } from 'msw';
import type {
  Attachment, AttachmentRef, Comment, CommentPage, CommentUser, CommentUserInfo, CommentUserState, EmailMode, EmailNotificationSettings,
  Quota,
} from '@guffaw/comments-client';
import { linkPreview, mediaAttachment } from './fake-attachments.js';
import { actorOf, commentRow, recordAudit } from './fake-audit.js';
import { activeBan, banInfo, bannedError, createFakeBans } from './fake-bans.js';
import { createFakeDesk } from './fake-desk.js';
import { FakeError } from './fake-error.js';
import { findComment, listPage, sectionTotal } from './fake-list.js';
import { createFakeModeration } from './fake-moderation.js';
import {
  COMMENT_ENDPOINTS, type CommentEndpoint, type CommentServiceFake, type CommentServiceOptions, type FakeAnswer, type FakeCommentState,
  type FakeContext, type FakeSection, type RecordedCall,
} from './fake-service-types.js';
import { makeApp, makeQuota, makeUserInfo } from './fixtures.js';

export * from './fake-service-types.js';

/**
 * An in-memory comment service behind MSW handlers, for Vitest and Storybook: lists with sorts, cursors and threads,
 * add, like, delete, report, user, app, OP and moderator calls (fake-moderation.ts), the moderators' desk with
 * pre-moderation, the queue, bans and the audit log (fake-desk.ts, fake-bans.ts, fake-audit.ts), media upload and
 * link attachments. It follows the wire contract of comments-client (envelope, parameter names of comments.md §7)
 * and the main rules of §4-§6 and MODERATION.md, so components can be exercised end to end; the real rules live in
 * the server, and comments-client's contract tests hold the fake to them.
 */

const truthy = (v: string | undefined) => v === 'true' || v === '1';
const nowSeconds = () => Math.floor(Date.now() / 1000);

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
    banned: new Map(),
    ops: new Map(Object.entries(options.ops ?? {})),
    follows: new Map(),
    blocks: new Map(),
    emails: new Map(),
    settings: { premoderation: 'off', reportThreshold: 3, ...options.settings },
    log: [],
  };
  for (const page of options.pages ?? []) {
    state.sections.set(page.url, {
      url: page.url,
      lock: page.lock ?? false,
      status: page.status ?? 'open',
      comments: (page.comments ?? []).map((c) => ({ ...c })),
    });
  }
  for (const u of Object.values(options.users ?? {})) {
    const user = { userId: u.userId, accountId: u.accountId, displayName: u.displayName, avatarUrl: u.avatarUrl };
    if (u.banned) state.banned.set(u.userId, { user, reason: u.ban?.reason ?? '', bannedAt: new Date().toISOString(), until: u.ban?.until ?? null, bannedBy: '' });
  }
  const failures = options.failures ?? {};
  const calls: RecordedCall[] = [];
  const holds = new Map<CommentEndpoint, Promise<void>>();
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
  /** user.json's `info`: `banned` and `ban` only while a ban is in force. */
  const viewerOf = (auth: string | undefined): CommentUserInfo | null => {
    if (!auth) return null;
    const known = options.users ? options.users[auth] : defaultViewer;
    if (!known) throw new FakeError(401, 'AUTH_INVALID', 'The login token is not valid.');
    const { ban: _seeded, ...user } = known;
    const ban = activeBan(state, user.userId);
    return { ...user, banned: ban !== undefined, ...(ban ? { ban: banInfo(ban) } : {}) };
  };
  const member = (auth: string | undefined): CommentUserInfo => {
    const user = viewerOf(auth);
    if (!user) throw new FakeError(401, 'AUTH_REQUIRED', 'You must be logged in');
    return user;
  };
  const active = (auth: string | undefined): CommentUserInfo => {
    const user = member(auth);
    const ban = activeBan(state, user.userId);
    if (ban) throw bannedError(ban);
    return user;
  };
  const moderator = (auth: string | undefined): CommentUserInfo => {
    const user = active(auth);
    if (!user.moderate) throw new FakeError(403, 'NOT_MODERATOR', 'Only moderators can do this.');
    return user;
  };
  const knownUser = (userId: string): CommentUser | CommentUserInfo | undefined =>
    Object.values(options.users ?? {}).find((u) => u.userId === userId) ??
    (defaultViewer.userId === userId ? defaultViewer : undefined) ??
    [...state.sections.values()].flatMap((s) => s.comments).find((c) => c.user.userId === userId && c.opStatus !== 2)?.user;
  const quotaOf = (userId: string): Quota => {
    let quota = state.quotas.get(userId);
    if (!quota) {
      quota = { ...(options.quota ?? makeQuota()) };
      state.quotas.set(userId, quota);
    }
    return quota;
  };
  const findAnywhere = (commentId: string | undefined): [FakeSection, Comment] => {
    for (const s of state.sections.values()) {
      const found = s.comments.find((c) => c.commentId === commentId);
      if (found) return [s, found];
    }
    throw new FakeError(404, 'COMMENT_NOT_FOUND', 'This comment does not exist or was removed.');
  };
  const addTo = <T>(map: Map<string, Set<T>>, key: string, value: T) => {
    const set = map.get(key) ?? new Set<T>();
    set.add(value);
    map.set(key, set);
  };
  const ctx: FakeContext = { state, section, findAnywhere, active, moderator, knownUser };
  const desk = createFakeDesk(ctx);

  function list(p: Record<string, string>): CommentPage {
    const viewer = viewerOf(p.auth);
    return listPage(section(p.url), viewer, viewer ? state.blocks.get(viewer.userId) : undefined, p);
  }

  function addComment(p: Record<string, string>) {
    const user = active(p.auth);
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
    // comments.md §6: the first opToken of a section without OP claims it (the fake trusts the token it is given).
    if (p.opToken) {
      const op = state.ops.get(s.url);
      if (op !== undefined && op !== user.userId) throw new FakeError(403, 'NOT_OP', 'Only the original poster can comment as OP.');
      state.ops.set(s.url, user.userId);
    }
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
    desk.admit(s, comment, user);
    s.comments.push(comment);
    if (top && !comment.isHeld) top.childrenTotal += 1;
    quota.count -= 1;
    addTo(state.commentedUrls, user.userId, s.url);
    const follow = parent && options.replyFollow ? { threadFollowed: options.replyFollow.followed, autoFollowed: options.replyFollow.started } : {};
    return { comment, postId: s.url, quota: { ...quota }, total: sectionTotal(s), wpTraceId: `trace-${counter}`, ...follow };
  }

  function like(p: Record<string, string>) {
    const user = active(p.auth);
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
    const user = active(p.auth);
    if (p._method !== 'DELETE') throw new FakeError(400, 'INVALID_INPUT', '_method must be DELETE');
    const s = section(p.url);
    const comment = findComment(s, p.id);
    const isAuthor = comment.user.userId === user.userId;
    if (!isAuthor && !user.moderate) throw new FakeError(403, 'NOT_AUTHOR', 'You can delete only your own comments.');
    // A moderator's delete of someone else's comment is audited; the author's own is not.
    if (!isAuthor) recordAudit(state, commentRow(actorOf(user), 'delete', s, comment));
    // comments.md §4: a comment with replies is kept as deleted.
    if (comment.childrenTotal > 0) Object.assign(comment, { isDeleted: true, text: '', media: [], links: [] });
    else s.comments.splice(s.comments.indexOf(comment), 1);
    // A held reply was never counted in its thread.
    if (comment.level === 2 && !comment.isHeld) {
      const top = s.comments.find((c) => c.commentId === comment.threadId);
      if (top) top.childrenTotal = Math.max(0, top.childrenTotal - 1);
    }
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

  /** Thread follows and user blocks: the service keeps other apps' and hands the main app's to the main site. */
  const followThread = (p: Record<string, string>) => {
    const user = member(p.auth);
    const follow = truthy(p.follow);
    if (follow) {
      const ban = activeBan(state, user.userId);
      if (ban) throw bannedError(ban);
      const c = [...state.sections.values()].flatMap((x) => x.comments).find((x) => x.commentId === p.threadId);
      if (c?.level !== 1) throw new FakeError(404, 'THREAD_NOT_FOUND', 'This comment thread does not exist.');
      addTo(state.follows, user.userId, c.commentId);
    } else state.follows.get(user.userId)?.delete(p.threadId ?? '');
    return { threadId: p.threadId, followed: follow };
  };
  const blockUser = (p: Record<string, string>) => {
    const user = member(p.auth);
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

  const EMAIL_MODES: readonly string[] = ['immediately', 'digest', 'never'] satisfies EmailMode[];
  /** Without `mode` it reads, with it it saves (GET or POST, as the service). */
  const emailNotifications = (p: Record<string, string>): EmailNotificationSettings => {
    if (!p.auth) throw new FakeError(400, 'INVALID_INPUT', 'appId and auth are required.');
    const user = member(p.auth);
    if (p.mode !== undefined && !EMAIL_MODES.includes(p.mode)) throw new FakeError(400, 'INVALID_MODE', 'mode must be immediately, digest or never.');
    const current = state.emails.get(user.userId) ?? { mode: 'immediately', email: null, ...options.email };
    const next = p.mode === undefined ? current : { ...current, mode: p.mode as EmailMode };
    state.emails.set(user.userId, next);
    return { ...next };
  };

  function upload(p: Record<string, string>, files: Record<string, Blob>): Attachment {
    active(p.auth);
    const attachment = mediaAttachment(`upload-${++counter}`, p, files);
    state.uploads.set(attachment.token, attachment);
    return attachment;
  }

  function linkAttachment(p: Record<string, string>): Attachment {
    active(p.auth);
    const attachment = linkPreview(p, () => `link-${++counter}`);
    state.uploads.set(attachment.token, attachment);
    return attachment;
  }

  const answer: Record<CommentEndpoint, FakeAnswer> = {
    'comment-list.json': list,
    'add-comment.json': addComment,
    'link-attachment.json': linkAttachment,
    'media.json': upload,
    'like.json': like,
    'comment.json': remove,
    'user.json': userState,
    'app.json': (p) => {
      if (p.id !== state.app.appId) throw new FakeError(404, 'APP_NOT_FOUND', 'This app does not exist');
      return state.app;
    },
    'follow-thread-status.json': (p) => ({ threadId: p.threadId, followed: state.follows.get(member(p.auth).userId)?.has(p.threadId ?? '') === true }),
    'follow-thread.json': followThread,
    'user-block.json': blockUser,
    // The fake asks no proof of work (the real service's is tested on the server and in comments-client's proof test).
    'wp.json': (p) => (member(p.auth), { wp: null }),
    'email-notifications.json': emailNotifications,
    ...desk.answers,
    ...createFakeModeration(ctx),
    ...createFakeBans(ctx),
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
    await holds.get(endpoint);
    try {
      const failure = failures[endpoint];
      if (failure?.once) delete failures[endpoint];
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
    if (endpoint === 'email-notifications.json') return [http.get(path, resolver), http.post(path, resolver)];
    return [http.post(path, resolver)];
  });

  const hold = (endpoint: CommentEndpoint) => {
    let release!: () => void;
    holds.set(endpoint, new Promise<void>((r) => (release = r)));
    return () => {
      holds.delete(endpoint);
      release();
    };
  };
  return { handlers, state, calls, failures, hold, callsTo: (endpoint) => calls.filter((c) => c.endpoint === endpoint) };
}
