// The official Zulip JavaScript client (zulip-js on npm), typed for the calls the tests make, as a new user loads it.

import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { USERS } from './chat-helpers.js'

export type Answer = Record<string, unknown> & { result: string }
/** The parts of zulip-js used here (the package ships no types). */
export interface Zulip {
  callEndpoint(endpoint: string, method?: string, params?: Record<string, unknown>): Promise<Answer>
  server: { settings(): Promise<Answer> }
  queues: { register(params: Record<string, unknown>): Promise<Answer>; deregister(params: Record<string, unknown>): Promise<Answer> }
  events: { retrieve(params: Record<string, unknown>): Promise<Answer> }
  messages: {
    send(params: Record<string, unknown>): Promise<Answer>
    render(params: Record<string, unknown>): Promise<Answer>
    retrieve(params: Record<string, unknown>): Promise<Answer>
    getById(params: { message_id: number }): Promise<Answer>
    getHistoryById(params: { message_id: number }): Promise<Answer>
    update(params: Record<string, unknown>): Promise<Answer>
    deleteById(params: { message_id: number }): Promise<Answer>
    flags: { add(params: Record<string, unknown>): Promise<Answer>; remove(params: Record<string, unknown>): Promise<Answer> }
  }
  streams: {
    retrieve(params?: Record<string, unknown>): Promise<Answer>
    getStreamId(name: string | Record<string, unknown>): Promise<Answer>
    subscriptions: { retrieve(params?: Record<string, unknown>): Promise<Answer> }
    topics: { retrieve(params: { stream_id: number }): Promise<Answer> }
    deleteById(params: { stream_id: number }): Promise<Answer>
  }
  users: {
    me: {
      getProfile(): Promise<Answer>
      subscriptions: { add(params: Record<string, unknown>): Promise<Answer>; remove(params: Record<string, unknown>): Promise<Answer> }
    }
    retrieve(params?: Record<string, unknown>): Promise<Answer>
    create(params: Record<string, unknown>): Promise<Answer>
  }
  reactions: { add(params: Record<string, unknown>): Promise<Answer>; remove(params: Record<string, unknown>): Promise<Answer> }
  typing: { send(params: Record<string, unknown>): Promise<Answer> }
  emojis: { retrieve(params?: Record<string, unknown>): Promise<Answer> }
}
const require = createRequire(import.meta.url)
// zulip-js loads isomorphic-form-data, which replaces the global FormData with the form-data package's
// for the whole process (every other test's fetch bodies with it): zulip-js keeps its own reference,
// so the global is put back.
const nodeFormData = globalThis.FormData
export const zulipInit = require('zulip-js') as (config: { realm: string; username: string; apiKey: string }) => Promise<Zulip>
globalThis.FormData = nodeFormData

export function success(answer: Answer): Answer {
  assert.equal(answer.result, 'success', JSON.stringify(answer))
  return answer
}

/** zulip-js logged in to `chat` as the fixture's user `name`. */
export function zulipAs(chat: { readonly url: string }, name: string): Promise<Zulip> {
  const user = USERS[name]!
  return zulipInit({ realm: chat.url, username: user.email, apiKey: user.api_key })
}
