// Tests of the package boundary of @prefixd/core: its public surface and what its sources may import.

import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import * as core from '@prefixd/core'

const SRC = new URL('../../packages/core/src/', import.meta.url)
const ALLOWED_IMPORTS = new Set(['n3', '@rdfjs/types', 'node:fs/promises'])

function sources(): Array<[string, string]> {
  return readdirSync(SRC)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => [file, readFileSync(new URL(file, SRC), 'utf8')])
}

describe('@prefixd/core', () => {
  it('exports the index, the builder, the error, the loaders and the grammar helpers', () => {
    for (const name of [
      'PrefixIndex',
      'PrefixIndexBuilder',
      'PrefixError',
      'prefixesFromJson',
      'prefixesFromRdf',
      'formatOfFile',
      'toCompact',
      'fromCompact',
      'addCompact',
      'formatPrefixes',
      'isPnPrefix',
      'readLocalName',
      'writeLocalName',
      'isAbsoluteIri',
    ]) {
      assert.ok(name in core, name)
    }
  })

  it('imports only n3, @rdfjs/types, node:fs/promises and its own modules', () => {
    const seen = new Set<string>()
    for (const [file, text] of sources()) {
      for (const [, specifier] of text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)) {
        seen.add(specifier!)
        assert.ok(specifier!.startsWith('./') || ALLOWED_IMPORTS.has(specifier!), `${file} imports ${specifier}`)
      }
      assert.doesNotMatch(text, /\bimport\(/, `${file} has a dynamic import`)
    }
    assert.ok(seen.has('n3') && seen.has('./prefix-index.js')) // the scan does see the imports
  })

  it('never reads process.env', () => {
    for (const [file, text] of sources()) assert.doesNotMatch(text, /process\.env/, file)
  })

  it('lists its exports by name in index.ts: no export *, no default export', () => {
    const index = readFileSync(new URL('index.ts', SRC), 'utf8')
    assert.doesNotMatch(index, /export \*/)
    assert.doesNotMatch(index, /export default/)
  })
})
