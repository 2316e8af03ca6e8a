import { sql, type Kysely } from 'kysely';

/**
 * Comments that the uploader of an anonymous post wrote on it before the comment service stopped giving them the named
 * OP badge (opStatus 1, issue #21 point 9) showed who uploaded it. They become anonymous OP comments (opStatus 2),
 * which name no one: the comment lists, the profile's comments tab and the blocked-user filter then treat them as the
 * anonymous OP's. Sections of the main app's product posts only (`…/gag/{postId}`). Not undone by down: un-hiding
 * authors is not a migration's call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update comments c set op_status = 2
    from comment_sections s, posts p
    where c.section_id = s.id and c.op_status = 1 and s.app_id = 'guffaw'
      and p.id = substring(s.url from '/gag/([A-Za-z0-9_-]{1,64})$') and p.is_anonymous`.execute(db);
}

export async function down(): Promise<void> {}
