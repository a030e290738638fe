// `prefixd serve` as a process: prints its URL, reloads its data on SIGHUP, stops cleanly on SIGTERM.

import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { metricValue } from './metric-value.js'
import { freePort, MAIN, refused, start, until, WORKDIR } from './serve-process.js'

describe('prefixd serve', function () {
  this.timeout(60_000) // child processes start slowly on a loaded machine
  it('reloads the prefix table on SIGHUP and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prefixd-serve-'))
    const file = join(dir, 'prefixes.json')
    writeFileSync(file, JSON.stringify({ ex: 'http://example.org/one#' }))
    const { child, url } = await start(['--no-defaults', '--prefixes', file, '--quiet'])
    try {
      const expand = async () => (await fetch(`${url}api/v1/expand?q=ex:a`)).json()
      assert.deepEqual(await expand(), { success: true, value: 'http://example.org/one#a' })

      writeFileSync(file, JSON.stringify({ ex: 'http://example.org/two#' }))
      child.kill('SIGHUP')
      const after = await until(expand, (body) => (body as { value?: string }).value !== 'http://example.org/one#a')
      assert.deepEqual(after, { success: true, value: 'http://example.org/two#a' })
    } finally {
      child.kill('SIGTERM')
    }
    const [code] = await once(child, 'exit')
    assert.equal(code, 0)
  })

  it('keeps serving the old data when a reload fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prefixd-serve-'))
    const file = join(dir, 'prefixes.json')
    writeFileSync(file, JSON.stringify({ ex: 'http://example.org/one#' }))
    const { child, url, output } = await start(['--no-defaults', '--prefixes', file, '--quiet'])
    try {
      writeFileSync(file, '{ not json')
      child.kill('SIGHUP')
      await until(
        async () => output(),
        (text) => text.includes('reload failed'),
      )
      assert.match(output(), /reload failed/)
      assert.deepEqual(await (await fetch(`${url}api/v1/expand?q=ex:a`)).json(), { success: true, value: 'http://example.org/one#a' })
    } finally {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  })

  it('serves from several workers with --workers', async () => {
    const { child, url } = await start(['--workers', '2', '--quiet'])
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${url}api/v1/expand?q=foaf:Person`).then((r) => r.json())))
      for (const answer of answers) assert.deepEqual(answer, { success: true, value: 'http://xmlns.com/foaf/0.1/Person' })
    } finally {
      child.kill('SIGTERM')
    }
    const [code] = await once(child, 'exit')
    assert.equal(code, 0)
  })

  it('exits 2 with the reason when workers cannot load the data, instead of hanging', async () => {
    const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', '--workers', '2', '--prefixes', '/nonexistent/prefixes.json'], {
      cwd: WORKDIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    const [code] = await once(child, 'exit')
    assert.equal(code, 2)
    assert.match(output, /cannot read \/nonexistent\/prefixes\.json/)
  })

  it('exits 2 with a message when the port is taken, with one process or several', async () => {
    const { child: first, url } = await start(['--quiet', '--no-defaults'])
    try {
      const port = new URL(url).port
      for (const extra of [[], ['--workers', '2']]) {
        const second = spawn(process.execPath, [MAIN, 'serve', '--port', port, '--quiet', '--no-defaults', ...extra], {
          cwd: WORKDIR,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let output = ''
        second.stdout.on('data', (chunk) => (output += chunk))
        second.stderr.on('data', (chunk) => (output += chunk))
        const [code] = await once(second, 'exit')
        assert.equal(code, 2, extra.join(' '))
        assert.match(output, /EADDRINUSE/)
        assert.doesNotMatch(output, /\n\s+at /) // a message, not a stack trace
      }
    } finally {
      first.kill('SIGTERM')
      await once(first, 'exit')
    }
  })

  it('answers a long but allowed parameter with JSON 414, and oversized headers with JSON 431', async () => {
    const { child, url } = await start(['--quiet'])
    try {
      // 4,097 three-byte characters: within Node's header limit as raised, over the parameter limit.
      const long = await fetch(`${url}api/v1/expand?q=${encodeURIComponent('€'.repeat(4097))}`)
      assert.equal(long.status, 414)
      assert.equal(((await long.json()) as { error: { code: string } }).error.code, 'QUERY_TOO_LONG')
      const allowed = await fetch(`${url}api/v1/expand?q=${encodeURIComponent('foaf:' + '€'.repeat(4000))}`)
      assert.equal(allowed.status, 200)
      const huge = await fetch(`${url}api/v1/health`, { headers: { 'x-padding': 'a'.repeat(70_000) } })
      assert.equal(huge.status, 431)
      assert.equal(((await huge.json()) as { error: { code: string } }).error.code, 'HEADERS_TOO_LARGE')
    } finally {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  })

  it('logs one JSON line per request by default, under the id the answer carries, and flushes it before exiting', async () => {
    const { child, url, output } = await start(['--no-defaults'])
    const response = await fetch(`${url}api/v1/health`, { headers: { 'x-request-id': 'probe-1' } })
    assert.equal(response.headers.get('x-request-id'), 'probe-1')
    child.kill('SIGTERM')
    const [code] = await once(child, 'exit')
    assert.equal(code, 0)
    const entries = output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    assert.deepEqual(
      entries.map((e) => [e.level, e.reqId, e.method, e.url, e.status]),
      [[30, 'probe-1', 'GET', '/api/v1/health', 200]],
    )
  })

  it('refuses a bad --log-level, $PREFIXD_LOG_LEVEL or --log-format with exit code 2', async () => {
    const cases: [string[], NodeJS.ProcessEnv, RegExp][] = [
      [['--log-level', 'loud'], {}, /--log-level must be one of fatal, error, warn, info, debug, trace, silent, got 'loud'/],
      [[], { PREFIXD_LOG_LEVEL: 'INFO' }, /--log-level \(from \$PREFIXD_LOG_LEVEL\) must be one of/],
      [['--log-format', 'xml'], {}, /--log-format must be one of json, pretty, got 'xml'/],
    ]
    for (const [args, env, message] of cases) assert.match(await refused(args, env), message)
  })

  it('serves metrics on a port of their own, counting reloads', async () => {
    const metricsPort = await freePort()
    const { child, url } = await start(['--quiet', '--no-defaults', '--metrics-port', String(metricsPort)])
    try {
      await fetch(`${url}api/v1/health`)
      assert.equal((await fetch(`${url}metrics`)).status, 404) // not on the service's own port
      child.kill('SIGHUP')
      const text = await until(
        () => fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text()),
        (body) => metricValue(body, 'prefixd_reloads_total', 'result="ok"') === 1,
      )
      assert.equal(metricValue(text, 'prefixd_reloads_total', 'result="ok"'), 1)
      assert.equal(metricValue(text, 'prefixd_http_request_duration_seconds_count', 'method="GET",route="/api/v1/health",status="200"'), 1)
      assert.equal((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status, 404)
    } finally {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  })

  it('sums the metrics of every worker on the metrics port', async () => {
    const metricsPort = await freePort()
    const { child, url } = await start(['--quiet', '--workers', '2', '--metrics-port', String(metricsPort)])
    try {
      for (let i = 0; i < 20; i++) await fetch(`${url}api/v1/expand?q=foaf:Person`, { headers: { connection: 'close' } })
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
      assert.equal(metricValue(text, 'prefixd_http_request_duration_seconds_count', 'method="GET",route="/api/v1/expand",status="200"'), 20)
      assert.equal(metricValue(text, 'prefixd_answer_cache_hits_total')! + metricValue(text, 'prefixd_answer_cache_misses_total')!, 20)
      const terms = metricValue(text, 'prefixd_index_terms')!
      assert.ok(terms > 1000, "the index size is one worker's, not the sum")
    } finally {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  })

  it('refuses bad metrics settings and limits with exit code 2, naming the flag or variable', async () => {
    const cases: [string[], NodeJS.ProcessEnv, RegExp][] = [
      [['--metrics', '--workers', '2'], {}, /with --workers, metrics are served on a port of their own: give --metrics-port N/],
      [['--metrics-port', '0'], {}, /--metrics-port must be a whole number from 1 to 65535, got '0'/],
      [[], { PREFIXD_METRICS: 'yes' }, /\$PREFIXD_METRICS must be one of true, false, got 'yes'/],
      [['--rate-limit', '0'], {}, /--rate-limit must be a number above 0 and at most 1000000, got '0'/],
      [[], { PREFIXD_RATE_LIMIT: 'fast' }, /--rate-limit \(from \$PREFIXD_RATE_LIMIT\) must be a number above 0/],
      [['--rate-burst', '5'], {}, /--rate-burst needs --rate-limit/],
      [['--rate-limit', '10', '--rate-burst', '0'], {}, /--rate-burst must be a whole number from 1 to 1000000, got '0'/],
      [['--request-timeout=-1'], {}, /--request-timeout must be a whole number from 0 to 3600000, got '-1'/],
      [[], { PREFIXD_MAX_CONNECTIONS: '0' }, /--max-connections \(from \$PREFIXD_MAX_CONNECTIONS\) must be a whole number from 1 to 1000000/],
      [[], { PREFIXD_TRUST_PROXY: '1' }, /\$PREFIXD_TRUST_PROXY must be one of true, false, got '1'/],
    ]
    for (const [args, env, message] of cases) assert.match(await refused(args, env), message)
  })

  it('applies a rate limit set by flags or by environment variables', async () => {
    for (const [args, env] of [
      [['--rate-limit', '0.01', '--rate-burst', '2'], {}],
      [[], { PREFIXD_RATE_LIMIT: '0.01', PREFIXD_RATE_BURST: '2' }],
    ] as const) {
      const { child, url } = await start(['--quiet', '--no-defaults', ...args], env)
      try {
        const statuses = []
        for (let i = 0; i < 3; i++) statuses.push((await fetch(`${url}api/v1/health`)).status)
        assert.deepEqual(statuses, [200, 200, 429])
        const refusedAnswer = await fetch(`${url}api/v1/health`)
        assert.equal(refusedAnswer.headers.get('retry-after'), '100')
      } finally {
        child.kill('SIGTERM')
        await once(child, 'exit')
      }
    }
  })

  it('refuses a bad --port with exit code 2', async () => {
    const child = spawn(process.execPath, [MAIN, 'serve', '--port', 'eighty'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const [code] = await once(child, 'exit')
    assert.equal(code, 2)
    assert.match(stderr, /--port must be a whole number/)
  })
})
