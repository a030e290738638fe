// Reading request bodies (packages/chat/src/http/request-body.ts) and connections closed by their clients (http/app.ts).

import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import type { Context } from 'koa'
import { ChatError } from '../../../packages/chat/src/common/chat-error.js'
import { readBody } from '../../../packages/chat/src/http/request-body.js'
import { clientClosed } from '../../../packages/chat/src/http/app.js'

/** The part of a Koa context readBody uses: its headers and its request stream. */
function contextOf(req: Readable, headers: Record<string, string>): Context {
  return { get: (name: string) => headers[name.toLowerCase()] ?? '', req } as unknown as Context
}

describe('request bodies', () => {
  it('reads a form body', async () => {
    const req = Readable.from([Buffer.from('type=stream&to=general')])
    assert.deepEqual(await readBody(contextOf(req, { 'content-type': 'application/x-www-form-urlencoded' })), [
      ['type', 'stream'],
      ['to', 'general'],
    ])
  })

  it('answers a body its client cut short as a bad request, not as a server error', async () => {
    // What Node's HTTP server does when the connection closes before Content-Length bytes came.
    const req = new Readable({ read() {} })
    req.push(Buffer.from('type=str'))
    setImmediate(() => req.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })))
    await assert.rejects(readBody(contextOf(req, { 'content-type': 'application/x-www-form-urlencoded' })), (error: unknown) => {
      assert.ok(error instanceof ChatError)
      assert.equal(error.status, 400)
      assert.match(error.message, /cut short/)
      return true
    })
  })
})

describe('errors of connections the client closed', () => {
  const error = (message: string, code?: string): Error & { code?: string } => Object.assign(new Error(message), code === undefined ? {} : { code })

  it('are told from the service’s own errors', () => {
    // What Node.js raises for a reset, a body cut short, a socket ended mid-request, a write to a closed socket.
    for (const closed of [error('aborted', 'ECONNRESET'), error('aborted'), error('Parse Error', 'HPE_INVALID_EOF_STATE'), error('write EPIPE', 'EPIPE')]) {
      assert.equal(clientClosed(closed), true, closed.message)
    }
    for (const own of [error('relation "x" does not exist', '42P01'), new TypeError('x is undefined'), error('connect ECONNREFUSED', 'ECONNREFUSED')]) {
      assert.equal(clientClosed(own), false, own.message)
    }
  })
})
