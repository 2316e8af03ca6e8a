import type { LinkPreview } from '@guffaw/comments-client';
import { HttpError } from '../../../../lib/envelope.js';
import type { createBatcher } from '../../batch.js';
import type * as repo from '../../repo/index.js';
import type { AppRow, CommentRecord, SectionRow, UserRow } from '../../repo/index.js';
import type { CommentCore } from '../core.js';
import type { Sections } from '../sections.js';
import type { AddInput, Viewer } from '../types.js';

/** What the add-comment pipeline needs besides the request: the shared core, sections, the group writer, the outbox. */
export type AddDeps = {
  core: CommentCore;
  sections: Sections;
  /** Group commit of new comments (repo.insertCommentsBatch): concurrent posts share one transaction. */
  writeComment: ReturnType<typeof createBatcher<repo.CommentWrite, repo.WrittenComment>>;
  /** Sends what the outbox holds now (the comment queued notifications). */
  drainOutbox: () => Promise<void>;
};

/**
 * One comment on its way in: the request, then what each phase found (phases/*.ts, run in order by pipeline.ts).
 * A phase reads what earlier ones set and throws the error that refuses the comment.
 */
export type AddContext = AddDeps & {
  app: AppRow;
  viewer: Viewer;
  input: AddInput;
  /** phases/text.ts */
  text: string;
  /** phases/attachments.ts: the tokens to claim, their media items and link previews (links.ts adds detected links). */
  tokens: string[];
  media: unknown[];
  links: LinkPreview[];
  /** phases/section.ts */
  section: SectionRow | null;
  /** phases/parent.ts */
  parent: CommentRecord | null;
  /** phases/op-status.ts: 0 member, 1 named OP, 2 anonymous OP. */
  opStatus: number;
  /** phases/delegate.ts: the user the comment shows as its author (moderators only). */
  delegate: UserRow | null;
  /** phases/mentions.ts */
  mention: { mapping: Record<string, string>; externalIds: string[] };
  /**
   * Set by a phase that holds the comment for review instead of refusing it (pre-moderation, the spam score, links
   * in a new account's first comments): the comment is written held (`held_at`, `held_reason` = this reason), seen by
   * its author and moderators only, counted nowhere until approved (MODERATION.md). The first reason set wins.
   */
  hold: { reason: HoldReason } | null;
};

/** Why a comment waits for review (comments.held_reason). */
export type HoldReason = 'premoderation' | 'new-user' | 'links' | 'spam' | 'reports';

export type Phase = (ctx: AddContext) => Promise<void> | void;

export const attachmentUsed = () =>
  new HttpError(409, 'ATTACHMENT_USED', 'This attachment was already posted with another comment. Please upload it again.');

/** The section, once phases/section.ts found it. */
export const sectionOf = (ctx: AddContext): SectionRow => ctx.section as SectionRow;
