import { barePreview, detectLinks } from '../../../links.js';
import { readAppSettings } from '../../settings.js';
import type { Phase } from '../context.js';

/**
 * Apps without a host (not the main one): up to 3 links in the text become link attachments (not fetched while
 * posting), unless the app turned link attachments off (its `linkAttachments` setting).
 */
export const detectTextLinks: Phase = (ctx) => {
  if (ctx.core.hostOf(ctx.app) || !readAppSettings(ctx.app.settings).linkAttachments) return;
  for (const url of detectLinks(ctx.text)) {
    if (ctx.links.length >= 3) break;
    if (!ctx.links.some((l) => l.url === url)) ctx.links.push(barePreview(url));
  }
};
