import type { BanInfo } from '@guffaw/comments-client';
import { banNotice } from '../../lib/ban-notice.js';

/** Bans: in the composer's place, why and until when the member may not comment. */
export function BanNotice({ ban }: { ban: BanInfo }) {
  return <p className="gfw-note gfw-banned" role="note">{banNotice(ban)}</p>;
}
