// Calls to chat processes started as programs, each request on a connection of its own.

import { request } from 'node:http'
import { USERS } from './chat-helpers.js'

export type Answer = { readonly status: number; readonly headers: Record<string, string | string[] | undefined>; readonly body: Record<string, unknown> }
export type Event = { readonly id: number; readonly type: string; readonly message?: { readonly id: number; readonly content: string } }

/**
 * One request as `user` on a connection of its own: a cluster hands connections to its workers in turn,
 * so consecutive calls reach each of them, and a process killed mid-request leaves no pooled socket behind.
 */
export function call(url: string, user: string, method: string, path: string, values: Record<string, string> = {}): Promise<Answer> {
  const encoded = new URLSearchParams(values).toString()
  const target = new URL(`${url}/api/v1${path}${method === 'GET' ? '?' + encoded : ''}`)
  return new Promise((resolve, reject) => {
    const req = request(target, {
      method,
      agent: false,
      headers: {
        authorization: 'Basic ' + Buffer.from(`${USERS[user]!.email}:${USERS[user]!.api_key}`).toString('base64'),
        ...(method !== 'GET' && { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(encoded) }),
      },
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    // A connection being handed to a process as it was killed may never be answered.
    req.setTimeout(15_000, () => req.destroy(new Error('no answer in 15 s')))
    req.end(method === 'GET' ? undefined : encoded)
  })
}
