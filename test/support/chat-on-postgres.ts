// `npm test`'s second pass: the chat suite again, every service on PostgreSQL instead of SQLite
// (PREFIXD_CHAT_STORE=postgres, read by test/chat/chat-helpers.ts; one throwaway cluster from
// test/support/postgres.ts, a database per test made from a template). Suites that only concern SQLite
// files or no store at all run once, in the first pass.

import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { postgresBinaries, REQUIRE_POSTGRES } from './postgres.js'

if (postgresBinaries() === undefined && !REQUIRE_POSTGRES) {
  console.log('chat suite on PostgreSQL: skipped, PostgreSQL is not installed (apt-get install postgresql, or set PREFIXD_POSTGRES_BIN; CI sets PREFIXD_REQUIRE_POSTGRES=1)')
  process.exit(0)
}
const storeSuites = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts') && name !== 'postgres-broker.test.ts')
    .map((name) => join(dir, name))
    .filter((file) => /\b(startTestChat|emptyDatabase|referenceCopy)\(/.test(readFileSync(file, 'utf8')))
const files = [...storeSuites('test/chat'), 'test/cli/chat-commands.test.ts']
console.log(`chat suite on PostgreSQL: ${files.length} files`)
const run = spawnSync(process.execPath, [join('node_modules', 'mocha', 'bin', 'mocha.js'), ...files], {
  stdio: 'inherit',
  env: { ...process.env, PREFIXD_CHAT_STORE: 'postgres' },
})
process.exit(run.status ?? 1)
