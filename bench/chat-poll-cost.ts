// The CPU one long poll costs on PostgreSQL, builds side by side: each build's service (one process, on a durable
// throwaway cluster) answers GET /events?dont_block=true on one of Nina's queues from 16 connections, and the
// service's and the database server's CPU per answer is printed; the builds alternate, ROUNDS times (default 3).
// A steadier A/B of the long poll's own work than bench:chat-workers's sustained run on a shared machine.
// Usage: node --import tsx bench/chat-poll-cost.ts before=/path/to/old/dist/main.js after=packages/chat/dist/main.js

import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startTestPostgres } from '../test/support/postgres.js'
import { CHAT_MAIN, callChat, startChatProcess, treeCpuSeconds } from './chat-http.js'

const builds = process.argv.slice(2).map((arg) => (arg.includes('=') ? (arg.split('=', 2) as [string, string]) : [arg, arg]))
if (builds.length === 0) builds.push(['this build', CHAT_MAIN])
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const NINA = { email: 'nina@example.com', key: 'CySoCSO7Ip3dOPR9pBiJb1pl7lJp4Oq5' }
const authorization = 'Basic ' + Buffer.from(`${NINA.email}:${NINA.key}`).toString('base64')

const postgres = await startTestPostgres({ durable: true })
const databasePid = Number(readFileSync(join(postgres.dataDir, 'postmaster.pid'), 'utf8').split('\n', 1)[0])
const agent = new Agent({ keepAlive: true })
let databases = 0
try {
  for (let round = 0; round < ROUNDS; round++)
    for (const [label, main] of builds) {
      const dir = await mkdtemp(join(tmpdir(), 'prefixd-bench-poll-'))
      const { child, base } = await startChatProcess(['--db', postgres.createDatabase(`poll_${++databases}`)], dir, main)
      try {
        const queue = (await callChat(agent, base, NINA, 'POST', '/register', { event_types: '["message"]' })).body.queue_id as string
        const url = `${base}/api/v1/events?queue_id=${encodeURIComponent(queue)}&last_event_id=-1&dont_block=true`
        await autocannon({ url, connections: 16, duration: 2, headers: { authorization } }) // warm-up
        const [service, database] = [treeCpuSeconds(child.pid!), treeCpuSeconds(databasePid)]
        const result = await autocannon({ url, connections: 16, duration: SECONDS, headers: { authorization } })
        const perAnswer = (before: number, pid: number): string => `${(((treeCpuSeconds(pid) - before) / result.requests.total) * 1e6).toFixed(0)} µs`
        const load = readFileSync('/proc/loadavg', 'utf8').split(' ', 1)[0]
        console.log(
          `${label}: ${(result.requests.total / SECONDS).toFixed(0)} answers/s (${result.non2xx} not 200); CPU per answer: service ${perAnswer(service, child.pid!)}, database ${perAnswer(database, databasePid)}; load ${load}`,
        )
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
        await rm(dir, { recursive: true, force: true })
      }
    }
} finally {
  agent.destroy()
  postgres.stop()
}
