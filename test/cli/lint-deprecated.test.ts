// prefixd lint names a deprecated term's successor, as the language server does; a path with nothing to lint is a usage error.

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

describe('prefixd lint, nothing to lint', () => {
  it('is a usage error (exit 2) for a folder with no Turtle, TriG or SPARQL file, not a clean run', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'prefixd-lint-empty-'))
    try {
      writeFileSync(join(empty, 'notes.txt'), 'nothing here\n')
      const run = await prefixd(['lint', empty])
      assert.equal(run.code, 2)
      assert.match(run.stderr, /no Turtle, TriG or SPARQL file to lint/)
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
