// @prefixd/chat-client: calls to the chat API as one user, and an event queue read as an async iterator.

export { ChatApiError } from './chat-api-error.js'
export { ChatClient } from './chat-client.js'
export type { CallOptions, CallParams, ChatClientOptions, ChatSuccess, SetTimer, Sleep } from './chat-client.js'
export { DEFAULT_BACKOFF } from './backoff.js'
export type { BackoffOptions } from './backoff.js'
export { EventQueueClient, isReregister } from './event-queue-client.js'
export type { ChatEvent, EventQueueOptions, QueueItem, QueueReregistered, RegisterState } from './event-queue-client.js'
