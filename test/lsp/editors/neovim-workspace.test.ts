// Neovim's own LSP client (Debian's 0.7) in a workspace folder, set up with the README's init.lua as written: the
// server reads the folder, and a term defined only there completes first in context, hovers with its definition
// and file, and vim.lsp.buf.definition() jumps to its defining statement.

import assert from 'node:assert/strict'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { makeWorkspace, HEAD, type Workspace } from '../workspace/workspace-fixture.js'
import { editorAvailable, editorHome, readmeBlock, runDriver } from './editor-setup.js'

const DRIVER = fileURLToPath(new URL('./neovim-workspace-driver.lua', import.meta.url))

interface Seen {
  readonly error?: string
  readonly steps: string[]
  readonly completion?: string[]
  readonly info?: string
  readonly hover?: string
  readonly definition?: { file: string; line: number; col: number; text: string }
}

describe('prefixd lsp in Neovim: a workspace folder’s own terms (built-in client, README configuration)', function () {
  this.timeout(90_000)
  let workspace: Workspace

  before(async function () {
    if (!editorAvailable('nvim')) {
      console.log('    skipped: nvim is not installed (apt-get install neovim)')
      this.skip()
    }
    workspace = await makeWorkspace()
  })
  after(() => workspace?.remove())

  it('completes lv:symbol after lv:index, hovers lv:Plugin with its file, and jumps to its definition', async () => {
    const home = editorHome()
    const init = home.write('init.lua', readmeBlock('-- init.lua for Neovim 0.7 to 0.10'))
    const document = 'plugins/new.ttl'
    await workspace.write(document, HEAD + 'lv:mine a lv:Plugin ;\n  lv:port [ a lv:Port ; lv:index 1 ; lv:s')
    const seen = await runDriver<Seen>('nvim', ['--headless', '-n', '-i', 'NONE', '-u', init, '-c', `luafile ${DRIVER}`, document], home, {
      cwd: workspace.dir,
    })
    assert.equal(seen.error, undefined, `${seen.error} after ${seen.steps.join(', ')}`)
    assert.deepEqual(seen.completion, ['lv:symbol', 'lv:shortName'])
    assert.match(seen.info ?? '', /used 5 times in this workspace; after lv:index 5 times/)
    assert.match(seen.hover ?? '', /An audio plugin\./)
    assert.match(seen.hover ?? '', /Defined in file:\/\/.*\/vocab\/lv\.ttl#L4/)
    assert.deepEqual(seen.definition, { file: join(workspace.dir, 'vocab/lv.ttl'), line: 4, col: 0, text: 'lv:Plugin a rdfs:Class ;' })
  })
})
