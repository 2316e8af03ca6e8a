import type { Database } from '../../db/index.js';
import type { UsedProofs } from '../../lib/proof-of-work.js';

/**
 * The used proofs of work (lib/proof-of-work.ts verifyProof) in the database, so every instance refuses a replay: the
 * signup captcha and x-wp of the main API, and the comment service's writes (handed to it as app.usedProofs).
 */
export function usedProofsStore(db: Database): UsedProofs {
  return {
    async use(signature, expiresAt) {
      const inserted = await db
        .insertInto('usedProofs')
        .values({ signature, expiresAt })
        .onConflict((oc) => oc.column('signature').doNothing())
        .returning('signature')
        .executeTakeFirst();
      if (!inserted) return false;
      // Expired signatures are deleted now and then (a replay of them fails on its expiry first).
      if (Math.random() < 0.02) await db.deleteFrom('usedProofs').where('expiresAt', '<', new Date()).execute();
      return true;
    },
  };
}
