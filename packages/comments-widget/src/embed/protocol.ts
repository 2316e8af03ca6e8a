/**
 * The postMessage protocol between the loader (/embed.js, on the host page) and the comment iframe. Every message
 * carries `gfw: 1` so neither side mistakes another script's messages for ours; each side also checks
 * `event.source` (the one window it talks to) and `event.origin` (the origin it expects) before reading one.
 */
import type { EmbedTheme } from '@guffaw/comments-client';

/** The frame page's data and theme are the comment service's wire types (@guffaw/comments-client), the server's too. */
export type { EmbedTheme, FrameData } from '@guffaw/comments-client';

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

