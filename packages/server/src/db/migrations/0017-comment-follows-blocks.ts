import { sql, type Kysely } from 'kysely';

/**
 * Thread follows and user blocks of comment users of apps other than the main one (issue #18): their members are not
 * main-site accounts, so thread_follows and user_blocks (keyed by users.id) cannot hold them. Owned by the comment
 * module. A follow is of a top-level comment (the thread); unfollowing keeps the row (followed = false), as the main
 * site's thread_follows does. A block is between two comment users of the same app (the service checks the app).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists comment_thread_follows (
      user_id bigint not null references comment_users(id) on delete cascade,
      thread_id bigint not null references comments(id) on delete cascade,
      followed boolean not null,
      updated_at timestamptz not null default now(),
      primary key (user_id, thread_id)
    )`.execute(db);
  await sql`create index if not exists comment_thread_follows_thread_idx on comment_thread_follows (thread_id) where followed`.execute(db);
  await sql`
    create table if not exists comment_user_blocks (
      user_id bigint not null references comment_users(id) on delete cascade,
      blocked_user_id bigint not null references comment_users(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, blocked_user_id),
      check (user_id <> blocked_user_id)
    )`.execute(db);
  await sql`create index if not exists comment_user_blocks_list_idx on comment_user_blocks (user_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists comment_user_blocks`.execute(db);
  await sql`drop table if exists comment_thread_follows`.execute(db);
}
