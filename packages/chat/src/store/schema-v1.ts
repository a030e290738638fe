// Migration 1 of the chat's schema (store/migrations.ts): the organization as the reference fixture describes it, the per-user records, and the change log.
// Never edited once released: a later migration changes what it made.

export const SCHEMA_V1 = `
  CREATE TABLE realm (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
  CREATE TABLE allowed_domains (domain TEXT PRIMARY KEY, allow_subdomains INTEGER NOT NULL) STRICT;
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    full_name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('owner', 'administrator', 'moderator', 'member', 'guest')),
    is_active INTEGER NOT NULL,
    is_bot INTEGER NOT NULL,
    bot_owner_id INTEGER REFERENCES users(id),
    api_key_hash TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    timezone TEXT NOT NULL DEFAULT '',
    date_joined INTEGER NOT NULL,
    settings_edited INTEGER NOT NULL DEFAULT 0
  ) STRICT;
  CREATE TABLE user_settings (
    user_id INTEGER NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user_id, name)
  ) STRICT;
  CREATE TABLE email_changes (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    new_email TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    sent_at INTEGER
  ) STRICT;
  CREATE TABLE channels (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL,
    invite_only INTEGER NOT NULL,
    history_public_to_subscribers INTEGER NOT NULL,
    is_archived INTEGER NOT NULL,
    date_created INTEGER NOT NULL,
    creator_id INTEGER REFERENCES users(id)
  ) STRICT;
  CREATE TABLE subscriptions (
    stream_id INTEGER NOT NULL REFERENCES channels(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    subscribed_at INTEGER NOT NULL,
    PRIMARY KEY (stream_id, user_id)
  ) STRICT;
  CREATE TABLE messages (
    id INTEGER PRIMARY KEY,
    type TEXT NOT NULL CHECK (type IN ('stream', 'private')),
    stream_id INTEGER REFERENCES channels(id),
    topic TEXT NOT NULL DEFAULT '',
    recipients TEXT NOT NULL DEFAULT '[]',
    sender_id INTEGER NOT NULL REFERENCES users(id),
    content TEXT NOT NULL,
    rendered_content TEXT NOT NULL,
    timestamp INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX messages_by_topic ON messages (stream_id, topic, id);
  CREATE TABLE user_groups (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL,
    is_system_group INTEGER NOT NULL,
    creator_id INTEGER REFERENCES users(id),
    date_created INTEGER,
    deactivated INTEGER NOT NULL,
    can_add_members_group TEXT NOT NULL,
    can_join_group TEXT NOT NULL,
    can_leave_group TEXT NOT NULL,
    can_manage_group TEXT NOT NULL,
    can_mention_group TEXT NOT NULL,
    can_remove_members_group TEXT NOT NULL
  ) STRICT;
  CREATE TABLE group_members (
    group_id INTEGER NOT NULL REFERENCES user_groups(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    PRIMARY KEY (group_id, user_id)
  ) STRICT;
  CREATE TABLE group_subgroups (
    group_id INTEGER NOT NULL REFERENCES user_groups(id),
    subgroup_id INTEGER NOT NULL REFERENCES user_groups(id),
    PRIMARY KEY (group_id, subgroup_id)
  ) STRICT;
  CREATE TABLE drafts (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL,
    recipients TEXT NOT NULL,
    topic TEXT NOT NULL,
    content TEXT NOT NULL,
    timestamp INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE navigation_views (
    user_id INTEGER NOT NULL REFERENCES users(id),
    fragment TEXT NOT NULL,
    is_pinned INTEGER NOT NULL,
    name TEXT,
    PRIMARY KEY (user_id, fragment)
  ) STRICT;
  CREATE TABLE scheduled_messages (
    id INTEGER PRIMARY KEY,
    sender_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL,
    recipients TEXT NOT NULL,
    topic TEXT NOT NULL,
    content TEXT NOT NULL,
    scheduled_delivery_timestamp INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE reminders (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    content TEXT NOT NULL,
    rendered_content TEXT NOT NULL,
    scheduled_delivery_timestamp INTEGER NOT NULL,
    reminder_target_message_id INTEGER NOT NULL,
    failed INTEGER NOT NULL,
    delivered INTEGER NOT NULL DEFAULT 0
  ) STRICT;
  CREATE TABLE push_tokens (
    user_id INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('android', 'ios')),
    token TEXT NOT NULL,
    PRIMARY KEY (user_id, kind, token)
  ) STRICT;
  CREATE TABLE export_consents (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    consented INTEGER NOT NULL,
    email_address_visibility INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE linkifiers (
    id INTEGER PRIMARY KEY,
    position INTEGER NOT NULL,
    pattern TEXT NOT NULL,
    url_template TEXT NOT NULL,
    example_input TEXT,
    reverse_template TEXT,
    alternative_url_templates TEXT NOT NULL DEFAULT '[]'
  ) STRICT;
  CREATE TABLE user_topics (
    user_id INTEGER NOT NULL REFERENCES users(id),
    stream_id INTEGER NOT NULL REFERENCES channels(id),
    topic TEXT NOT NULL,
    visibility_policy INTEGER NOT NULL,
    last_updated INTEGER NOT NULL,
    PRIMARY KEY (user_id, stream_id, topic)
  ) STRICT;
  CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at INTEGER NOT NULL,
    user_ids TEXT NOT NULL,
    event TEXT NOT NULL
  ) STRICT;
  `
