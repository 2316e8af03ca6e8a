import { sql, type Kysely } from 'kysely';

/**
 * The whole data model of the three spec documents. Plain SQL so PGlite and PostgreSQL run the same text;
 * every statement is idempotent so a half-applied run can be repeated.
 *
 * Ids: users and comment rows use bigint identities internally; what the wire shows (userId, commentId, post id)
 * are short random strings so ids cannot be enumerated.
 */
const statements = [
  // --- accounts -------------------------------------------------------------------------------------------
  `CREATE TABLE IF NOT EXISTS users (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id text NOT NULL UNIQUE,
    hash_id text NOT NULL UNIQUE,
    username text NOT NULL,
    full_name text NOT NULL DEFAULT '',
    email text,
    email_hash text,
    pending_email text,
    password_hash text,
    email_verified boolean NOT NULL DEFAULT false,
    age_verified boolean NOT NULL DEFAULT false,
    about text NOT NULL DEFAULT '',
    country text NOT NULL DEFAULT '',
    location text NOT NULL DEFAULT '',
    gender text NOT NULL DEFAULT '',
    birthday date,
    avatar_url text NOT NULL DEFAULT '',
    emoji_status text NOT NULL DEFAULT '',
    safe_mode boolean NOT NULL DEFAULT true,
    nsfw_mode boolean NOT NULL DEFAULT false,
    offensive_mode boolean NOT NULL DEFAULT false,
    dark_mode boolean,
    tier smallint NOT NULL DEFAULT 0,
    pro_expires_at timestamptz,
    membership_purchase_at timestamptz,
    is_verified_account boolean NOT NULL DEFAULT false,
    preferences jsonb NOT NULL DEFAULT '{}'::jsonb,
    initial_follow_finished boolean NOT NULL DEFAULT false,
    auto_follow_thread_reply boolean NOT NULL DEFAULT true,
    restricted boolean NOT NULL DEFAULT false,
    subscribe_news boolean NOT NULL DEFAULT false,
    id_opt_out boolean NOT NULL DEFAULT false,
    referral_code text,
    referral_eligible boolean,
    google_sub text UNIQUE,
    facebook_sub text UNIQUE,
    apple_sub text UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    active_at timestamptz NOT NULL DEFAULT now(),
    upload_at timestamptz,
    deleted_at timestamptz
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS users_username_key ON users (lower(username))`,
  `CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON users (email) WHERE email IS NOT NULL`,
  `CREATE TABLE IF NOT EXISTS sessions (
    id text PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    ip text NOT NULL DEFAULT '',
    user_agent text NOT NULL DEFAULT ''
  )`,
  `CREATE INDEX IF NOT EXISTS sessions_user_idx ON sessions (user_id)`,
  `CREATE INDEX IF NOT EXISTS sessions_expiry_idx ON sessions (expires_at)`,
  `CREATE TABLE IF NOT EXISTS email_tokens (
    token_hash text PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('verify', 'reset')),
    email text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  `CREATE INDEX IF NOT EXISTS email_tokens_user_idx ON email_tokens (user_id, kind)`,
  `CREATE TABLE IF NOT EXISTS user_blocks (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    blocked_user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, blocked_user_id)
  )`,
  `CREATE INDEX IF NOT EXISTS user_blocks_list_idx ON user_blocks (user_id, created_at DESC)`,
  `CREATE TABLE IF NOT EXISTS mute_words (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, value)
  )`,
  `CREATE TABLE IF NOT EXISTS blocked_tags (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, value)
  )`,
  `CREATE TABLE IF NOT EXISTS award_balances (
    user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0)
  )`,

  // --- taxonomy -------------------------------------------------------------------------------------------
  `CREATE TABLE IF NOT EXISTS tags (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key text NOT NULL UNIQUE,
    description text NOT NULL DEFAULT '',
    is_sensitive boolean NOT NULL DEFAULT false,
    config jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS interests (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key text NOT NULL UNIQUE,
    list_type text NOT NULL DEFAULT 'interest',
    name text NOT NULL,
    emoji text NOT NULL DEFAULT '',
    image_url text NOT NULL DEFAULT '',
    is_sensitive boolean NOT NULL DEFAULT false,
    is_local boolean NOT NULL DEFAULT false,
    location_code text NOT NULL DEFAULT '',
    config jsonb NOT NULL DEFAULT '{}'::jsonb,
    position integer NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE IF NOT EXISTS interest_tags (
    interest_id bigint NOT NULL REFERENCES interests(id) ON DELETE CASCADE,
    tag_id bigint NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    PRIMARY KEY (interest_id, tag_id)
  )`,
  `CREATE TABLE IF NOT EXISTS followed_pages (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('tag', 'interest')),
    key text NOT NULL,
    notification boolean NOT NULL DEFAULT true,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, kind, key)
  )`,
  `CREATE INDEX IF NOT EXISTS followed_pages_recent_idx ON followed_pages (user_id, updated_at DESC)`,

  // --- posts ----------------------------------------------------------------------------------------------
  `CREATE TABLE IF NOT EXISTS posts (
    id text PRIMARY KEY,
    seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    creator_id bigint REFERENCES users(id) ON DELETE SET NULL,
    type text NOT NULL CHECK (type IN ('Photo','Animated','Video','EmbedVideo','Article','CollectionPage','Text','ForumPost')),
    title text NOT NULL,
    description text NOT NULL DEFAULT '',
    nsfw boolean NOT NULL DEFAULT false,
    is_anonymous boolean NOT NULL DEFAULT false,
    is_meme boolean NOT NULL DEFAULT false,
    promoted boolean NOT NULL DEFAULT false,
    is_vote_masked boolean NOT NULL DEFAULT false,
    gam_flagged boolean NOT NULL DEFAULT false,
    has_long_post_cover boolean NOT NULL DEFAULT false,
    sensitive_cover boolean NOT NULL DEFAULT false,
    can_anonymous boolean NOT NULL DEFAULT false,
    source_domain text NOT NULL DEFAULT '',
    source_url text NOT NULL DEFAULT '',
    credit jsonb,
    cta_data jsonb,
    images jsonb NOT NULL DEFAULT '{}'::jsonb,
    video jsonb,
    article jsonb,
    up_vote_count integer NOT NULL DEFAULT 0 CHECK (up_vote_count >= 0),
    down_vote_count integer NOT NULL DEFAULT 0 CHECK (down_vote_count >= 0),
    comments_count integer NOT NULL DEFAULT 0 CHECK (comments_count >= 0),
    awards_count integer NOT NULL DEFAULT 0,
    hot_score double precision NOT NULL DEFAULT 0,
    search tsvector GENERATED ALWAYS AS (to_tsvector('english', title || ' ' || description)) STORED,
    status text NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'removed', 'deleted')),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS posts_fresh_idx ON posts (created_at DESC, id) WHERE status = 'live'`,
  `CREATE INDEX IF NOT EXISTS posts_hot_idx ON posts (hot_score DESC, id) WHERE status = 'live'`,
  `CREATE INDEX IF NOT EXISTS posts_type_fresh_idx ON posts (type, created_at DESC, id) WHERE status = 'live'`,
  `CREATE INDEX IF NOT EXISTS posts_top_idx ON posts (created_at, up_vote_count DESC) WHERE status = 'live'`,
  `CREATE INDEX IF NOT EXISTS posts_creator_idx ON posts (creator_id, created_at DESC)`,
  `CREATE INDEX IF NOT EXISTS posts_search_idx ON posts USING gin (search)`,
  `CREATE TABLE IF NOT EXISTS post_tags (
    post_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    tag_id bigint NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    position smallint NOT NULL DEFAULT 0,
    PRIMARY KEY (post_id, tag_id)
  )`,
  `CREATE INDEX IF NOT EXISTS post_tags_tag_idx ON post_tags (tag_id, post_id)`,
  `CREATE TABLE IF NOT EXISTS post_interests (
    post_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    interest_id bigint NOT NULL REFERENCES interests(id) ON DELETE CASCADE,
    PRIMARY KEY (post_id, interest_id)
  )`,
  `CREATE INDEX IF NOT EXISTS post_interests_interest_idx ON post_interests (interest_id, post_id)`,
  `CREATE TABLE IF NOT EXISTS collection_items (
    collection_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    post_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    position integer NOT NULL,
    PRIMARY KEY (collection_id, post_id)
  )`,
  `CREATE INDEX IF NOT EXISTS collection_items_order_idx ON collection_items (collection_id, position)`,
  `CREATE TABLE IF NOT EXISTS post_votes (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    post_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    value smallint NOT NULL CHECK (value IN (-1, 1)),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, post_id)
  )`,
  `CREATE INDEX IF NOT EXISTS post_votes_post_idx ON post_votes (post_id, created_at)`,
  `CREATE INDEX IF NOT EXISTS post_votes_likes_idx ON post_votes (user_id, created_at DESC) WHERE value = 1`,
  `CREATE TABLE IF NOT EXISTS post_saves (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    post_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, post_id)
  )`,
  `CREATE INDEX IF NOT EXISTS post_saves_list_idx ON post_saves (user_id, created_at DESC)`,
  `CREATE TABLE IF NOT EXISTS post_blocks (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    post_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    type text NOT NULL DEFAULT 'post',
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, post_id)
  )`,
  `CREATE TABLE IF NOT EXISTS reports (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reporter_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    post_id text REFERENCES posts(id) ON DELETE CASCADE,
    reported_user_id bigint REFERENCES users(id) ON DELETE CASCADE,
    type integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((post_id IS NULL) <> (reported_user_id IS NULL))
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS reports_post_once ON reports (reporter_id, post_id) WHERE post_id IS NOT NULL`,
  `CREATE UNIQUE INDEX IF NOT EXISTS reports_user_once ON reports (reporter_id, reported_user_id) WHERE reported_user_id IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS reports_post_idx ON reports (post_id)`,
  `CREATE TABLE IF NOT EXISTS polls (
    post_id text PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
    options jsonb NOT NULL,
    ends_at timestamptz NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS poll_votes (
    post_id text NOT NULL REFERENCES polls(post_id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    option_index smallint NOT NULL CHECK (option_index >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (post_id, user_id)
  )`,
  `CREATE TABLE IF NOT EXISTS awards (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    post_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    sender_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    recipient_id bigint REFERENCES users(id) ON DELETE SET NULL,
    type text NOT NULL DEFAULT 'cheers',
    amount integer NOT NULL DEFAULT 1 CHECK (amount > 0),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS awards_post_idx ON awards (post_id, created_at DESC)`,
  `CREATE INDEX IF NOT EXISTS awards_sender_idx ON awards (sender_id)`,

  // --- comment service ------------------------------------------------------------------------------------
  `CREATE TABLE IF NOT EXISTS comment_apps (
    id text PRIMARY KEY,
    name text NOT NULL,
    secret text NOT NULL,
    allowed_origins jsonb NOT NULL DEFAULT '[]'::jsonb,
    max_message_length integer NOT NULL DEFAULT 1000,
    anonymous_avatar_url text NOT NULL DEFAULT '',
    host text NOT NULL DEFAULT '',
    cdn_host text NOT NULL DEFAULT '',
    quota_per_hour integer NOT NULL DEFAULT 60,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS comment_users (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    app_id text NOT NULL REFERENCES comment_apps(id) ON DELETE CASCADE,
    external_id text NOT NULL,
    user_id text NOT NULL UNIQUE,
    display_name text NOT NULL DEFAULT '',
    avatar_url text NOT NULL DEFAULT '',
    profile_url text NOT NULL DEFAULT '',
    country text NOT NULL DEFAULT '',
    emoji_status text NOT NULL DEFAULT '',
    is_pro boolean NOT NULL DEFAULT false,
    is_pro_plus boolean NOT NULL DEFAULT false,
    is_verified boolean NOT NULL DEFAULT false,
    preferences jsonb NOT NULL DEFAULT '{}'::jsonb,
    banned_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    active_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (app_id, external_id)
  )`,
  `CREATE TABLE IF NOT EXISTS comment_moderators (
    app_id text NOT NULL REFERENCES comment_apps(id) ON DELETE CASCADE,
    external_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (app_id, external_id)
  )`,
  `CREATE TABLE IF NOT EXISTS comment_sections (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    app_id text NOT NULL REFERENCES comment_apps(id) ON DELETE CASCADE,
    url text NOT NULL,
    op_external_id text,
    locked boolean NOT NULL DEFAULT false,
    status text NOT NULL DEFAULT 'open',
    total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
    is_forum boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (app_id, url)
  )`,
  `CREATE TABLE IF NOT EXISTS comments (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    comment_id text NOT NULL UNIQUE,
    section_id bigint NOT NULL REFERENCES comment_sections(id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES comment_users(id) ON DELETE CASCADE,
    parent_id bigint REFERENCES comments(id) ON DELETE CASCADE,
    thread_id bigint REFERENCES comments(id) ON DELETE CASCADE,
    level smallint NOT NULL CHECK (level IN (1, 2)),
    type text NOT NULL DEFAULT 'text' CHECK (type IN ('text', 'userMedia')),
    text text NOT NULL DEFAULT '',
    media_text text NOT NULL DEFAULT '',
    media jsonb NOT NULL DEFAULT '[]'::jsonb,
    attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
    mention_mapping jsonb NOT NULL DEFAULT '{}'::jsonb,
    like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
    dislike_count integer NOT NULL DEFAULT 0 CHECK (dislike_count >= 0),
    children_total integer NOT NULL DEFAULT 0 CHECK (children_total >= 0),
    hot_score double precision NOT NULL DEFAULT 0,
    is_pinned boolean NOT NULL DEFAULT false,
    pinned_at timestamptz,
    is_deleted boolean NOT NULL DEFAULT false,
    is_sensitive boolean NOT NULL DEFAULT false,
    is_offensive boolean NOT NULL DEFAULT false,
    is_hidden boolean NOT NULL DEFAULT false,
    is_collapsed boolean NOT NULL DEFAULT false,
    op_status smallint NOT NULL DEFAULT 0,
    delegate_user_id bigint REFERENCES comment_users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS comments_new_idx ON comments (section_id, created_at DESC, id DESC) WHERE level = 1`,
  `CREATE INDEX IF NOT EXISTS comments_old_idx ON comments (section_id, created_at, id) WHERE level = 1`,
  `CREATE INDEX IF NOT EXISTS comments_hot_idx ON comments (section_id, hot_score DESC, id DESC) WHERE level = 1`,
  `CREATE INDEX IF NOT EXISTS comments_pinned_idx ON comments (section_id) WHERE is_pinned`,
  `CREATE INDEX IF NOT EXISTS comments_thread_idx ON comments (thread_id, created_at, id) WHERE level = 2`,
  `CREATE INDEX IF NOT EXISTS comments_user_idx ON comments (user_id, created_at DESC)`,
  `CREATE TABLE IF NOT EXISTS comment_likes (
    comment_id bigint NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES comment_users(id) ON DELETE CASCADE,
    value smallint NOT NULL CHECK (value IN (-1, 1)),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (comment_id, user_id)
  )`,
  `CREATE INDEX IF NOT EXISTS comment_likes_user_idx ON comment_likes (user_id)`,
  `CREATE TABLE IF NOT EXISTS comment_reports (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    comment_id bigint NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
    reporter_id bigint NOT NULL REFERENCES comment_users(id) ON DELETE CASCADE,
    data jsonb NOT NULL DEFAULT '{}'::jsonb,
    resolved_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (comment_id, reporter_id)
  )`,
  `CREATE INDEX IF NOT EXISTS comment_reports_open_idx ON comment_reports (created_at DESC) WHERE resolved_at IS NULL`,
  `CREATE TABLE IF NOT EXISTS comment_media (
    token text PRIMARY KEY,
    app_id text NOT NULL REFERENCES comment_apps(id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES comment_users(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('userMedia', 'link')),
    item jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS comment_quotas (
    user_id bigint PRIMARY KEY REFERENCES comment_users(id) ON DELETE CASCADE,
    window_started_at timestamptz NOT NULL DEFAULT now(),
    used integer NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE IF NOT EXISTS thread_follows (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    thread_id text NOT NULL,
    followed boolean NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, thread_id)
  )`,
  `CREATE INDEX IF NOT EXISTS thread_follows_thread_idx ON thread_follows (thread_id) WHERE followed`,

  // --- notifications and analytics ------------------------------------------------------------------------
  `CREATE TABLE IF NOT EXISTS notifications (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type text NOT NULL,
    group_key text NOT NULL,
    url text NOT NULL DEFAULT '',
    title text NOT NULL DEFAULT '',
    message text NOT NULL DEFAULT '',
    wrap_message text NOT NULL DEFAULT '',
    actor_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
    post_id text REFERENCES posts(id) ON DELETE CASCADE,
    supp_data jsonb NOT NULL DEFAULT '{}'::jsonb,
    is_read boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS notifications_group_key ON notifications (user_id, group_key)`,
  `CREATE INDEX IF NOT EXISTS notifications_list_idx ON notifications (user_id, updated_at DESC, id DESC)`,
  `CREATE TABLE IF NOT EXISTS notification_read_states (
    user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    last_read_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS analytics_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL,
    user_id bigint REFERENCES users(id) ON DELETE SET NULL,
    session_key text NOT NULL DEFAULT '',
    post_id text,
    payload jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS analytics_events_name_idx ON analytics_events (name, created_at DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'analytics_events', 'notification_read_states', 'notifications', 'thread_follows', 'comment_quotas', 'comment_media',
    'comment_reports', 'comment_likes', 'comments', 'comment_sections', 'comment_moderators', 'comment_users',
    'comment_apps', 'awards', 'poll_votes', 'polls', 'reports', 'post_blocks', 'post_saves', 'post_votes',
    'collection_items', 'post_interests', 'post_tags', 'posts', 'followed_pages', 'interest_tags', 'interests', 'tags',
    'award_balances', 'blocked_tags', 'mute_words', 'user_blocks', 'email_tokens', 'sessions', 'users',
  ];
  for (const table of tables) await sql.raw(`DROP TABLE IF EXISTS ${table} CASCADE`).execute(db);
}
