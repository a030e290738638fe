// listWorkspaceFiles: RDF files by extension, .gitignore at any depth, hidden folders and node_modules left out, the size limit.

import assert from 'node:assert/strict'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { listWorkspaceFiles } from '../../../packages/lsp/src/workspace/workspace-files.js'

describe('listWorkspaceFiles', () => {
  it('lists RDF files in path order, leaving out ignored, hidden and oversized ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prefixd-files-'))
    try {
      const put = async (path: string, text = '<a> <b> <c> .') => {
        await mkdir(join(dir, path, '..'), { recursive: true })
        await writeFile(join(dir, path), text)
      }
      await put('.gitignore', 'out/\n*.bak.ttl\n')
      await put('a.ttl')
      await put('b/c.nq.gz')
      await put('b/.gitignore', 'local.ttl\n')
      await put('b/local.ttl')
      await put('b/d.trig')
      await put('x.bak.ttl')
      await put('out/e.ttl')
      await put('.hidden/f.ttl')
      await put('node_modules/g.ttl')
      await put('readme.md')
      await put('big.nt', 'x'.repeat(2000))
      const listing = await listWorkspaceFiles(dir, 1000)
      assert.deepEqual(
        listing.files.map((f) => relative(dir, f.path)),
        ['a.ttl', 'b/c.nq.gz', 'b/d.trig'],
      )
      assert.deepEqual(
        listing.tooLarge.map((f) => [relative(dir, f.path), f.bytes]),
        [['big.nt', 2000]],
      )
      assert.equal(listing.truncated, false)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
