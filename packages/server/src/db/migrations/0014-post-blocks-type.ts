import { sql, type Kysely } from 'kysely';

/**
 * A member blocks a post in two ways (modules/posts/actions.ts blockPost): `post` hides it from their lists, `comment`
 * hides its anonymous OP comments (comments.md §5). Both may hold at once, and undoing one keeps the other, so the
 * block type joins the key. The lists' filter (user, post, type 'post') and the comment filter (type 'comment') each
 * read one key of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE post_blocks DROP CONSTRAINT IF EXISTS post_blocks_pkey').execute(db);
  await sql.raw('ALTER TABLE post_blocks ADD PRIMARY KEY (user_id, post_id, type)').execute(db);
}

/** Back to one block per member and post: where both are held, the post block stays. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`DELETE FROM post_blocks b WHERE b.type <> 'post'
      AND EXISTS (SELECT 1 FROM post_blocks o WHERE o.user_id = b.user_id AND o.post_id = b.post_id AND o.type = 'post')`)
    .execute(db);
  await sql.raw('ALTER TABLE post_blocks DROP CONSTRAINT IF EXISTS post_blocks_pkey').execute(db);
  await sql.raw('ALTER TABLE post_blocks ADD PRIMARY KEY (user_id, post_id)').execute(db);
}
