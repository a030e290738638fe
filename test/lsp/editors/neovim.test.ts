// Neovim's own LSP client (Debian's 0.7) against `prefixd lsp --stdio`, set up with the README's
// init.lua as written: diagnostics, a code action, hover, and the built-in completion after
// `schema:Per`, whose accepted item leaves the document declaring `schema:`.

import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { editorAvailable, editorHome, readmeBlock, SESSION } from './editor-setup.js'

const DRIVER = fileURLToPath(new URL('./neovim-driver.lua', import.meta.url))

interface Seen {
  readonly error?: string
  readonly steps: string[]
  readonly lines: string[]
  readonly diagnostics?: Array<{ line: number; message: string; code: string }>
  readonly actions?: string[]
  readonly hover?: string
  readonly completion?: string[]
  readonly info?: string
}

/** Runs Neovim on `document` (a file name and its text) with the README's configuration and the driver. */
function runNeovim(name: string, text: string): Promise<Seen> {
  const home = editorHome()
  const init = home.write('init.lua', readmeBlock('-- init.lua for Neovim 0.7 to 0.10'))
  const file = home.write(name, text)
  const out = join(home.dir, 'seen.json')
  return new Promise((resolve, reject) => {
    execFile(
      'nvim',
      ['--headless', '-n', '-i', 'NONE', '-u', init, '-c', `luafile ${DRIVER}`, file],
      { cwd: home.dir, env: { ...home.env, PREFIXD_TEST_OUT: out }, timeout: 60_000 },
      (error, _stdout, stderr) => {
        try {
          resolve(JSON.parse(readFileSync(out, 'utf8')) as Seen)
        } catch {
          reject(new Error(`Neovim wrote no result (${error?.message ?? 'exited'}): ${stderr}`))
        }
      },
    )
  })
}

describe('prefixd lsp in Neovim (built-in client, README configuration)', function () {
  this.timeout(90_000)

  before(function () {
    if (!editorAvailable('nvim')) {
      console.log('    skipped: nvim is not installed (apt-get install neovim)')
      this.skip()
    }
  })

  it('publishes diagnostics, applies a code action, hovers, and completes schema:Per to schema:Person with its declaration', async () => {
    const text = SESSION.text
    const seen = await runNeovim('people.ttl', text)
    assert.equal(seen.error, undefined, `${seen.error} after ${seen.steps.join(', ')}`)
    assert.ok(
      seen.diagnostics?.some((d) => d.code === 'unknown-term' && d.line === 3 && /foaf:Person/.test(d.message)),
      JSON.stringify(seen.diagnostics),
    )
    assert.ok(
      seen.diagnostics?.some((d) => d.code === 'undeclared-prefix' && d.line === 4),
      JSON.stringify(seen.diagnostics),
    )
    assert.ok(seen.actions?.includes('Change to foaf:Person'), JSON.stringify(seen.actions))
    assert.match(seen.hover ?? '', /http:\/\/xmlns\.com\/foaf\/0\.1\/Person/)
    assert.ok(seen.completion?.includes('schema:Person'), `built-in completion offered: ${JSON.stringify(seen.completion)}`)
    assert.match(seen.info ?? '', /schema\.org\/Person/, 'the documentation comes with the list')
    assert.deepEqual(seen.lines, SESSION.after)
  })
})
