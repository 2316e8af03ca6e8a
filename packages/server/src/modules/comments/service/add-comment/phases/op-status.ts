import { forbidden } from '../../../../../lib/envelope.js';
import { verifyOpToken } from '../../../auth.js';
import * as repo from '../../../repo/index.js';
import { sectionOf, type Phase } from '../context.js';

/**
 * The uploader of an anonymous post is never shown as its OP under their own name (opStatus 1 is a named OP badge):
 * they comment either as themselves, like anyone, or as the anonymous OP with an opToken (comments.md §6). The first
 * valid opToken of a section without OP claims it.
 */
export const resolveOpStatus: Phase = async (ctx) => {
  const { app, input, viewer } = ctx;
  const section = sectionOf(ctx);
  const isOp = section.opExternalId !== null && section.opExternalId === viewer.user.externalId;
  ctx.opStatus = isOp && !(await ctx.sections.anonymousPost(app.id, input.url)) ? 1 : 0;
  if (input.opToken) {
    const sub = await verifyOpToken(input.opToken, app.id, app.secret, input.url);
    if (sub !== viewer.user.externalId) throw forbidden('NOT_OP', 'The OP token belongs to another user.');
    if (section.opExternalId !== null && section.opExternalId !== sub) throw forbidden('NOT_OP', 'Only the original poster can comment as OP.');
    if (section.opExternalId === null) await repo.claimSectionOp(ctx.core.db, section.id, sub);
    ctx.opStatus = 2;
  }
};
