// The schema, as numbered migrations: migration N brings the database to `user_version` N. Never edit
// one that has shipped; add the next.

import { SCHEMA_V1 } from './schema-v1.js'

/** A migration's SQL, the same for both stores, or each store's own where only one of them needs it. */
export type Migration = string | { readonly sqlite: string; readonly postgres: string }

/** The SQL of `migration` for `dialect` (a shared one is SQLite's, which PostgreSQL translates). */
export function migrationSql(migration: Migration, dialect: 'sqlite' | 'postgres'): string {
  return typeof migration === 'string' ? migration : migration[dialect]
}

export const MIGRATIONS: readonly Migration[] = [
  // 1: the organization as the reference fixture describes it, the per-user records, and the change log.
  SCHEMA_V1,
  // 2: event queues. Each queue's events are written with the change that causes them (same
  // transaction), so a queue survives any crash with every event of every acknowledged change.
  `
  CREATE TABLE event_queues (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    created_at INTEGER NOT NULL,
    last_connected_at INTEGER NOT NULL,
    lifespan_secs INTEGER NOT NULL,
    event_types TEXT,
    narrow TEXT NOT NULL DEFAULT '[]',
    all_public_streams INTEGER NOT NULL DEFAULT 0,
    apply_markdown INTEGER NOT NULL DEFAULT 1,
    client_capabilities TEXT NOT NULL DEFAULT '{}',
    next_event_id INTEGER NOT NULL DEFAULT 0,
    pruned_through INTEGER NOT NULL DEFAULT -1
  ) STRICT;
  CREATE INDEX event_queues_by_user ON event_queues (user_id);
  CREATE TABLE queue_events (
    queue_id TEXT NOT NULL REFERENCES event_queues(id) ON DELETE CASCADE,
    event_id INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (queue_id, event_id)
  ) STRICT, WITHOUT ROWID;
  CREATE TABLE dropped_queues (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    reason TEXT NOT NULL,
    dropped_at INTEGER NOT NULL
  ) STRICT;
  `,
  // 3: ids of drafts, scheduled messages and reminders are never reused after a deletion, so an id in an
  // old event or a client's cache can never name a newer item.
  `
  CREATE TABLE drafts_v3 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL,
    recipients TEXT NOT NULL,
    topic TEXT NOT NULL,
    content TEXT NOT NULL,
    timestamp INTEGER NOT NULL
  ) STRICT;
  INSERT INTO drafts_v3 SELECT * FROM drafts;
  DROP TABLE drafts;
  ALTER TABLE drafts_v3 RENAME TO drafts;
  CREATE TABLE scheduled_messages_v3 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sender_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL,
    recipients TEXT NOT NULL,
    topic TEXT NOT NULL,
    content TEXT NOT NULL,
    scheduled_delivery_timestamp INTEGER NOT NULL
  ) STRICT;
  INSERT INTO scheduled_messages_v3 SELECT * FROM scheduled_messages;
  DROP TABLE scheduled_messages;
  ALTER TABLE scheduled_messages_v3 RENAME TO scheduled_messages;
  CREATE TABLE reminders_v3 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    content TEXT NOT NULL,
    rendered_content TEXT NOT NULL,
    scheduled_delivery_timestamp INTEGER NOT NULL,
    reminder_target_message_id INTEGER NOT NULL,
    failed INTEGER NOT NULL,
    delivered INTEGER NOT NULL DEFAULT 0
  ) STRICT;
  INSERT INTO reminders_v3 SELECT * FROM reminders;
  DROP TABLE reminders;
  ALTER TABLE reminders_v3 RENAME TO reminders;
  `,
  // 4: an event shared by many queues is stored once (event_payloads) and each queue keeps a small
  // row pointing at it: a message to 1,000 queues writes one copy of the message, not 1,000.
  `
  CREATE TABLE event_payloads (id INTEGER PRIMARY KEY, body TEXT NOT NULL) STRICT;
  ALTER TABLE queue_events ADD COLUMN payload_id INTEGER REFERENCES event_payloads(id);
  CREATE INDEX queue_events_by_payload ON queue_events (payload_id) WHERE payload_id IS NOT NULL;
  `,
  // 5: linkifier ids are never reused either (an event or a client may still name a deleted one).
  `
  CREATE TABLE linkifiers_v5 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    position INTEGER NOT NULL,
    pattern TEXT NOT NULL,
    url_template TEXT NOT NULL,
    example_input TEXT,
    reverse_template TEXT,
    alternative_url_templates TEXT NOT NULL DEFAULT '[]'
  ) STRICT;
  INSERT INTO linkifiers_v5 SELECT * FROM linkifiers;
  DROP TABLE linkifiers;
  ALTER TABLE linkifiers_v5 RENAME TO linkifiers;
  `,
  // 6: a process claims the mail it is about to send, so that two processes (--workers) never send
  // the same message; the claim of a process that died before sending lapses (org/mailer.ts).
  `
  ALTER TABLE mail_outbox ADD COLUMN claimed_at INTEGER;
  `,
  // 7: request budgets held in the database, for processes that share only their database (several
  // chat processes on one PostgreSQL): one row per caller and its current window (http/store-rate-limit.ts).
  `
  CREATE TABLE rate_limits (
    caller TEXT PRIMARY KEY,
    window_start INTEGER NOT NULL,
    count INTEGER NOT NULL
  ) STRICT;
  `,
  // 8: a queue's events without foreign keys: a fan-out to 1,000 queues inserts 1,000 rows, and PostgreSQL
  // checked both keys of each row (2,000 lookups and row locks, most of the statement's time); the
  // rows are written only by the fan-out (for queues it has just read and locked, and a payload it has
  // just written) and deleted with their queue (events/event-queues.ts) or once acknowledged.
  `
  CREATE TABLE queue_events_v8 (
    queue_id TEXT NOT NULL,
    event_id INTEGER NOT NULL,
    event TEXT NOT NULL,
    payload_id INTEGER,
    PRIMARY KEY (queue_id, event_id)
  ) STRICT, WITHOUT ROWID;
  INSERT INTO queue_events_v8 (queue_id, event_id, event, payload_id) SELECT queue_id, event_id, event, payload_id FROM queue_events ORDER BY queue_id, event_id;
  DROP TABLE queue_events;
  ALTER TABLE queue_events_v8 RENAME TO queue_events;
  CREATE INDEX queue_events_by_payload ON queue_events (payload_id) WHERE payload_id IS NOT NULL;
  `,
  // 9: on PostgreSQL, a change of users (a new key, an email, a deactivation, a role — whatever the
  // process, or by hand) is announced at its commit on one channel, so that processes that remember
  // authenticated users (http/auth-cache.ts) forget them. One statement-level NOTIFY: PostgreSQL folds
  // equal ones of a transaction into one. SQLite needs nothing: its processes do not remember users.
  {
    sqlite: '',
    postgres: `
    CREATE FUNCTION prefixd_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('prefixd_chat_users', '');
      RETURN NULL;
    END $$;
    CREATE TRIGGER users_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION prefixd_users_changed();
    `,
  },
  // 10: what a bot or an integration uses beside messages — a subscriber's own settings of a channel
  // (NULL notification settings inherit the user's), reactions, uploaded files and the messages that
  // link them, bot storage, and presence. Files are kept in the database (not on disk): processes on
  // PostgreSQL share only the database, and a file and its record then commit or vanish together.
  `
  ALTER TABLE subscriptions ADD COLUMN color TEXT NOT NULL DEFAULT '';
  ALTER TABLE subscriptions ADD COLUMN pin_to_top INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE subscriptions ADD COLUMN is_muted INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE subscriptions ADD COLUMN desktop_notifications INTEGER;
  ALTER TABLE subscriptions ADD COLUMN audible_notifications INTEGER;
  ALTER TABLE subscriptions ADD COLUMN push_notifications INTEGER;
  ALTER TABLE subscriptions ADD COLUMN email_notifications INTEGER;
  ALTER TABLE subscriptions ADD COLUMN wildcard_mentions_notify INTEGER;
  CREATE TABLE reactions (
    message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    emoji_name TEXT NOT NULL,
    emoji_code TEXT NOT NULL,
    reaction_type TEXT NOT NULL,
    PRIMARY KEY (message_id, user_id, reaction_type, emoji_code)
  ) STRICT;
  CREATE TABLE attachments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id INTEGER NOT NULL REFERENCES users(id),
    path_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    create_time INTEGER NOT NULL,
    content BLOB NOT NULL
  ) STRICT;
  CREATE INDEX attachments_by_owner ON attachments (owner_id);
  CREATE TABLE attachment_messages (
    attachment_id INTEGER NOT NULL REFERENCES attachments(id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    PRIMARY KEY (attachment_id, message_id)
  ) STRICT;
  CREATE INDEX attachment_messages_by_message ON attachment_messages (message_id);
  CREATE TABLE bot_storage (
    user_id INTEGER NOT NULL REFERENCES users(id),
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
  ) STRICT;
  CREATE TABLE presence (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    active_timestamp INTEGER,
    idle_timestamp INTEGER,
    update_id INTEGER NOT NULL
  ) STRICT;
  `,
  // 11: each recipient's flags of each message (read, starred, mentioned …; messages/flags.ts), written with
  // the message; messages sent before get rows for their direct recipients and for those subscribed to their
  // channel when they were sent (a row makes a message visible: one for a message older than the subscription
  // would open protected history). No foreign keys, as in 8: a send to 1,000 people writes 1,000 rows, deleted
  // with their message.
  {
    sqlite: `
    CREATE TABLE user_messages (
      user_id INTEGER NOT NULL,
      message_id INTEGER NOT NULL,
      flags INTEGER NOT NULL,
      PRIMARY KEY (user_id, message_id)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX user_messages_by_message ON user_messages (message_id);
    INSERT INTO user_messages (user_id, message_id, flags)
      SELECT s.user_id, m.id, CASE WHEN s.user_id = m.sender_id THEN 1 ELSE 0 END FROM messages m JOIN subscriptions s ON s.stream_id = m.stream_id WHERE m.type = 'stream' AND m.timestamp >= s.subscribed_at
      UNION SELECT r.value, m.id, CASE WHEN r.value = m.sender_id THEN 1 ELSE 0 END FROM messages m, json_each(m.recipients) r WHERE m.type = 'private'
      UNION SELECT m.sender_id, m.id, 1 FROM messages m WHERE true
      ON CONFLICT DO NOTHING;
    `,
    postgres: `
    CREATE TABLE user_messages (
      user_id BIGINT NOT NULL,
      message_id BIGINT NOT NULL,
      flags BIGINT NOT NULL,
      PRIMARY KEY (user_id, message_id)
    );
    CREATE INDEX user_messages_by_message ON user_messages (message_id);
    INSERT INTO user_messages (user_id, message_id, flags)
      SELECT s.user_id, m.id, CASE WHEN s.user_id = m.sender_id THEN 1 ELSE 0 END FROM messages m JOIN subscriptions s ON s.stream_id = m.stream_id WHERE m.type = 'stream' AND m.timestamp >= s.subscribed_at
      UNION SELECT r.value::bigint, m.id, CASE WHEN r.value::bigint = m.sender_id THEN 1 ELSE 0 END FROM messages m, json_array_elements_text(m.recipients::json) r WHERE m.type = 'private'
      UNION SELECT m.sender_id, m.id, 1 FROM messages m
      ON CONFLICT DO NOTHING;
    `,
  },
  // 12: message history — reading a channel newest first (an index by channel and id), edits (their times
  // and history, newest first), and full-text search in each store's own engine: an FTS5 index kept by
  // triggers on SQLite, a generated tsvector with a GIN index on PostgreSQL (both word-based, no stemming:
  // the same words find the same messages in both stores; messages/narrow.ts).
  {
    sqlite: `
    CREATE INDEX messages_by_channel ON messages (stream_id, id);
    CREATE INDEX messages_by_sender ON messages (sender_id, id);
    ALTER TABLE messages ADD COLUMN last_edit_timestamp INTEGER;
    ALTER TABLE messages ADD COLUMN last_moved_timestamp INTEGER;
    ALTER TABLE messages ADD COLUMN edit_history TEXT;
    CREATE VIRTUAL TABLE message_search USING fts5(topic, content, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
    INSERT INTO message_search (rowid, topic, content) SELECT id, topic, content FROM messages;
    CREATE TRIGGER message_search_insert AFTER INSERT ON messages BEGIN
      INSERT INTO message_search (rowid, topic, content) VALUES (new.id, new.topic, new.content);
    END;
    CREATE TRIGGER message_search_delete AFTER DELETE ON messages BEGIN
      INSERT INTO message_search (message_search, rowid, topic, content) VALUES ('delete', old.id, old.topic, old.content);
    END;
    CREATE TRIGGER message_search_update AFTER UPDATE OF topic, content ON messages BEGIN
      INSERT INTO message_search (message_search, rowid, topic, content) VALUES ('delete', old.id, old.topic, old.content);
      INSERT INTO message_search (rowid, topic, content) VALUES (new.id, new.topic, new.content);
    END;
    `,
    postgres: `
    CREATE INDEX messages_by_channel ON messages (stream_id, id);
    CREATE INDEX messages_by_sender ON messages (sender_id, id);
    ALTER TABLE messages ADD COLUMN last_edit_timestamp BIGINT;
    ALTER TABLE messages ADD COLUMN last_moved_timestamp BIGINT;
    ALTER TABLE messages ADD COLUMN edit_history TEXT;
    ALTER TABLE messages ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple', topic || ' ' || content)) STORED;
    CREATE INDEX messages_search ON messages USING gin (search);
    `,
  },
  // 13: what moves and uploads need of the service itself — its own bot (the Notification Bot of moved
  // topics, kept out of user lists: routes/move-notices.ts, org/system-bots.ts) and the key temporary upload
  // URLs are signed with, made here once so that every process on the database shares it
  // (org/upload-urls.ts; 256 random bits from SQLite's randomblob, 244 from two of PostgreSQL's
  // gen_random_uuid, both drawn from a CSPRNG).
  {
    sqlite: `
    ALTER TABLE users ADD COLUMN is_system_bot INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE server_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
    INSERT INTO server_secrets (name, value) VALUES ('upload_url', lower(hex(randomblob(32))));
    `,
    postgres: `
    ALTER TABLE users ADD COLUMN is_system_bot BIGINT NOT NULL DEFAULT 0;
    CREATE TABLE server_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    INSERT INTO server_secrets (name, value) VALUES ('upload_url', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
    `,
  },
]
