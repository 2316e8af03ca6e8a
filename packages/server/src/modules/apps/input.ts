import { badRequest } from '../../lib/envelope.js';

/** MODERATION.md "Console": what an owner may write, checked with the rules the comment service reads them by. */
export const NAME_MAX = 80;
export const ORIGINS_MAX = 20;

export function appName(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw badRequest('NAME_REQUIRED', 'Give the app a name.');
  const name = value.trim().replace(/\s+/g, ' ');
  if (name.length > NAME_MAX) throw badRequest('INVALID_NAME', `The name must be at most ${NAME_MAX} characters.`);
  return name;
}

/**
 * Each an http(s) origin (`scheme://host[:port]`, nothing after it but an optional `/`), at most 20, repeats dropped.
 * An origin is where the app's pages are: a path would say more than the browser's Origin header can match.
 */
export function allowedOrigins(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) throw badRequest('ORIGINS_REQUIRED', 'List at least one origin (the site that embeds the comments).');
  if (value.length > ORIGINS_MAX) throw badRequest('INVALID_ORIGINS', `At most ${ORIGINS_MAX} origins.`);
  const origins = value.map((raw) => {
    const text = typeof raw === 'string' ? raw.trim() : '';
    let url: URL | null = null;
    try {
      url = text.length <= 300 ? new URL(text) : null;
    } catch {
      url = null;
    }
    const shown = JSON.stringify(String(raw).slice(0, 100));
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw badRequest('INVALID_ORIGINS', `${shown} is not an origin: write it as https://example.com (or http://).`);
    }
    if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
      throw badRequest('INVALID_ORIGINS', `${shown} has more than an origin: give only scheme, host and port (https://example.com).`);
    }
    return url.origin;
  });
  return [...new Set(origins)];
}

export type AppSettingsInput = {
  premoderation?: 'off' | 'first' | 'all';
  reportThreshold?: number;
  defaultSectionStatus?: 'open' | 'closed';
  allowedMedia?: ('static' | 'animated' | 'video')[];
  linkAttachments?: boolean;
};

const PREMODERATION = ['off', 'first', 'all'] as const;
const SECTION_STATUS = ['open', 'closed'] as const;
const MEDIA = ['static', 'animated', 'video'] as const;

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);

/** A settings change: only the known keys, each valid (MODERATION.md "App settings"), else 400 INVALID_SETTINGS. */
export function settingsChange(value: unknown): AppSettingsInput {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('INVALID_SETTINGS', 'settings must be an object.');
  const input = value as Record<string, unknown>;
  const out: AppSettingsInput = {};
  const bad = (message: string) => badRequest('INVALID_SETTINGS', message);
  for (const key of Object.keys(input)) {
    if (!['premoderation', 'reportThreshold', 'defaultSectionStatus', 'allowedMedia', 'linkAttachments'].includes(key)) throw bad(`Unknown setting ${key}.`);
  }
  if (input.premoderation !== undefined) {
    if (!oneOf(PREMODERATION, input.premoderation)) throw bad('premoderation must be off, first or all.');
    out.premoderation = input.premoderation;
  }
  if (input.reportThreshold !== undefined) {
    const n = input.reportThreshold;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 100) throw bad('reportThreshold must be a whole number from 1 to 100.');
    out.reportThreshold = n;
  }
  if (input.defaultSectionStatus !== undefined) {
    if (!oneOf(SECTION_STATUS, input.defaultSectionStatus)) throw bad('defaultSectionStatus must be open or closed.');
    out.defaultSectionStatus = input.defaultSectionStatus;
  }
  if (input.allowedMedia !== undefined) {
    const media = input.allowedMedia;
    if (!Array.isArray(media) || !media.every((m) => oneOf(MEDIA, m))) throw bad('allowedMedia lists some of static, animated and video.');
    out.allowedMedia = MEDIA.filter((m) => media.includes(m));
  }
  if (input.linkAttachments !== undefined) {
    if (typeof input.linkAttachments !== 'boolean') throw bad('linkAttachments must be true or false.');
    out.linkAttachments = input.linkAttachments;
  }
  return out;
}

/** A moderator's name as typed: a main-site username, or another app's user id (the `sub` of its tokens). */
export function moderatorName(value: unknown): string {
  const text = typeof value === 'string' ? value.trim().replace(/^@/, '') : '';
  if (!text) throw badRequest('USERNAME_REQUIRED', 'Type the username of the moderator to add.');
  if (text.length > 200 || /\s/.test(text)) throw badRequest('INVALID_USERNAME', 'That is not a username or user id.');
  return text;
}
