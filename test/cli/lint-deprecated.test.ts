// prefixd lint names a deprecated term's successor, as the language server does, and --fix writes it.

import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { prefixd } from './run-prefixd.js'

describe('prefixd lint, deprecated terms', function () {
  this.timeout(60_000)
  let dir: string
  before(() => (dir = mkdtempSync(join(tmpdir(), 'prefixd-lint-deprecated-'))))
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('names the successor the vocabulary gives (schema:actors → schema:actor)', async () => {
    const file = join(dir, 'film.ttl')
    writeFileSync(file, '@prefix schema: <http://schema.org/> .\n<film> schema:actors <someone> .\n')
    const run = await prefixd(['lint', file])
    assert.match(run.stdout, /schema:actors'? is deprecated[^\n]*schema:actor\b/)
  })
})
