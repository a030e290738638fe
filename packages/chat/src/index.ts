// @prefixd/chat: the chat service (SQLite, Koa) and the glue that brings prefixed names into it.

export { createChatApp } from './http/app.js'
export type { ChatAppOptions } from './http/app.js'
export { ok } from './http/context.js'
export type { ChatServices } from './http/context.js'
export type { Clock } from './clock.js'
export { startChat } from './start.js'
export type { ChatOptions, RunningChat } from './start.js'
export { ChangeLog } from './store/changes.js'
export type { ChangeEvent } from './store/changes.js'
export { openStore, isPostgresUrl } from './store/db.js'
export type { Sql, SqlValue, Store } from './store/store.js'
export { SqliteStore, openSqliteStore } from './store/sqlite-store.js'
export { PostgresStore } from './store/postgres-store.js'
export { loadFixture, REFERENCE_FIXTURE } from './store/fixture.js'
export { DirectoryMailer } from './org/mailer.js'
export type { Mailer, MailMessage } from './org/mailer.js'
export { FEATURE_LEVEL } from './org/realm.js'
export { DEFAULT_RATE_LIMIT } from './http/rate-limit.js'
export { ChatApiError, ChatClient, DEFAULT_BACKOFF, EventQueueClient, isReregister } from './client/index.js'
export type {
  BackoffOptions,
  CallOptions,
  CallParams,
  ChatClientOptions,
  ChatEvent,
  ChatSuccess,
  EventQueueOptions,
  QueueItem,
  QueueReregistered,
  RegisterState,
  Sleep,
} from './client/index.js'
export { EVERY_QUEUE, LocalBroker } from './events/event-broker.js'
export { PostgresBroker } from './events/postgres-broker.js'
export type { PostgresBrokerOptions } from './events/postgres-broker.js'
export type { BrokerListener, EventBroker, LatestEvent, PreparedAnswers } from './events/event-broker.js'
export type { TextLink, TextLinker } from './linkify/text-linker.js'
export { renderMessage, topicLinks } from './render/render.js'
export { linkifierLinker } from './linkify/linkify.js'
export { reverseLinkify } from './linkify/reverse-linkify.js'
export { prefixLinker } from './prefix-glue/prefix-linker.js'
export { shrinkPastedIris } from './prefix-glue/pasted-iris.js'
export { loadChatPrefixIndex } from './prefix-glue/prefix-index-option.js'
