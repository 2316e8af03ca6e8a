import { sql } from 'kysely';
import type { Database } from '../../../db/index.js';
import './import.js';

/**
 * A first sign-in claims an imported author (import.ts, comment_import_users): when an app has no user for a token's
 * `sub` yet, an imported user of that app not claimed yet whose source id equals `sub`, or else whose e-mail equals the
 * token's `email` claim, becomes that user (its external id becomes `sub`), so the imported comments are theirs. The
 * host vouches for `email` by signing it: it should put only addresses it has verified in its tokens. True when a
 * user was claimed. Costs one read for a new user who was not imported, nothing for a returning one (the caller asks only for new ones).
 */
export async function claimImportedUser(db: Database, appId: string, sub: string, email: string): Promise<boolean> {
  // Most new users were never imported: one read (on the partial indexes of unclaimed authors) says so.
  const { rows: candidates } = await sql<{ one: number }>`
    select 1 as one from comment_import_users
    where app_id = ${appId} and claimed_at is null and (claim_id = ${sub} or (${email} <> '' and claim_email = ${email}))
    limit 1`.execute(db);
  if (candidates.length === 0) return false;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ userId: number }>`
      select iu.user_id from comment_import_users iu
      where iu.app_id = ${appId} and iu.claimed_at is null
        and (iu.claim_id = ${sub} or (${email} <> '' and iu.claim_email = ${email}))
      order by (iu.claim_id = ${sub}) desc nulls last, iu.created_at, iu.user_id
      limit 1
      for update skip locked`.execute(trx);
    const userId = rows[0]?.userId;
    if (userId === undefined) return false;
    const res = await sql`
      update comment_users set external_id = ${sub}
      where id = ${userId} and not exists (select 1 from comment_users o where o.app_id = ${appId} and o.external_id = ${sub})`.execute(trx);
    if (Number(res.numAffectedRows ?? 0) === 0) return false;
    await sql`update comment_import_users set claimed_at = now() where user_id = ${userId}`.execute(trx);
    return true;
  });
}
