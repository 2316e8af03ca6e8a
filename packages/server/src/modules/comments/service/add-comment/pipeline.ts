import type { AddCommentResult } from '@guffaw/comments-client';
import type { AppRow } from '../../repo/index.js';
import type { AddInput, Viewer } from '../types.js';
import { requireActive } from '../viewers.js';
import type { AddContext, AddDeps, Phase } from './context.js';
import { afterWrite } from './effects.js';
import { checkAttachments } from './phases/attachments.js';
import { resolveDelegate } from './phases/delegate.js';
import { refuseDuplicate } from './phases/duplicate.js';
import { holdNewAccountLinks } from './phases/link-hold.js';
import { checkSpam } from './phases/spam-score.js';
import { detectTextLinks } from './phases/links.js';
import { resolveMentions } from './phases/mentions.js';
import { checkNotEmpty } from './phases/not-empty.js';
import { resolveOpStatus } from './phases/op-status.js';
import { checkParent } from './phases/parent.js';
import { premoderate } from './phases/premoderation.js';
import { openSection } from './phases/section.js';
import { checkText } from './phases/text.js';
import { writeNewComment } from './write.js';

/**
 * The checks of add-comment, in the order their errors take precedence (README "add-comment rules"). Each is a
 * small function of the context (context.ts) in phases/: it reads what earlier phases found, adds its own, or
 * throws the error that refuses the comment.
 */
export const PHASES: readonly Phase[] = [
  checkText,
  checkAttachments,
  detectTextLinks,
  checkNotEmpty,
  openSection,
  checkParent,
  resolveOpStatus,
  resolveDelegate,
  resolveMentions,
  refuseDuplicate,
  holdNewAccountLinks,
  checkSpam,
  premoderate,
];

/** add-comment: the phases, then the write (write.ts), then what follows it (effects.ts). */
export function createAddComment(deps: AddDeps) {
  return async function addComment(app: AppRow, viewerIn: Viewer | null, input: AddInput): Promise<AddCommentResult> {
    const ctx: AddContext = {
      ...deps,
      app,
      viewer: requireActive(viewerIn),
      input,
      text: '',
      tokens: [],
      media: [],
      links: [],
      section: null,
      parent: null,
      opStatus: 0,
      delegate: null,
      mention: { mapping: {}, externalIds: [] },
      hold: null,
    };
    for (const phase of PHASES) await phase(ctx);
    return afterWrite(ctx, await writeNewComment(ctx));
  };
}
