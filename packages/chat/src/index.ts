// @prefixd/chat: the chat service (SQLite or PostgreSQL, Koa) and the glue that brings prefixed names into it.
// The service's face only: what starts it, its options and what they take. Benches and tests reach internals
// through source paths (packages/chat/src/…), as the other packages' tests do.

export { startChat } from './start.js'
export type { ChatOptions, RunningChat } from './start.js'
export { REFERENCE_FIXTURE } from './fixture.js'
export type { Clock } from './clock.js'
export { openStore, isPostgresUrl } from './store/db.js'
export type { Sql, SqlValue, Store } from './store/store.js'
export { DirectoryMailer } from './org/mailer.js'
export type { Mailer, MailMessage } from './org/mailer.js'
export { FEATURE_LEVEL } from './org/realm.js'
export { DEFAULT_RATE_LIMIT } from './http/rate-limit.js'
export { EVERY_QUEUE, LocalBroker } from './events/event-broker.js'
export { PostgresBroker } from './events/postgres-broker.js'
export type { PostgresBrokerOptions } from './events/postgres-broker.js'
export type { BrokerListener, EventBroker } from './events/event-broker.js'
export type { LatestEvent, PreparedAnswers } from './events/poll-answers.js'
export type { TextLink, TextLinker } from './linkify/text-linker.js'
