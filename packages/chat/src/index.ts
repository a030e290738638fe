// @prefixd/chat: the chat service (SQLite, Koa) and the glue that brings prefixed names into it.

export { createChatApp, ok } from './app.js'
export type { ChatAppOptions, ChatServices } from './app.js'
export { startChat } from './start.js'
export type { ChatOptions, RunningChat } from './start.js'
export { ChangeLog } from './changes.js'
export type { ChangeEvent } from './changes.js'
export { openDatabase } from './db.js'
export { loadFixture, REFERENCE_FIXTURE } from './fixture.js'
export { DirectoryMailer } from './mailer.js'
export type { Mailer, MailMessage } from './mailer.js'
export { FEATURE_LEVEL } from './realm.js'
export { DEFAULT_RATE_LIMIT } from './rate-limit.js'
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
export { LocalBroker } from './event-broker.js'
export type { EventBroker } from './event-broker.js'
export type { TextLink, TextLinker } from './text-linker.js'
export { renderMessage, topicLinks } from './render.js'
export { linkifierLinker } from './linkify.js'
export { reverseLinkify } from './reverse-linkify.js'
export { prefixLinker } from './prefix-linker.js'
export { shrinkPastedIris } from './pasted-iris.js'
export { loadChatPrefixIndex } from './prefix-index-option.js'
