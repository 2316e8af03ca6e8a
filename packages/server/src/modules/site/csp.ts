import type { Config } from '../../config.js';

/**
 * The Content-Security-Policy of the site's pages (issue #21 point 7): scripts only from this origin or with the
 * response's nonce, so an injected `<script>` or event handler never runs; what else a page may load is what the
 * product loads, named here with why.
 *
 * - script-src: the built app and its lazy chunks ('self'); the inline theme script and the JSON data blocks
 *   (config, server-rendered state) carry the nonce; the support chat launcher (SUPPORT_CHAT_URL) by its origin.
 * - style-src 'unsafe-inline': the server-rendered markup and the widget size media with style attributes, which a
 *   nonce cannot cover. Styles cannot run script.
 * - img-src https:: post pictures (this origin, or the comment service's), ad creatives, which campaigns may host
 *   anywhere on https, and members' avatars from their login providers.
 * - media-src: videos and GIFs of posts and comments, from this origin or the comment service's; blob: for the
 *   upload and meme maker previews.
 * - connect-src: the API and the push socket of this origin, the comment service, the privacy region service
 *   (PRIVACY_SERVICE_URL) and the support chat.
 * - frame-src: the Facebook and Instagram players of embedded video posts (after a click), and the support chat.
 * - frame-ancestors 'none': no other page frames ours (a logged-in settings page cannot be framed to trick a click);
 *   the embed's own pages (modules/embed) say which sites may frame them.
 */
export const VIDEO_PLAYERS = ['https://www.facebook.com', 'https://www.instagram.com'];

const originOf = (url: string | null): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export type SiteCspConfig = Pick<Config, 'publicUrl' | 'commentsPublicUrl' | 'privacyServiceUrl' | 'supportChatUrl'>;

export function siteCsp(nonce: string, config: SiteCspConfig): string {
  const own = originOf(config.publicUrl);
  const list = (...sources: (string | null)[]) => [...new Set(sources.filter((s): s is string => !!s && s !== own))].join(' ');
  const comments = originOf(config.commentsPublicUrl);
  const chat = originOf(config.supportChatUrl);
  const privacy = originOf(config.privacyServiceUrl);
  // The push socket: 'self' covers ws(s) of this host in CSP level 3; older engines need it spelled out.
  const socket = own ? own.replace(/^http/, 'ws') : null;
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${list(chat)}`,
    `style-src 'self' 'unsafe-inline' ${list(chat)}`,
    `img-src 'self' data: blob: https: ${list(comments)}`,
    `media-src 'self' blob: ${list(comments)}`,
    "font-src 'self' data:",
    `connect-src 'self' ${list(socket, comments, privacy, chat)}`,
    `frame-src ${list(...VIDEO_PLAYERS, chat)}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.map((d) => d.trim()).join('; ');
}

/** Gives every `<script>` of a page the response's nonce (the page's own markup: user text in it is escaped). */
export const withNonce = (html: string, nonce: string): string => html.replace(/<script\b([^>]*)>/g, (_tag, attributes: string) => `<script${attributes} nonce="${nonce}">`);
