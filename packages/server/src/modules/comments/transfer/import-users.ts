import { sql } from 'kysely';
import type { Executor } from '../repo/index.js';
import { newId, type ImportRun } from './import-run.js';
import type { ImportAuthor } from './records.js';

/** The app users of an import's authors: found by author key, or created with the link a member can claim them by. */

const externalIdOf = (run: ImportRun, a: ImportAuthor) => a.externalId ?? `import:${run.source}:${a.key}`;
/** App user ids of authors (created when new), by author key. */
export async function ensureUsers(run: ImportRun, trx: Executor, authors: (ImportAuthor & { banned?: boolean })[]): Promise<void> {
  const missing = new Map<string, ImportAuthor & { banned?: boolean }>();
  for (const a of authors) if (!run.userIds.has(a.key)) missing.set(a.key, a);
  if (missing.size === 0) return;
  const keys = [...missing.keys()];
  const known = await trx
    .selectFrom('commentImportUsers')
    .select(['sourceKey', 'userId'])
    .where('appId', '=', run.app.id)
    .where('source', '=', run.source)
    .where('sourceKey', 'in', keys)
    .execute();
  for (const k of known) {
    run.userIds.set(k.sourceKey, k.userId);
    missing.delete(k.sourceKey);
  }
  if (missing.size === 0) return;
  const list = [...missing.values()];
  const rows = await sql<{ id: number; externalId: string; created: boolean }>`
    insert into comment_users as cu (app_id, external_id, user_id, display_name, avatar_url, profile_url, banned_at)
    select ${run.app.id}, x.external_id, x.user_id, x.display_name, x.avatar_url, x.profile_url,
           case when x.banned then now() end
    from unnest(${list.map((a) => externalIdOf(run, a))}::text[], ${list.map(() => newId())}::text[],
                ${list.map((a) => (a.name.trim() || 'Anonymous').slice(0, 100))}::text[], ${list.map((a) => a.avatarUrl)}::text[],
                ${list.map((a) => a.profileUrl)}::text[], ${list.map((a) => a.banned === true)}::boolean[])
      as x(external_id, user_id, display_name, avatar_url, profile_url, banned)
    on conflict (app_id, external_id) do update set display_name = cu.display_name
    returning id, external_id, (xmax = 0) as created`.execute(trx);
  const byExternal = new Map(rows.rows.map((r) => [r.externalId, r]));
  run.stats.users += rows.rows.filter((r) => r.created).length;
  const links = list.map((a) => ({ a, id: byExternal.get(externalIdOf(run, a))?.id as number }));
  await sql`
    insert into comment_import_users (app_id, source, source_key, user_id, claim_id, claim_email)
    select ${run.app.id}, ${run.source}, x.k, x.u, nullif(x.c, ''), nullif(x.e, '')
    from unnest(${links.map((l) => l.a.key)}::text[], ${links.map((l) => l.id)}::bigint[],
                ${links.map((l) => l.a.claimId)}::text[], ${links.map((l) => l.a.email)}::text[]) as x(k, u, c, e)
    on conflict do nothing`.execute(trx);
  for (const l of links) run.userIds.set(l.a.key, l.id);
}
