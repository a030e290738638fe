// GET /messages on a store of 1,000,000 messages in 200 channels (issue 25's goals: p99 ≤ 20 ms for a channel
// narrow at `newest` with 50 messages, ≤ 100 ms for a full-text search narrow), on SQLite and on PostgreSQL,
// against the service as `npm run chat` starts it. Each answer is checked before it is timed.
// BENCH_MESSAGES=… sets the store's size (default 1,000,000); BENCH_REQUESTS the requests per figure.

import assert from 'node:assert/strict'
import { execSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore, REFERENCE_FIXTURE } from '@prefixd/chat'
import { loadFixture } from '../packages/chat/src/fixture.js'
import { openSqliteStore } from '../packages/chat/src/store/sqlite-store.js'
import { startTestPostgres } from '../test/support/postgres.js'
import { startChatProcess } from './chat-http.js'

const RESULTS = new URL('results/chat-history.md', import.meta.url)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000)
const CHANNELS = 200
const FIRST_CHANNEL = 1000
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300)
const WORDS = 5000
/** Words of the synthetic vocabulary: `w0` … `w4999`, each in about 12 × MESSAGES / WORDS messages. */
const word = (i: number): string => `w${i % WORDS}`
/** One message in 10,000 also says this (100 in a million): a rare word to search for. */
const RARE = 'zanzibar'
const MAX = { email: 'max@example.com', key: 'dQ87hoIqvh0zyXrFRHSsEDbeefffLkpC', id: 4 }
const agent = new Agent({ keepAlive: true, maxSockets: 4 })

/** Message i's words: 12 drawn by two multiplicative hashes (the same text in both stores). */
function content(i: number): string {
  const words: string[] = []
  for (let k = 0; k < 12; k++) words.push(word((i * 7919 + k * 104_729 + ((i * k) % 97)) % WORDS))
  if (i % 10_000 === 0) words.push(RARE)
  return words.join(' ')
}

function get(base: string, params: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(`/api/v1/messages?${new URLSearchParams(params).toString()}`, base)
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { authorization: 'Basic ' + Buffer.from(`${MAX.email}:${MAX.key}`).toString('base64') } })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> }))
    })
    req.on('error', reject)
    req.end()
  })
}

const pct = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

interface Case {
  readonly name: string
  readonly params: (i: number) => Record<string, string>
  readonly check: (body: Record<string, unknown>, params: Record<string, string>) => void
}

type Listed = Array<{ id: number; stream_id: number; content: string; subject: string }>

const CASES: readonly Case[] = [
  {
    name: 'channel narrow, anchor newest, 50 messages',
    params: (i) => ({
      anchor: 'newest',
      num_before: '50',
      num_after: '0',
      narrow: JSON.stringify([['channel', FIRST_CHANNEL + ((i * 37) % CHANNELS)]]),
      apply_markdown: 'false',
    }),
    check: (body, params) => {
      const channel = (JSON.parse(params.narrow!) as [[string, number]])[0][1]
      const messages = body.messages as Listed
      assert.equal(messages.length, 50)
      assert.ok(messages.every((m) => m.stream_id === channel))
      assert.ok(messages.every((m, k) => k === 0 || m.id > messages[k - 1]!.id))
      assert.equal(body.found_newest, true)
    },
  },
  {
    name: `search for a rare word (${MESSAGES / 10_000} messages), newest 50`,
    params: () => ({ anchor: 'newest', num_before: '50', num_after: '0', narrow: JSON.stringify([['search', RARE]]), apply_markdown: 'false' }),
    check: (body) => {
      const messages = body.messages as Listed
      assert.equal(messages.length, Math.min(50, MESSAGES / 10_000))
      assert.ok(messages.every((m) => m.content.includes(RARE)))
    },
  },
  {
    name: `search for a common word (about ${Math.round((12 * MESSAGES) / WORDS)} messages), newest 50`,
    params: (i) => ({ anchor: 'newest', num_before: '50', num_after: '0', narrow: JSON.stringify([['search', word(i * 13)]]), apply_markdown: 'false' }),
    check: (body, params) => {
      const needle = (JSON.parse(params.narrow!) as [[string, string]])[0][1]
      const messages = body.messages as Listed
      assert.ok(messages.length > 0 && messages.length <= 50)
      assert.ok(messages.every((m) => m.content.split(' ').includes(needle)))
    },
  },
  {
    name: 'search for two common words in one channel, newest 50',
    params: (i) => ({
      anchor: 'newest',
      num_before: '50',
      num_after: '0',
      narrow: JSON.stringify([
        ['channel', FIRST_CHANNEL + (i % CHANNELS)],
        ['search', `${word(i * 13)} ${word(i * 29 + 1)}`],
      ]),
      apply_markdown: 'false',
    }),
    check: (body, params) => {
      const [[, channel], [, text]] = JSON.parse(params.narrow!) as [[string, number], [string, string]]
      for (const m of body.messages as Listed) {
        assert.equal(m.stream_id, channel)
        for (const needle of text.split(' ')) assert.ok(m.content.split(' ').includes(needle))
      }
    },
  },
]

async function measure(base: string): Promise<Array<{ name: string; p50: number; p99: number; max: number }>> {
  const figures = []
  for (const c of CASES) {
    for (let i = 0; i < 20; i++) {
      const params = c.params(i)
      const answer = await get(base, params)
      assert.equal(answer.status, 200, JSON.stringify(answer.body))
      c.check(answer.body, params) // checked before anything is timed
    }
    const times: number[] = []
    for (let i = 0; i < REQUESTS; i++) {
      const params = c.params(i + 20)
      const started = performance.now()
      const answer = await get(base, params)
      times.push(performance.now() - started)
      assert.equal(answer.status, 200)
    }
    times.sort((a, b) => a - b)
    figures.push({ name: c.name, p50: pct(times, 50), p99: pct(times, 99), max: times.at(-1)! })
  }
  return figures
}

/** The organization's channels 1000…1199, Max subscribed to each (one user_messages row per message: he receives them). */
async function loadSqlite(file: string): Promise<void> {
  const store = openSqliteStore(file)
  await loadFixture(store, REFERENCE_FIXTURE)
  const db = store.database
  db.pragma('synchronous = OFF') // loading only
  db.transaction(() => {
    const channel = db.prepare(
      'INSERT INTO channels (id, name, description, invite_only, history_public_to_subscribers, is_archived, date_created, creator_id) VALUES (?, ?, ?, 0, 1, 0, 1763683200, 1)',
    )
    const subscribe = db.prepare('INSERT INTO subscriptions (stream_id, user_id, subscribed_at) VALUES (?, ?, 1763683200)')
    for (let c = 0; c < CHANNELS; c++) {
      channel.run(FIRST_CHANNEL + c, `bench-${c}`, '')
      subscribe.run(FIRST_CHANNEL + c, MAX.id)
    }
  })()
  const insert = db.prepare(
    "INSERT INTO messages (id, type, stream_id, topic, recipients, sender_id, content, rendered_content, timestamp) VALUES (?, 'stream', ?, ?, '[]', ?, ?, ?, ?)",
  )
  const row = db.prepare('INSERT INTO user_messages (user_id, message_id, flags) VALUES (?, ?, ?)')
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = 1000 + i
      const text = content(i)
      insert.run(id, FIRST_CHANNEL + (i % CHANNELS), `topic ${i % 10}`, i % 2 === 0 ? MAX.id : 5, text, `<p>${text}</p>`, 1763700000 + i)
      row.run(MAX.id, id, i % 2 === 0 ? 1 : 0)
    }
  })
  for (let from = 0; from < MESSAGES; from += 50_000) batch(from, Math.min(MESSAGES, from + 50_000))
  db.pragma('wal_checkpoint(TRUNCATE)')
  await store.close()
}

async function loadPostgres(url: string): Promise<void> {
  const store = await openStore(url)
  await loadFixture(store, REFERENCE_FIXTURE)
  await store.run(`INSERT INTO channels (id, name, description, invite_only, history_public_to_subscribers, is_archived, date_created, creator_id)
    SELECT ${FIRST_CHANNEL} + c, 'bench-' || c, '', 0, 1, 0, 1763683200, 1 FROM generate_series(0, ${CHANNELS - 1}) AS c`)
  await store.run(
    `INSERT INTO subscriptions (stream_id, user_id, subscribed_at) SELECT ${FIRST_CHANNEL} + c, ${MAX.id}, 1763683200 FROM generate_series(0, ${CHANNELS - 1}) AS c`,
  )
  // The same texts as SQLite's, sent in batches as JSON (PostgreSQL computes the tsvector as it stores them).
  for (let from = 0; from < MESSAGES; from += 20_000) {
    const rows = []
    for (let i = from; i < Math.min(MESSAGES, from + 20_000); i++)
      rows.push([1000 + i, FIRST_CHANNEL + (i % CHANNELS), `topic ${i % 10}`, i % 2 === 0 ? MAX.id : 5, content(i), 1763700000 + i])
    await store.run(
      `INSERT INTO messages (id, type, stream_id, topic, recipients, sender_id, content, rendered_content, timestamp)
       SELECT (r->>0)::bigint, 'stream', (r->>1)::bigint, r->>2, '[]', (r->>3)::bigint, r->>4, '<p>' || (r->>4) || '</p>', (r->>5)::bigint FROM json_array_elements(?::json) AS r`,
      JSON.stringify(rows),
    )
  }
  await store.run(
    `INSERT INTO user_messages (user_id, message_id, flags) SELECT ${MAX.id}, id, CASE WHEN sender_id = ${MAX.id} THEN 1 ELSE 0 END FROM messages WHERE id >= 1000`,
  )
  // What autovacuum would have done long before in a store that grew to this size (it takes ~10 s here): left
  // to it, the vacuum of 1,000,000 fresh rows starts within a minute of the load, in the middle of the timed
  // requests, and first reads set each page's hint bits.
  await store.run('VACUUM (ANALYZE)')
  await store.close()
}

const load = (): string => execSync('uptime').toString().trim()
const lines: string[] = []
const dir = await mkdtemp(join(tmpdir(), 'prefixd-bench-history-'))
try {
  const report = (store: string, figures: Awaited<ReturnType<typeof measure>>, loaded: number, before: string, after: string): void => {
    lines.push(
      `### ${store}`,
      '',
      `Loaded in ${(loaded / 1000).toFixed(0)} s. Load before: \`${before}\`; after: \`${after}\`.`,
      '',
      '| GET /messages | p50 ms | p99 ms | max ms |',
      '|---|---|---|---|',
    )
    for (const f of figures) lines.push(`| ${f.name} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.max.toFixed(1)} |`)
    lines.push('')
    console.log(lines.slice(-figures.length - 6).join('\n'))
  }
  if (process.env.BENCH_STORES !== 'postgres') {
    const started = performance.now()
    const file = join(dir, 'history.db')
    await loadSqlite(file)
    const loaded = performance.now() - started
    const service = await startChatProcess(['--db', file], dir)
    try {
      const before = load()
      report('SQLite (one process)', await measure(service.base), loaded, before, load())
    } finally {
      service.child.kill('SIGTERM')
    }
  }
  if (process.env.BENCH_STORES !== 'sqlite') {
    const postgres = await startTestPostgres()
    try {
      const started = performance.now()
      const url = postgres.createDatabase('history')
      await loadPostgres(url)
      const loaded = performance.now() - started
      const service = await startChatProcess(['--db', url], dir)
      try {
        const before = load()
        report('PostgreSQL (one process)', await measure(service.base), loaded, before, load())
      } finally {
        service.child.kill('SIGTERM')
      }
    } finally {
      postgres.stop()
    }
  }
  const header = [
    '# bench:chat-history',
    '',
    `GET /messages as Max (subscribed to all 200 channels, so every message is his) on ${MESSAGES.toLocaleString('en')} messages in ${CHANNELS} channels of 12 words each`,
    `(a vocabulary of ${WORDS} words), ${REQUESTS} requests one after another per figure, each answer checked first; run of ${new Date().toISOString()}.`,
    'Goals (issue 25): channel narrow at newest with 50 messages p99 ≤ 20 ms; full-text search narrow p99 ≤ 100 ms.',
    '',
  ]
  await writeFile(RESULTS, [...header, ...lines].join('\n'))
} finally {
  await rm(dir, { recursive: true, force: true })
  agent.destroy()
}
