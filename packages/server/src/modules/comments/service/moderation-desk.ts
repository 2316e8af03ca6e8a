import type { BanPage, BanParams, BanResult, Comment, LogPage, QueuePage, QueueParams } from '@guffaw/comments-client';
import { HttpError } from '../../../lib/envelope.js';
import type { AppRow } from '../repo/index.js';
import type { CommentCore } from './core.js';
import type { Sections } from './sections.js';
import type { Viewer } from './types.js';

/** Who acts through the console (console-face.ts). */
export type DeskActor = { kind: 'owner' | 'admin' | 'cli'; id: string; name: string };

const todo = (): never => {
  throw new HttpError(501, 'NOT_IMPLEMENTED', 'Not implemented yet.');
};

/** The moderators' queue, approve and reject, bans with reasons and ends, and the audit log (MODERATION.md). */
export function createModerationDesk(core: CommentCore, sections: Sections) {
  void core;
  void sections;
  const queue = async (_app: AppRow, _q: QueueParams): Promise<QueuePage> => todo();
  const moderateAs = async (_app: AppRow, _actor: DeskActor, _commentId: string, _action: 'approve' | 'reject' | 'delete' | 'mask' | 'unmask'): Promise<{ comment: Comment | null }> => todo();
  const banAs = async (_app: AppRow, _actor: DeskActor, _userId: string, _ban: BanParams): Promise<BanResult> => todo();
  const unbanAs = async (_app: AppRow, _actor: DeskActor, _userId: string): Promise<{ userId: string; banned: false }> => todo();
  const bans = async (_app: AppRow, _cursor?: string): Promise<BanPage> => todo();
  const log = async (_app: AppRow, _cursor?: string, _count?: number): Promise<LogPage> => todo();
  const adminQueue = async (_app: AppRow, _viewer: Viewer | null, _q: QueueParams): Promise<QueuePage> => todo();
  return { queue, moderateAs, banAs, unbanAs, bans, log, adminQueue };
}
