/**
 * The postMessage protocol between the loader (/embed.js, on the host page) and the comment iframe. Every message
 * carries `gfw: 1` so neither side mistakes another script's messages for ours; each side also checks
 * `event.source` (the one window it talks to) and `event.origin` (the origin it expects) before reading one.
 */
import type { CommentPage } from '@guffaw/comments-client';

export type EmbedTheme = 'light' | 'dark';

/** Frame -> host. */
export type FrameMessage =
  | { gfw: 1; type: 'ready'; height: number }
  | { gfw: 1; type: 'resize'; height: number }
  | { gfw: 1; type: 'login-request' }
  | { gfw: 1; type: 'navigate'; url: string }
  /**
   * The thread's comment count changed (or is first known): the loader updates the host's count links with `label`,
   * the count in the frame's language ("3 comments", "3 Kommentare").
   */
  | { gfw: 1; type: 'count'; appId: string; url: string; count: number; label: string };

/** Host -> frame. */
export type HostMessage =
  | { gfw: 1; type: 'theme'; theme: EmbedTheme }
  | { gfw: 1; type: 'auth'; token: string | null };

/**
 * The product's login popup -> the frame that opened it (both on the product's origin): the member's short-lived
 * comment token, once they are logged in there.
 */
/** opToken: on a product post, its uploader's OP token (their Pin, Hide and anonymous OP comments in the frame). */
export type LoginMessage = { gfw: 1; type: 'signed-in'; token: string; opToken?: string };

/** The largest height a frame may ask for: a runaway layout must not make the host page endless. */
export const MAX_FRAME_HEIGHT = 100_000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isHeight = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_FRAME_HEIGHT;

export function isFrameMessage(data: unknown): data is FrameMessage {
  if (!isRecord(data) || data.gfw !== 1) return false;
  switch (data.type) {
    case 'ready':
    case 'resize':
      return isHeight(data.height);
    case 'login-request':
      return true;
    case 'navigate':
      return typeof data.url === 'string' && /^https?:\/\//i.test(data.url);
    case 'count':
      return typeof data.appId === 'string' && data.appId.length > 0 && data.appId.length <= 200
        && typeof data.url === 'string' && data.url.length <= 4096 && /^https?:\/\//i.test(data.url)
        && Number.isSafeInteger(data.count) && (data.count as number) >= 0
        && typeof data.label === 'string' && data.label.length <= 200;
    default:
      return false;
  }
}

export function isHostMessage(data: unknown): data is HostMessage {
  if (!isRecord(data) || data.gfw !== 1) return false;
  switch (data.type) {
    case 'theme':
      return data.theme === 'light' || data.theme === 'dark';
    case 'auth':
      return data.token === null || (typeof data.token === 'string' && data.token.length <= 4096);
    default:
      return false;
  }
}

const isToken = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 4096;

export function isLoginMessage(data: unknown): data is LoginMessage {
  return isRecord(data) && data.gfw === 1 && data.type === 'signed-in' && isToken(data.token) && (data.opToken === undefined || isToken(data.opToken));
}

/** What the server puts into the frame page (a JSON script tag) for the first render and hydration. */
export type FrameData = {
  appId: string;
  /** The thread's canonical url. */
  url: string;
  /** Origin of the comment service. */
  host: string;
  theme: EmbedTheme;
  /** Forum posts say Answers. */
  isForum: boolean;
  /** The reader's language as the host page gave it (data-lang, else its <html lang>); English when absent. */
  lang?: string | undefined;
  /** The host page's origin (messages go only there); null when the page is opened on its own. */
  parentOrigin: string | null;
  /**
   * The product's login page for a popup, when the thread's members are the product's own (its own comment app);
   * null for a third-party app, whose host signs its users in (login-request, then an auth message).
   */
  login: string | null;
  /** The first page of the hot list, or null when it could not be read (the frame then loads it itself). */
  page: CommentPage | null;
  /** Unix ms when the page was read (the list cache's clock starts there). */
  readAt: number;
  /** A product post that takes anonymous OP comments: its uploader, signed in with the OP token, may post as OP. */
  canAnonymous?: boolean;
};
