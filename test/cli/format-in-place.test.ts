// prefixd format in place keeps what a file is besides its text: its mode, and a symbolic link as a link.

import assert from 'node:assert/strict'
import { chmodSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { prefixd } from './run-prefixd.js'

const UNFORMATTED = '@prefix ex: <http://example.org/>.\nex:a ex:b ex:c.\n'

describe('prefixd format, in place', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'prefixd-format-in-place-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  for (const mode of [0o600, 0o755, 0o640]) {
    it(`keeps a file's mode ${mode.toString(8)}`, async () => {
      const file = join(dir, 'data.ttl')
      writeFileSync(file, UNFORMATTED)
      chmodSync(file, mode)
      assert.equal((await prefixd(['format', file])).code, 0)
      assert.notEqual(readFileSync(file, 'utf8'), UNFORMATTED, 'formatted')
      assert.equal(statSync(file).mode & 0o7777, mode)
    })
  }

  it('rewrites the file a symbolic link names, and leaves the link a link', async () => {
    const real = join(dir, 'real.ttl')
    const link = join(dir, 'link.ttl')
    writeFileSync(real, UNFORMATTED)
    symlinkSync(real, link)
    assert.equal((await prefixd(['format', link])).code, 0)
    assert.ok(lstatSync(link).isSymbolicLink())
    assert.notEqual(readFileSync(real, 'utf8'), UNFORMATTED, 'the target is formatted')
    assert.equal((await prefixd(['format', '--check', real])).code, 0)
  })
})
