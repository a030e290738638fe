// Tests of the package boundary of @prefixd/core: its public surface and what its sources may import.

import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import * as core from '@prefixd/core'

const SRC = new URL('../../packages/core/src/', import.meta.url)
const ALLOWED_IMPORTS = new Set(['n3', '@rdfjs/types', '@prefixd/data'])
/** The one module that reads files; bundlers for browsers replace it with default-data.browser.ts. */
/** The Node.js-only modules (a browser bundle takes their `.browser.ts` twin) and the built-ins each may import. */
const NODE_ONLY: Record<string, readonly string[]> = {
  'data/default-data.ts': ['node:buffer', 'node:fs/promises', 'node:url'],
  'sources/n3-parser.ts': ['node:module'],
}

/** Every module of the package, by its path under src/ (`data/compact.ts`). */
function sources(): Array<[string, string]> {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split('\\').join('/'))
    .sort()
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
      'isPortableLocalName',
    ]) {
      assert.ok(name in core, name)
    }
  })

  it('imports only n3, @rdfjs/types, @prefixd/data and its own modules; node:buffer, node:fs, node:url and node:module only on the Node.js path', () => {
    const seen = new Set<string>()
    for (const [file, text] of sources()) {
      for (const [, specifier] of text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)) {
        seen.add(specifier!)
        const allowed =
          specifier!.startsWith('./') || specifier!.startsWith('../') || ALLOWED_IMPORTS.has(specifier!) || (NODE_ONLY[file]?.includes(specifier!) ?? false)
        assert.ok(allowed, `${file} imports ${specifier}`)
      }
      const dynamic = [...text.matchAll(/\bimport\(([^)]*)\)/g)].map((m) => m[1])
      const expected =
        file === 'data/default-data.browser.ts'
          ? ["'@prefixd/data/full'", "'@prefixd/data/prefixes'"]
          : file === 'knowledge/knowledge-data.browser.ts'
            ? ["'@prefixd/data/knowledge'"]
            : []
      assert.deepEqual(dynamic, expected, `${file}: dynamic imports`)
    }
    assert.ok(seen.has('n3') && seen.has('./prefix-index/prefix-index.js') && seen.has('../names/pn-local.js')) // the scan does see the imports
  })

  it('points browser bundlers at the modules that read no files, and at the one that makes no answers ahead', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', SRC), 'utf8')) as { browser: Record<string, string> }
    assert.deepEqual(manifest.browser, {
      './dist/data/default-data.js': './dist/data/default-data.browser.js',
      './dist/knowledge/knowledge-data.js': './dist/knowledge/knowledge-data.browser.js',
      './dist/prefix-index/ready-answers.js': './dist/prefix-index/ready-answers.browser.js',
      './dist/sources/n3-parser.js': './dist/sources/n3-parser.browser.js',
    })
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
