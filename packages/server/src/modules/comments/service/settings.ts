import type { AppSettings, MediaItem } from '@guffaw/comments-client';
import { badRequest, forbidden } from '../../../lib/envelope.js';

/** MODERATION.md "App settings": what an app without settings gets. */
export const DEFAULT_APP_SETTINGS: Readonly<AppSettings> = Object.freeze<AppSettings>({
  premoderation: 'off',
  reportThreshold: 3,
  defaultSectionStatus: 'open',
  allowedMedia: ['static', 'animated', 'video'],
  linkAttachments: true,
});

const PREMODERATION = new Set(['off', 'first', 'all']);
const MEDIA = ['static', 'animated', 'video'] as const;

/**
 * `comment_apps.settings` (jsonb) with the contract's defaults: a missing or malformed key takes its default, unknown
 * keys are dropped, so a row written by an older or newer console never breaks the service.
 */
export function readAppSettings(json: unknown): AppSettings {
  const raw = typeof json === 'string' ? safeParse(json) : json;
  const s = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const threshold = s.reportThreshold;
  return {
    premoderation: typeof s.premoderation === 'string' && PREMODERATION.has(s.premoderation) ? (s.premoderation as AppSettings['premoderation']) : DEFAULT_APP_SETTINGS.premoderation,
    reportThreshold:
      typeof threshold === 'number' && Number.isInteger(threshold) && threshold >= 1 && threshold <= 100 ? threshold : DEFAULT_APP_SETTINGS.reportThreshold,
    defaultSectionStatus: s.defaultSectionStatus === 'closed' ? 'closed' : 'open',
    allowedMedia: Array.isArray(s.allowedMedia) ? MEDIA.filter((m) => (s.allowedMedia as unknown[]).includes(m)) : [...DEFAULT_APP_SETTINGS.allowedMedia],
    linkAttachments: typeof s.linkAttachments === 'boolean' ? s.linkAttachments : DEFAULT_APP_SETTINGS.linkAttachments,
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

type MediaKind = AppSettings['allowedMedia'][number];

/** What a processed upload is for `allowedMedia`: a clip with sound is a video, a looping one animated, else static. */
export const mediaKindOf = (item: Pick<MediaItem, 'type' | 'video'>): MediaKind => (item.video ? 'video' : item.type === 'animated' ? 'animated' : 'static');

/**
 * media.json under the app's `allowedMedia`: refused before processing when the file's type can only be a kind the
 * app does not take (jpeg and png are static, gif animated, a clip animated or video), and after it by what it is.
 */
export function assertMediaAllowed(settings: AppSettings, kinds: readonly MediaKind[]): void {
  if (!kinds.some((k) => settings.allowedMedia.includes(k))) {
    throw badRequest('MEDIA_NOT_ALLOWED', settings.allowedMedia.length === 0 ? 'This site takes no pictures or videos in comments.' : `This site takes only ${settings.allowedMedia.join(', ')} media in comments.`);
  }
}

/** The kinds a file of this type may turn out to be. */
export const possibleKinds = (type: string): MediaKind[] => (type === 'jpeg' || type === 'png' ? ['static'] : type === 'gif' ? ['static', 'animated'] : ['animated', 'video']);

/** link-attachment.json under `linkAttachments`. */
export function assertLinksAllowed(settings: AppSettings): void {
  if (!settings.linkAttachments) throw forbidden('LINKS_DISABLED', 'This site takes no link previews in comments.');
}
