// The request log over real HTTP: one JSON line per request under a request id that the answer carries too.

import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { PrefixIndex } from '@prefixd/core'
import { createApp, createLogger } from '@prefixd/server'
import { listen, type Running } from './http-helpers.js'

/** A stream that keeps what pino writes, one parsed entry per line. */
function capture(): { stream: Writable; entries: () => Record<string, unknown>[]; text: () => string } {
  let text = ''
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk
      done()
    },
  })
  return { stream, text: () => text, entries: () => text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>) }
}

describe('request log', () => {
  let index: PrefixIndex
  before(async () => {
    index = await PrefixIndex.loadDefault()
  })

  describe('with JSON lines', () => {
    let service: Running
    let log: ReturnType<typeof capture>
    beforeEach(async () => {
      log = capture()
      service = await listen(createApp({ index, logger: await createLogger({ destination: log.stream }) }))
    })
    afterEach(() => service.close())

    it('logs method, URL, status and time under a request id it makes and sends back', async () => {
      const response = await fetch(`${service.url}/api/v1/expand?q=foaf:Person`)
      assert.equal(response.status, 200)
      const id = response.headers.get('x-request-id')
      assert.match(id ?? '', /^[\w-]+-[0-9a-z]+$/)
      // A script in a page of another origin may read it too, to quote it in a bug report.
      assert.match(response.headers.get('access-control-expose-headers') ?? '', /\bX-Request-Id\b/)
      const [entry] = log.entries()
      assert.deepEqual({ ...entry, time: undefined, ms: undefined, pid: undefined, hostname: undefined }, {
        level: 30,
        time: undefined,
        pid: undefined,
        hostname: undefined,
        reqId: id,
        method: 'GET',
        url: '/api/v1/expand?q=foaf:Person',
        status: 200,
        ms: undefined,
      })
      assert.equal(typeof entry!.ms, 'number')
      assert.ok((entry!.ms as number) >= 0)
    })

    it('makes a new id for every request', async () => {
      const ids = await Promise.all([1, 2, 3].map(() => fetch(`${service.url}/api/v1/health`).then((r) => r.headers.get('x-request-id'))))
      assert.equal(new Set(ids).size, 3)
      assert.deepEqual(log.entries().map((e) => e.reqId).sort(), [...ids].sort())
    })

    it("keeps the client's X-Request-Id, and replaces one that is too long or not visible ASCII", async () => {
      const sent = ['trace-42/a.b', 'x'.repeat(129), 'with space', 'é']
      const echoed = []
      for (const id of sent) {
        echoed.push((await fetch(`${service.url}/api/v1/health`, { headers: { 'x-request-id': id } })).headers.get('x-request-id'))
      }
      assert.equal(echoed[0], 'trace-42/a.b')
      for (const id of echoed.slice(1)) assert.match(id ?? '', /^[\w-]+-[0-9a-z]+$/)
      assert.deepEqual(log.entries().map((e) => e.reqId), echoed)
    })

    it('logs errors and unknown routes at info with their status, and cuts long URLs to 512 characters', async () => {
      await fetch(`${service.url}/api/v1/nothing`)
      await fetch(`${service.url}/api/v1/expand?q=${'a'.repeat(1000)}`)
      const [missing, long] = log.entries()
      assert.deepEqual([missing!.level, missing!.status, missing!.url], [30, 404, '/api/v1/nothing'])
      assert.equal(long!.status, 404)
      assert.equal(long!.url, `/api/v1/expand?q=${'a'.repeat(1000)}`.slice(0, 512) + '…')
    })
  })

  it('logs a failure at error level with its stack, and the request at error level', async () => {
    const log = capture()
    const broken = { expand: () => { throw new Error('boom') } } as unknown as PrefixIndex
    const service = await listen(createApp({ index: broken, logger: await createLogger({ destination: log.stream }) }))
    try {
      const response = await fetch(`${service.url}/api/v1/expand?q=foaf:Person`)
      assert.equal(response.status, 500)
      const id = response.headers.get('x-request-id')
      const [failure, request] = log.entries()
      assert.deepEqual([failure!.level, failure!.msg, failure!.reqId], [50, 'internal error', id])
      assert.match((failure!.err as { stack: string }).stack, /Error: boom/)
      assert.deepEqual([request!.level, request!.status, request!.reqId], [50, 500, id])
    } finally {
      await service.close()
    }
  })

  it('writes nothing per request with logRequests: false, or below the level', async () => {
    for (const [options, level] of [[{ logRequests: false }, 'info'], [{}, 'warn']] as const) {
      const log = capture()
      const service = await listen(createApp({ index, ...options, logger: await createLogger({ destination: log.stream, level }) }))
      try {
        const response = await fetch(`${service.url}/api/v1/expand?q=foaf:Person`)
        assert.equal(response.status, 200)
        assert.equal(log.text(), '')
      } finally {
        await service.close()
      }
    }
  })

  it('writes one readable line per request with the pretty format', async () => {
    const log = capture()
    const service = await listen(createApp({ index, logger: await createLogger({ destination: log.stream, format: 'pretty' }) }))
    try {
      await fetch(`${service.url}/api/v1/expand?q=foaf:Person`)
      assert.match(log.text(), /INFO.*: GET \/api\/v1\/expand\?q=foaf:Person 200 [\d.]+ ms\n$/)
    } finally {
      await service.close()
    }
  })
})
