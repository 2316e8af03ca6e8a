import type { AppSettings } from '@guffaw/comments-client';

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
