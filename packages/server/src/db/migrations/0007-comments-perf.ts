import type { Kysely } from 'kysely';

/** Reserved for a later change; runs nothing yet. */
export function up(_db: Kysely<unknown>): Promise<void> {
  return Promise.resolve();
}
