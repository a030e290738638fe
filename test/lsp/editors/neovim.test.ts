// Neovim's own LSP client (Debian's 0.7) against `prefixd lsp --stdio`, set up with the README's
// init.lua as written: diagnostics, a code action, hover, and the built-in completion after
// `schema:Per`, whose accepted item leaves the document declaring `schema:`.

import assert from 'node:assert/strict'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { editorAvailable, editorHome, readmeBlock, runDriver, SESSION } from './editor-setup.js'

const DRIVER = fileURLToPath(new URL('./neovim-driver.lua', import.meta.url))
const NARROW_DRIVER = fileURLToPath(new URL('./neovim-narrow-driver.lua', import.meta.url))

interface Seen {
  readonly error?: string
  readonly steps: string[]
  readonly lines: string[]
  readonly diagnostics?: Array<{ line: number; message: string; code: string }>
  readonly actions?: string[]
  readonly hover?: string
  readonly completion?: string[]
  readonly info?: string
  /** neovim-narrow-driver.lua: the items of the first list, of the menu narrowed by typing, and the line once one is chosen. */
  readonly first?: number
  readonly narrowed?: number
  readonly chosen?: string
}

/** Runs Neovim on `document` (a file name and its text) with the README's configuration and a driver. */
function runNeovim(name: string, text: string, driver = DRIVER): Promise<Seen> {
  const home = editorHome()
  const init = home.write('init.lua', readmeBlock('-- init.lua for Neovim 0.7 to 0.10'))
  const file = home.write(name, text)
  return runDriver<Seen>('nvim', ['--headless', '-n', '-i', 'NONE', '-u', init, '-c', `luafile ${driver}`, file], home)
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
  // Its built-in completion asks once and then filters that list as the person types (it reads no isIncomplete), so
  // ranks past those shown must be in it: foaf:knows is 21st after `foaf:` (a list of 20 loses it; see COMPLETION_LIMIT).
  it('keeps what the first list held when typing narrows it: foaf: then kn finds foaf:knows', async () => {
    const text = '@prefix ex: <http://example.org/> .\n@prefix foaf: <http://xmlns.com/foaf/0.1/> .\nex:alice foaf:'
    const seen = await runNeovim('narrow.ttl', text, NARROW_DRIVER)
    assert.equal(seen.error, undefined, `${seen.error} after ${seen.steps.join(', ')}`)
    assert.ok((seen.first ?? 0) > 20, `the first list: ${JSON.stringify(seen.completion)}`)
    assert.ok((seen.narrowed ?? 0) >= 1, 'the menu narrowed to foaf:kn… is not empty')
    assert.equal(seen.chosen, 'ex:alice foaf:knows')
  })
})
