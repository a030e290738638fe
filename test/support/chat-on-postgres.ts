// `npm test`'s second pass: the chat suite again, every service on PostgreSQL instead of SQLite
// (PREFIXD_CHAT_STORE=postgres, read by test/chat/chat-helpers.ts; one throwaway cluster from
// test/support/postgres.ts, a database per test made from a template). Suites that only concern SQLite
// files or no store at all run once, in the first pass.

import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { postgresBinaries, REQUIRE_POSTGRES } from './postgres.js'

if (postgresBinaries() === undefined && !REQUIRE_POSTGRES) {
  console.log(
    'chat suite on PostgreSQL: skipped, PostgreSQL is not installed (apt-get install postgresql, or set PREFIXD_POSTGRES_BIN; CI sets PREFIXD_REQUIRE_POSTGRES=1)',
  )
  process.exit(0)
}
// test/chat/ has src/'s folders: every suite below it, whatever its folder.
const storeSuites = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts') && basename(name) !== 'postgres-broker.test.ts')
    .sort()
    .map((name) => join(dir, name))
    .filter((file) => /\b(startTestChat|emptyDatabase|referenceCopy)\(/.test(readFileSync(file, 'utf8')))
const files = [...storeSuites('test/chat'), 'test/chat-tools/chat-sync.test.ts', 'test/chat-tools/chat-bot.test.ts']
console.log(`chat suite on PostgreSQL: ${files.length} files`)
// This pass's mocha process used to stay alive, busy, after printing its summary: the throwaway cluster's
// exit handler removed its hundreds of databases synchronously (test/support/postgres.ts now leaves that
// to its reaper). Its verdict is still that summary line: once printed, the process gets 30 s to end
// before it is stopped, a guard that should no longer fire.
const child = spawn(process.execPath, [join('node_modules', 'mocha', 'bin', 'mocha.js'), '--exit', ...files], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, PREFIXD_CHAT_STORE: 'postgres' },
})
let verdict: boolean | undefined
let output = ''
child.stdout!.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk)
  output = (output + chunk.toString()).slice(-1000)
  const summary = /tests: (\d+) passed, (\d+) failed/.exec(output)
  if (summary !== null && verdict === undefined) {
    verdict = Number(summary[2]) === 0 && Number(summary[1]) > 0
    setTimeout(() => {
      console.log('chat suite on PostgreSQL: the test process did not end 30 s after its summary; stopped')
      child.kill('SIGKILL')
    }, 30_000).unref()
  }
})
child.once('exit', (code) => process.exit(verdict === undefined ? (code ?? 1) : verdict ? 0 : 1))
