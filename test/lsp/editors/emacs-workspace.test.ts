// Emacs with eglot (Debian's emacs-nox and elpa-eglot) in a workspace folder, set up with the README's init.el as
// written: eglot hands the server the project (a git repository) as its workspace folder, and a term defined only
// there completes first in context, hovers with its definition and file, and M-. (xref) jumps to its definition.

import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { makeWorkspace, HEAD, type Workspace } from '../workspace/workspace-fixture.js'
import { editorAvailable, editorHome, readmeBlock, runDriver } from './editor-setup.js'

const DRIVER = fileURLToPath(new URL('./emacs-workspace-driver.el', import.meta.url))

interface Seen {
  readonly error?: string
  readonly root?: string
  readonly completion?: string[]
  readonly completed?: string
  readonly hover?: string
  readonly definition?: { file: string; line: number; text: string }
}

describe('prefixd lsp in Emacs (eglot): a workspace folder’s own terms (README configuration)', function () {
  this.timeout(90_000)
  let workspace: Workspace

  before(async function () {
    if (!editorAvailable('emacs') || !editorAvailable('emacs', ['--batch', '-q', '--eval', '(progn (package-initialize) (require (quote eglot)))'])) {
      console.log('    skipped: emacs with eglot is not installed (apt-get install emacs-nox elpa-eglot)')
      this.skip()
    }
    workspace = await makeWorkspace()
    // A project as people keep one: eglot's workspace folder is the project's root, which project.el finds by git.
    execFileSync('git', ['init', '-q', workspace.dir])
  })
  after(() => workspace?.remove())

  it('completes lv:symbol after lv:index, hovers lv:Plugin with its file, and jumps to its definition', async () => {
    const home = editorHome()
    const init = home.write('init.el', readmeBlock(';; init.el for Emacs 28 and later with eglot'))
    const document = await workspace.write('plugins/new.ttl', HEAD + 'lv:mine a lv:Plugin ;\n  lv:port [ a lv:Port ; lv:index 1 ; lv:s')
    const seen = await runDriver<Seen>('emacs', ['--batch', '-q', '--eval', '(package-initialize)', '-l', init, '-l', DRIVER], home, {
      cwd: workspace.dir,
      env: { PREFIXD_TEST_FILE: fileURLToPath(document) },
    })
    assert.equal(seen.error, undefined, `${seen.error} (${JSON.stringify(seen)})`)
    assert.equal(seen.root?.replace(/\/$/, ''), workspace.dir)
    assert.deepEqual(seen.completion, ['lv:symbol', 'lv:shortName'])
    assert.match(seen.hover ?? '', /An audio plugin\./)
    assert.match(seen.hover ?? '', /Defined in file:\/\/.*\/vocab\/lv\.ttl#L4/)
    assert.deepEqual(seen.definition, { file: join(workspace.dir, 'vocab/lv.ttl'), line: 4, text: 'lv:Plugin a rdfs:Class ;' })
    assert.equal(seen.completed, '  lv:port [ a lv:Port ; lv:index 1 ; lv:symbol')
  })
})
