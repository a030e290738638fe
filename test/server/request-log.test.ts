// The request log over real HTTP: one JSON line per request under a request id that the answer carries too.

import assert from 'node:assert/strict'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import fc from 'fast-check'
import { pino } from 'pino'
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
  return {
    stream,
    text: () => text,
    entries: () =>
      text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  }
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
      assert.deepEqual(
        { ...entry, time: undefined, ms: undefined, pid: undefined, hostname: undefined },
        {
          level: 30,
          time: undefined,
          pid: undefined,
          hostname: undefined,
          reqId: id,
          method: 'GET',
          url: '/api/v1/expand?q=foaf:Person',
          status: 200,
          ms: undefined,
        },
      )
      assert.equal(typeof entry!.ms, 'number')
      assert.ok((entry!.ms as number) >= 0)
    })

    it('makes a new id for every request', async () => {
      const ids = await Promise.all([1, 2, 3].map(() => fetch(`${service.url}/api/v1/health`).then((r) => r.headers.get('x-request-id'))))
      assert.equal(new Set(ids).size, 3)
      assert.deepEqual(
        log
          .entries()
          .map((e) => e.reqId)
          .sort(),
        [...ids].sort(),
      )
    })

    it("keeps the client's X-Request-Id, and replaces one that is too long or not visible ASCII", async () => {
      const sent = ['trace-42/a.b', 'x'.repeat(129), 'with space', 'é']
      const echoed = []
      for (const id of sent) {
        echoed.push((await fetch(`${service.url}/api/v1/health`, { headers: { 'x-request-id': id } })).headers.get('x-request-id'))
      }
      assert.equal(echoed[0], 'trace-42/a.b')
      for (const id of echoed.slice(1)) assert.match(id ?? '', /^[\w-]+-[0-9a-z]+$/)
      assert.deepEqual(
        log.entries().map((e) => e.reqId),
        echoed,
      )
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

  describe('to a file descriptor, as prefixd serve writes it', () => {
    let service: Running
    let dir: string
    let fd: number
    let lines: () => string[]
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'prefixd-request-log-'))
      const path = join(dir, 'log')
      fd = openSync(path, 'w')
      lines = () => readFileSync(path, 'utf8').split('\n').slice(0, -1)
      service = await listen(createApp({ index, logger: await createLogger({ destination: fd }) }))
    })
    after(async () => {
      await service.close()
      closeSync(fd)
      rmSync(dir, { recursive: true })
    })

    /** A GET with a raw path (Node's client sends `"` and `\\` as they are) and an optional X-Request-Id. */
    function send(path: string, id: string | undefined): Promise<{ status: number; id: string }> {
      return new Promise((resolve, reject) => {
        const headers = id === undefined ? {} : { 'x-request-id': id }
        const { hostname, port } = new URL(service.url)
        get({ hostname, port, path, headers }, (response) => {
          response.resume()
          response.on('end', () => resolve({ status: response.statusCode!, id: String(response.headers['x-request-id']) }))
        }).on('error', reject)
      })
    }

    /** Waits until the log has `count` lines: it is written every few milliseconds, not at once. */
    async function linesWhenWritten(count: number): Promise<string[]> {
      for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((resolve) => setTimeout(resolve, 10))) {
        const written = lines()
        if (written.length >= count) return written
      }
      throw new Error(`the log did not reach ${count} lines in 30 s`)
    }

    it("writes each request's line byte for byte as pino would, whatever the URL and the client's id", async () => {
      const visible = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 })
      const request = fc.record({
        query: visible,
        id: fc.option(
          visible.filter((id) => id.length > 0),
          { nil: undefined },
        ),
      })
      await fc.assert(
        fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 8 }), async (requests) => {
          const before = lines().length
          const answers: { path: string; status: number; id: string }[] = []
          for (const { query, id } of requests) answers.push({ path: `/api/v1/expand?q=${query}`, ...(await send(`/api/v1/expand?q=${query}`, id)) })
          const written = (await linesWhenWritten(before + requests.length)).slice(before)
          assert.equal(written.length, requests.length)
          written.forEach((line, i) => {
            const { path, status, id } = answers[i]!
            // pino's line for the same entry at the same time: the one the general logger would have written.
            const { time, ms } = JSON.parse(line) as { time: number; ms: number }
            let expected = ''
            const reference = pino({ level: 'info', timestamp: () => `,"time":${time}` }, { write: (text: string) => void (expected += text) })
            reference.info({ reqId: id, method: 'GET', url: path, status, ms })
            assert.equal(line + '\n', expected)
          })
        }),
        { numRuns: 25 },
      )
    })
  })

  it("writes request lines, then later lines, in order, all of them once pino's logger.flush() is called", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prefixd-request-log-'))
    const fd = openSync(join(dir, 'log'), 'w')
    try {
      const logger = await createLogger({ destination: fd })
      const service = await listen(createApp({ index, logger }))
      try {
        for (const name of ['foaf:Person', 'schema:Person', 'rdf:type']) assert.equal((await fetch(`${service.url}/api/v1/expand?q=${name}`)).status, 200)
        logger.warn('after the requests')
        logger.flush()
      } finally {
        await service.close()
      }
      const written = readFileSync(join(dir, 'log'), 'utf8')
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line) as { msg?: string; url?: string })
      assert.deepEqual(
        written.map((entry) => entry.msg ?? entry.url),
        ['/api/v1/expand?q=foaf:Person', '/api/v1/expand?q=schema:Person', '/api/v1/expand?q=rdf:type', 'after the requests'],
      )
    } finally {
      closeSync(fd)
      rmSync(dir, { recursive: true })
    }
  })

  it('logs a failure at error level with its stack, and the request at error level', async () => {
    const log = capture()
    const broken = {
      expand: () => {
        throw new Error('boom')
      },
    } as unknown as PrefixIndex
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
    for (const [options, level] of [
      [{ logRequests: false }, 'info'],
      [{}, 'warn'],
    ] as const) {
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
