// Every workspace package carries what a registry user expects, and its exports and bin point at files
// that `files` ships.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ROOT = new URL('../../', import.meta.url)
const root = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { workspaces: string[] }

interface Manifest {
  name: string
  description?: string
  keywords?: string[]
  license?: string
  engines?: { node?: string }
  files?: string[]
  sideEffects?: boolean
  exports?: Record<string, string | { types?: string; default?: string }>
  bin?: Record<string, string>
}

/** Whether `path` (./x/y) falls under one of `files` (folders or files, no negations). */
const shipped = (files: readonly string[], path: string): boolean =>
  files.filter((f) => !f.startsWith('!')).some((f) => path.replace(/^\.\//, '') === f || path.replace(/^\.\//, '').startsWith(f + '/'))

describe('package metadata', () => {
  for (const workspace of root.workspaces) {
    const manifest = JSON.parse(readFileSync(new URL(`${workspace}/package.json`, ROOT), 'utf8')) as Manifest
    it(`${manifest.name} (${workspace}) has description, keywords, license, engines, files, sideEffects and typed exports`, () => {
      assert.ok((manifest.description ?? '').length > 20, 'description')
      assert.ok((manifest.keywords ?? []).includes('rdf'), 'keywords')
      assert.equal(manifest.license, 'MIT')
      // require() of an ES module works unflagged from these versions on (20.19, 22.12): the engines say so.
      assert.equal(manifest.engines?.node, '^20.19.0 || >=22.12.0')
      if (manifest.exports !== undefined) assert.equal(manifest.exports['./package.json'], './package.json', 'a ./package.json export')
      assert.equal(typeof manifest.sideEffects, 'boolean')
      const files = manifest.files ?? []
      assert.ok(files.length > 0, 'files')
      for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
        if (typeof target === 'string') {
          assert.ok(subpath.endsWith('.json') || subpath === './package.json', `${subpath}: a plain export is for data files`)
          assert.ok(subpath === './package.json' || shipped(files, target), `${subpath} → ${target} is shipped`)
          continue
        }
        assert.ok(target.types !== undefined && target.default !== undefined, `${subpath} has types and default`)
        assert.ok(Object.keys(target)[0] === 'types', `${subpath}: types comes first, as TypeScript reads conditions in order`)
        assert.ok(shipped(files, target.types) && shipped(files, target.default), `${subpath} is shipped`)
      }
      for (const [name, target] of Object.entries(manifest.bin ?? {})) assert.ok(shipped(files, target), `bin ${name}`)
    })
    it(`${manifest.name} (${workspace}) carries the repository's LICENSE, which npm packs whatever \`files\` says`, () => {
      assert.equal(readFileSync(new URL(`${workspace}/LICENSE`, ROOT), 'utf8'), readFileSync(new URL('LICENSE', ROOT), 'utf8'))
    })
  }
  it('covers every workspace', () => {
    assert.ok(root.workspaces.length >= 7, fileURLToPath(ROOT))
  })
})
