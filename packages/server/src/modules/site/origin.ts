import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { DB } from '../../db/schema.js';

/**
 * The stored absolute urls that name the site's own origin (PUBLIC_URL): pictures and clips of posts and comments
 * served from /media/, avatars, profile links, and the main comment app's thread keys `${PUBLIC_URL}/gag/{postId}`
 * (DESIGN.md: a thread follows its post, not the origin). Other modules' rows are listed here because this is the
 * one step that moves them all at once, before any module reads them.
 */
const PREFIXED: readonly (readonly [table: string, column: string])[] = [
  ['users', 'avatar_url'],
  ['interests', 'image_url'],
  ['ad_campaigns', 'link'],
  ['ad_campaigns', 'image_url'],
  ['ad_campaigns', 'card_image_url'],
  ['ad_campaigns', 'banner_image_url'],
  ['ad_campaigns', 'nav_image_url'],
  ['notifications', 'url'],
  ['email_items', 'url'],
  ['comment_apps', 'anonymous_avatar_url'],
  ['comment_users', 'avatar_url'],
  ['comment_users', 'profile_url'],
  ['comment_mod_actions', 'section_url'],
];
/** The origin alone (no path): the main app's host, CDN host and allowed origins. */
const EXACT: readonly (readonly [table: string, column: string])[] = [
  ['comment_apps', 'host'],
  ['comment_apps', 'cdn_host'],
];
/** JSON documents whose strings start with the origin (post pictures, credits, articles, mentions, comment media). */
const JSON_COLUMNS: readonly (readonly [table: string, column: string])[] = [
  ['posts', 'images'],
  ['posts', 'credit'],
  ['posts', 'article'],
  ['comments', 'mention_mapping'],
  ['comments', 'media'],
  ['comments', 'attachments'],
  ['comment_media', 'item'],
  ['comment_apps', 'allowed_origins'],
];

export const originOf = (publicUrl: string) => new URL(publicUrl).origin;

/**
 * Makes the stored urls name this server's PUBLIC_URL. The first start stamps the origin (migration 0023 stamped a
 * seeded database with its seed's); a start at another origin rewrites every stored url of the old one, in one
 * transaction holding the stamp's row lock, so instances starting together move the data once.
 * Returns the old origin when it moved the data, else null.
 */
export async function followPublicUrl(db: Database, publicUrl: string): Promise<string | null> {
  const to = originOf(publicUrl);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('siteOrigin').select('origin').where('id', '=', 1).forUpdate().executeTakeFirst();
    if (!row) {
      await trx.insertInto('siteOrigin').values({ origin: to }).onConflict((oc) => oc.column('id').doNothing()).execute();
      return null;
    }
    const from = row.origin.replace(/\/$/, '');
    if (from === to) return null;
    await mergeSections(trx, from, to);
    const fromPrefix = `${from}/`;
    const toPrefix = `${to}/`;
    for (const [table, column] of PREFIXED) {
      const col = sql.ref(column);
      await sql`update ${sql.table(table)} set ${col} = ${toPrefix} || substr(${col}, ${fromPrefix.length + 1})
        where left(${col}, ${fromPrefix.length}) = ${fromPrefix}`.execute(trx);
    }
    await sql`update comment_sections set url = ${toPrefix} || substr(url, ${fromPrefix.length + 1})
      where left(url, ${fromPrefix.length}) = ${fromPrefix}`.execute(trx);
    for (const [table, column] of EXACT) {
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${to} where rtrim(${sql.ref(column)}, '/') = ${from}`.execute(trx);
    }
    // A JSON string that is the origin, or starts with it and a slash; text inside longer strings stays as written.
    const quoted = (origin: string) => JSON.stringify(origin);
    for (const [table, column] of JSON_COLUMNS) {
      const col = sql.ref(column);
      await sql`update ${sql.table(table)}
        set ${col} = replace(replace(${col}::text, ${quoted(from).slice(0, -1) + '/'}, ${quoted(to).slice(0, -1) + '/'}), ${quoted(from)}, ${quoted(to)})::jsonb
        where strpos(${col}::text, ${quoted(from).slice(0, -1)}) > 0`.execute(trx);
    }
    await trx.updateTable('siteOrigin').set({ origin: to, updatedAt: new Date() }).where('id', '=', 1).execute();
    return from;
  });
}

/**
 * A thread opened at the new origin before the data moved (an empty section, or a few comments written while the old
 * thread looked lost) joins the old thread of the same post rather than blocking its key.
 */
async function mergeSections(trx: Transaction<DB>, from: string, to: string): Promise<void> {
  const pairs = await sql<{ oldId: string; newId: string }>`
    select o.id::text as old_id, n.id::text as new_id from comment_sections o
    join comment_sections n on n.app_id = o.app_id and n.url = ${`${to}/`} || substr(o.url, ${from.length + 2})
    where left(o.url, ${from.length + 1}) = ${`${from}/`}`.execute(trx);
  for (const { oldId, newId } of pairs.rows) {
    await sql`update comments set section_id = ${oldId}::bigint where section_id = ${newId}::bigint`.execute(trx);
    await sql`update comment_sections set total = total + (select total from comment_sections where id = ${newId}::bigint) where id = ${oldId}::bigint`.execute(trx);
    await sql`delete from comment_sections where id = ${newId}::bigint`.execute(trx);
  }
}
