import ky, { type Options } from 'ky';
import type { CommentsClient, CommentsClientOptions, ListOptions, ProofOfWorkProvider, RequestOptions, UploadOptions } from './client-api.js';
import { ClientErrorCode, COMMENT_PAGE_COUNT, CommentMessages, PROOF_OF_WORK_POLL_MS, PROOF_OF_WORK_TIMEOUT_MS } from './constants.js';
import { CommentsApiError, CommentsClientError, isAbortError, loginRequired, requestProcessing } from './errors.js';
import { ListCache, listKey } from './list-cache.js';
import { checkMedia } from './media-check.js';
import { solveChallenge, type Challenge } from './proof.js';
import type {
  Attachment, BanPage, BanResult, Comment, CommentAppInfo, CommentPage, CommentServiceReply, EmailNotificationSettings, ListParams, LogPage,
  QueuePage,
} from './types.js';

type Field = string | number | boolean | null | undefined;
type Headers = Record<string, string>;
type CallInit = {
  method?: 'get' | 'post';
  body?: URLSearchParams | FormData;
  searchParams?: URLSearchParams;
  headers?: Headers;
  signal?: AbortSignal | undefined;
  timeout?: number | false;
  onUploadProgress?: (progress: { percent: number }) => void;
};
type XhrLike = {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
};

/** Reads the envelope {status, code?, error?, payload}; anything else is an error with the best code we have. */
function readReply<T>(status: number, text: string): T {
  let reply: Partial<CommentServiceReply<T>> | null = null;
  try {
    reply = JSON.parse(text) as Partial<CommentServiceReply<T>>;
  } catch {
    reply = null;
  }
  if (!reply || typeof reply !== 'object' || (reply.status !== 'OK' && reply.status !== 'ERROR')) {
    throw new CommentsApiError(status >= 400 ? `HTTP_${status}` : ClientErrorCode.badResponse, '', status);
  }
  if (reply.status !== 'OK' || status >= 400) {
    throw new CommentsApiError(reply.code || `HTTP_${status}`, typeof reply.error === 'string' ? reply.error : '', status);
  }
  return reply.payload as T;
}

function transportError(e: unknown): unknown {
  if (isAbortError(e)) return e;
  const code = (e as { name?: unknown } | null)?.name === 'TimeoutError' ? ClientErrorCode.timeout : ClientErrorCode.network;
  return new CommentsApiError(code, '');
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The shared result, but this caller's abort only ends this caller's wait, never the request others wait on. */
function withSignal<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The client of the comment service: one private ky instance, form-encoded calls carrying appId and
 * auth, v2 unless told otherwise.
 *
 * - Visitors read lists with a GET (no per-viewer data, `origin` in the query) that HTTP caches can share; members
 *   with a POST.
 * - List pages are cached per url, sort, cursor and view for 5 minutes (hot, threads) or 1 minute (new, old);
 *   identical list requests started within 1 s share one request; a refresh cursor is never served from the cache.
 * - Every mutation drops the cached pages of its url (ban and unban drop all); setAuth drops everything.
 * - A second identical mutation while the first is in flight fails with "The request is already processing".
 * - Add comment, comment like, report, link previews and uploads wait for a proof-of-work value (polled every 100 ms,
 *   at most `proofOfWorkTimeout`) and send it as x-wp and x-wpb (`1`). Without a `proofOfWork` provider the client
 *   solves the service's own: wp.json's challenge for this user, SHA-256 by crypto.subtle, one per write.
 */
export function createCommentsClient(options: CommentsClientOptions): CommentsClient {
  const { appId } = options;
  const base = `${(options.host ?? '').replace(/\/+$/, '')}/comments/${options.version ?? 'v2'}/`;
  const http = ky.create({
    prefixUrl: base,
    retry: 0,
    throwHttpErrors: false,
    timeout: options.timeout ?? 10_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const cache = new ListCache();
  const inFlight = new Set<string>();
  const paging = new Set<string>();
  let auth = options.auth || null;
  let app: Promise<CommentAppInfo> | null = null;

  const form = (fields: Record<string, Field>): URLSearchParams => {
    const body = new URLSearchParams({ appId });
    if (auth) body.set('auth', auth);
    for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== null) body.set(name, String(value));
    return body;
  };

  async function call<T>(path: string, init: CallInit): Promise<T> {
    let response: Response;
    try {
      // Callers leave out what they do not set (an explicit undefined timeout would drop the client's own).
      response = await http(path, { method: 'post', ...init } as Options);
    } catch (e) {
      throw transportError(e);
    }
    let text = '';
    try {
      text = await response.text();
    } catch (e) {
      throw transportError(e);
    }
    return readReply<T>(response.status, text);
  }

  // The built-in proof of work: wp.json's challenge for this user, solved on demand (a spent one is never reused);
  // none when the service asks none or cannot give one (the write then says why).
  // undefined: none asked, null: on its way, a string: ready ('' when the service asks none).
  let proof: string | null | undefined;
  const builtInProof: ProofOfWorkProvider = () => {
    const wp = proof;
    if (typeof wp == 'string') {
      proof = undefined;
      return { wp, wpb: '1' };
    }
    if (wp === undefined) {
      proof = null;
      call<{ wp: Challenge | null }>('wp.json', { body: form({}) })
        .then((r) => r.wp && solveChallenge(r.wp))
        .then(
          (wp) => (proof = wp || ''),
          () => (proof = ''),
        );
    }
    return null;
  };

  async function proofOfWork(signal?: AbortSignal): Promise<Headers> {
    const provider = options.proofOfWork ?? builtInProof;
    const deadline = Date.now() + (options.proofOfWorkTimeout ?? PROOF_OF_WORK_TIMEOUT_MS);
    for (;;) {
      const value = provider();
      if (value) return { 'x-wp': value.wp, 'x-wpb': value.wpb };
      if (Date.now() >= deadline) throw new CommentsClientError(ClientErrorCode.proofOfWorkTimeout, CommentMessages.errorDefault);
      await sleep(PROOF_OF_WORK_POLL_MS, signal);
    }
  }

  /** A member's call: login required, one identical call at a time, cached pages of `invalidates` dropped after. */
  async function mutate<T>(
    path: string,
    fields: Record<string, Field>,
    effects: { invalidates?: string | 'all'; sensitive?: boolean; signal?: AbortSignal | undefined },
  ): Promise<T> {
    if (!auth) throw loginRequired();
    const body = form(fields);
    const key = `${path}?${body.toString()}`;
    if (inFlight.has(key)) throw requestProcessing();
    inFlight.add(key);
    try {
      const headers = effects.sensitive ? await proofOfWork(effects.signal) : undefined;
      return await call<T>(path, { body, signal: effects.signal, ...(headers ? { headers } : {}) });
    } finally {
      inFlight.delete(key);
      if (effects.invalidates !== undefined) cache.invalidate(effects.invalidates === 'all' ? undefined : effects.invalidates);
    }
  }

  /** A member's read: login required. */
  async function read<T>(path: string, fields: Record<string, Field>): Promise<T> {
    if (!auth) throw loginRequired();
    return call<T>(path, { body: form(fields) });
  }

  function fetchList(p: ListParams): Promise<CommentPage> {
    const fields = { url: p.url, type: p.type, count: p.count, commentId: p.commentId, level: p.level, next: p.next, prev: p.prev, refresh: p.refresh };
    if (auth) return call<CommentPage>('comment-list.json', { body: form(fields) });
    const searchParams = form(fields);
    const origin = options.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin;
    if (origin && origin !== 'null') searchParams.set('origin', origin);
    return call<CommentPage>('comment-list.json', { method: 'get', searchParams });
  }

  const listComments = (params: ListParams, o: ListOptions = {}): Promise<CommentPage> => {
    const p: ListParams = { ...params, type: params.type ?? 'new', count: params.count ?? COMMENT_PAGE_COUNT };
    return withSignal(
      cache.load(p, o.fresh === true, () => fetchList(p)),
      o.signal,
    );
  };

  async function loadPage(direction: 'next' | 'prev', params: ListParams, cursor: string | null | undefined, o?: ListOptions) {
    if (!cursor) {
      throw direction === 'next'
        ? new CommentsClientError(ClientErrorCode.nextCursorEmpty, CommentMessages.nextCursorEmpty)
        : new CommentsClientError(ClientErrorCode.prevCursorEmpty, CommentMessages.prevCursorEmpty);
    }
    const { next: _next, prev: _prev, refresh: _refresh, ...list } = params;
    const key = direction + listKey(list);
    if (paging.has(key)) throw requestProcessing();
    paging.add(key);
    try {
      return await listComments(direction === 'next' ? { ...list, next: cursor } : { ...list, prev: cursor }, o);
    } finally {
      paging.delete(key);
    }
  }

  function sendWithXhr(Xhr: new () => XhrLike, body: FormData, o: UploadOptions, headers: Headers): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const xhr = new Xhr();
      xhr.open('POST', `${base}media.json`);
      for (const name in headers) xhr.setRequestHeader(name, headers[name] as string);
      const onProgress = o.onProgress;
      if (onProgress) {
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
        };
      }
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = () => reject(new CommentsApiError(ClientErrorCode.network, ''));
      xhr.onabort = () => reject(o.signal?.reason);
      o.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  }

  const client: CommentsClient = {
    appId,
    setAuth(next) {
      if ((next || null) === auth) return;
      auth = next || null;
      proof = undefined;
      cache.invalidate();
    },
    isLoggedIn: () => auth !== null,
    listComments,
    loadNext: (params, page, o) => loadPage('next', params, page.next, o),
    loadPrev: (params, page, o) => loadPage('prev', params, page.prev, o),
    addComment: (p, o: RequestOptions = {}) =>
      mutate(
        'add-comment.json',
        {
          url: p.url,
          text: p.text,
          attachments: p.attachments && p.attachments.length > 0 ? JSON.stringify(p.attachments.map(({ type, token }) => ({ type, token }))) : undefined,
          replyThreadOnly: p.replyThreadOnly,
          parent: p.parent,
          opToken: p.opToken,
          delegateUserId: p.delegateUserId,
        },
        { invalidates: p.url, sensitive: true, signal: o.signal },
      ),
    linkAttachment: (url, o: RequestOptions = {}) => mutate('link-attachment.json', { url }, { sensitive: true, signal: o.signal }),
    async uploadMedia(source, uploadOptions: UploadOptions = {}) {
      if (!auth) throw loginRequired();
      // Progress only moves forward and reaches 1 exactly once, whatever the transport reports.
      let reported = 0;
      const report = uploadOptions.onProgress;
      const o: UploadOptions = { ...uploadOptions };
      if (report) {
        o.onProgress = (fraction) => {
          if (fraction <= reported) return;
          reported = fraction;
          report(fraction);
        };
      }
      const body = new FormData();
      body.set('appId', appId);
      body.set('auth', auth);
      let key: string;
      if ('size' in source) {
        await checkMedia(source);
        const name = (source as { name?: unknown }).name;
        body.set('blob', source, typeof name === 'string' && name ? name : 'blob');
        key = `blob:${String(name)}:${source.size}:${source.type}`;
      } else {
        body.set('url', source.url);
        key = `url:${source.url}`;
      }
      if (inFlight.has(key)) throw requestProcessing();
      inFlight.add(key);
      try {
        const headers = await proofOfWork(o.signal);
        // Upload progress: XMLHttpRequest where there is one (fetch cannot report it in every browser), else ky's
        // streamed body (Node and other fetch-only runtimes).
        const Xhr = (globalThis as { XMLHttpRequest?: new () => XhrLike }).XMLHttpRequest;
        let attachment: Attachment;
        if (Xhr && !options.fetch) {
          let reply: { status: number; text: string };
          try {
            reply = await sendWithXhr(Xhr, body, o, headers);
          } catch (e) {
            throw transportError(e);
          }
          attachment = readReply<Attachment>(reply.status, reply.text);
        } else {
          const onProgress = o.onProgress;
          attachment = await call<Attachment>('media.json', {
            body,
            headers,
            signal: o.signal,
            timeout: false,
            ...(onProgress && !Xhr && 'size' in source ? { onUploadProgress: (p: { percent: number }) => onProgress(p.percent) } : {}),
          });
        }
        o.onProgress?.(1);
        return attachment;
      } finally {
        inFlight.delete(key);
      }
    },
    likeComment: (commentId, value, url) => mutate('like.json', { commentId, value }, { invalidates: url, sensitive: true }),
    deleteComment: (id, url) => mutate('comment.json', { _method: 'DELETE', id, url }, { invalidates: url }),
    reportComment: (commentId, url, data) =>
      mutate('report.json', { commentId, url, userReportData: JSON.stringify(data) }, { invalidates: url, sensitive: true }),
    getUser: () => read('user.json', {}),
    getApp() {
      if (!app) {
        const pending = call<CommentAppInfo>('app.json', { method: 'get', searchParams: new URLSearchParams({ id: appId, appId }) });
        pending.catch(() => {
          if (app === pending) app = null;
        });
        app = pending;
      }
      return app;
    },
    opPin: async (commentId, url, pinned) =>
      (await mutate<{ pinned: string[] }>('op/pin', { commentId, url, pinned }, { invalidates: url })).pinned,
    opHide: (commentId, url) => mutate('op/hide', { commentId, url }, { invalidates: url }),
    adminBan: (userId) => mutate('admin/ban', { userId }, { invalidates: 'all' }),
    adminUnban: (userId) => mutate('admin/unban', { userId }, { invalidates: 'all' }),
    adminMask: (commentId, url, sensitive) => mutate('admin/mask', { commentId, sensitive, url }, { invalidates: url }),
    adminHide: (commentId, url) => mutate('admin/hide', { commentId, url }, { invalidates: url }),
    adminUnhide: (commentId, url) => mutate('admin/unhide', { commentId, url }, { invalidates: url }),
    adminPin: async (commentId, url, pinned) =>
      (await mutate<{ pinned: string[] }>('admin/pin', { commentId, url, pinned }, { invalidates: url })).pinned,
    adminUpdate: (url, update) => mutate('admin/update', { url, lock: update.lock, status: update.status }, { invalidates: url }),
    moderationQueue: (p = {}) => read<QueuePage>('admin/queue.json', { view: p.view, sort: p.sort, cursor: p.cursor, count: p.count }),
    approveComment: async (commentId, url) => (await mutate<{ comment: Comment }>('admin/approve', { commentId }, { invalidates: url })).comment,
    rejectComment: async (commentId, url) => (await mutate<{ comment: Comment }>('admin/reject', { commentId }, { invalidates: url })).comment,
    banUser: (userId, p = {}) => mutate<BanResult>('admin/ban', { userId, reason: p.reason, duration: p.duration }, { invalidates: 'all' }),
    listBans: (cursor) => read<BanPage>('admin/bans.json', { cursor }),
    moderationLog: (cursor, count) => read<LogPage>('admin/log.json', { cursor, count }),
    followStatus: async (threadId) => (await read<{ followed: boolean }>('follow-thread-status.json', { threadId })).followed,
    followThread: (threadId, follow) => mutate('follow-thread.json', { threadId, follow }, {}),
    // A block changes what the lists hold for this user: every cached page goes.
    blockUser: (accountId) => mutate('user-block.json', { accountId }, { invalidates: 'all' }),
    unblockUser: (accountId) => mutate('user-block.json', { accountId, _method: 'delete' }, { invalidates: 'all' }),
    emailNotifications: () => read<EmailNotificationSettings>('email-notifications.json', {}),
    setEmailNotifications: (mode) => mutate<EmailNotificationSettings>('email-notifications.json', { mode }, {}),
    invalidate: (url) => cache.invalidate(url),
  };
  return client;
}
