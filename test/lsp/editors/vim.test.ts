// Vim 9 with ALE (Debian's vim and vim-ale) against `prefixd lsp --stdio`, set up with the README's vimrc as
// written and run headless in Vim's silent Ex mode: diagnostics, the preferred code action, hover in plain text,
// and `schema:Per` completed through ALE's own request, parsing and filtering to `schema:Person` with its declaration.

import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { editorAvailable, editorHome, readmeBlock, SESSION } from './editor-setup.js'

const DRIVER = fileURLToPath(new URL('./vim-driver.vim', import.meta.url))

interface Seen {
  readonly error?: string
  readonly filetype?: string
  readonly lines: string[]
  readonly diagnostics?: string[]
  readonly actions?: string[]
  readonly hover?: string
  readonly prefix?: string
  readonly completion?: string[]
}

function runVim(name: string, text: string): Promise<Seen> {
  const home = editorHome()
  const vimrc = home.write('vimrc', readmeBlock('" vimrc for Vim 9 with ALE'))
  const file = home.write(name, text)
  const out = join(home.dir, 'seen.json')
  return new Promise((resolve, reject) => {
    const child = execFile(
      'vim',
      ['-N', '-es', '-i', 'NONE', '-u', vimrc, '-S', DRIVER, file],
      { cwd: home.dir, env: { ...home.env, PREFIXD_TEST_OUT: out }, timeout: 80_000 },
      (error) => {
        try {
          resolve(JSON.parse(readFileSync(out, 'utf8')) as Seen)
        } catch {
          reject(new Error(`Vim wrote no result (${error?.message ?? 'exited'})`))
        }
      },
    )
    child.stdin?.end()
  })
}

describe('prefixd lsp in Vim (ALE, README configuration)', function () {
  this.timeout(90_000)

  before(function () {
    const ale = existsSync('/usr/share/vim-ale')
    if (!ale && process.env.PREFIXD_REQUIRE_EDITORS === '1') throw new Error('vim-ale is not installed: apt-get install vim-ale')
    if (!editorAvailable('vim') || !ale) {
      console.log('    skipped: vim with ALE is not installed (apt-get install vim vim-ale)')
      this.skip()
    }
  })

  it('publishes diagnostics, applies a code action, hovers in plain text, and completes schema:Per to schema:Person with its declaration', async () => {
    const text = SESSION.text
    const seen = await runVim('people.ttl', text)
    assert.equal(seen.error, undefined, `${seen.error} (${JSON.stringify(seen)})`)
    assert.equal(seen.filetype, 'turtle', 'the vimrc makes .ttl Turtle (Vim alone takes it for Tera Term)')
    assert.ok(
      seen.diagnostics?.some((d) => /'foaf:person' is not a term/.test(d)),
      JSON.stringify(seen.diagnostics),
    )
    assert.ok(seen.actions?.includes('Change to foaf:Person'), `ALE sends the diagnostic without its data: ${JSON.stringify(seen.actions)}`)
    assert.match(seen.hover ?? '', /^foaf:Person\n<http:\/\/xmlns\.com\/foaf\/0\.1\/Person>\n/)
    assert.doesNotMatch(seen.hover ?? '', /\*\*|`/, 'plain text, as ALE asks')
    assert.equal(seen.prefix, 'Per', "ALE's word stops at ':'")
    assert.equal(seen.completion?.[0], 'Person', `ALE kept: ${JSON.stringify(seen.completion)}`)
    assert.deepEqual(seen.lines, SESSION.after)
  })
})
