import type { BanInfo } from '@guffaw/comments-client';
import { enParts } from '../../i18n/en-parts.js';
import { addEnglish } from '../../i18n/translate.js';
import { banNotice } from '../../lib/ban-notice.js';
import { useLanguage } from '../../stores/widget-stores.js';

addEnglish(enParts);

/** Bans: in the composer's place, why and until when the member may not comment. */
export function BanNotice({ ban }: { ban: BanInfo }) {
  return <p className="gfw-note gfw-banned" role="note">{banNotice(ban, useLanguage())}</p>;
}
