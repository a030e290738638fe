// Formatting through the editors' own clients, set up with the README's configuration as written: Neovim
// formats on save (BufWritePre), eglot with `eglot-format-buffer` (and on save), lsp-mode with
// `lsp-format-buffer`, Vim with ALE's `:ALEFix` (ALE asks no language server to format: its fixer runs
// `prefixd format`). Each uses its buffer's indentation, and the file comes out as @prefixd/core/format gives it,
// comments kept.

import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatText } from '@prefixd/core/format'
import { editorAvailable, editorHome, readmeBlock } from './editor-setup.js'

const TEXT = '@prefix ex: <http://example.org/> .\n# people\nex:alice a ex:Person;ex:knows ex:bob , ex:carol ; # friends\n  ex:age 42 .\n'
const EXPECTED = formatText(TEXT, 'turtle', { indent: 2 })

interface Seen {
  readonly error?: string
  readonly lines: string[]
}

/** Runs `command` on `file` in an editor home of its own with the README's configuration, reading what its driver saw. */
function runEditor(
  command: string,
  args: (init: string, file: string) => string[],
  init: string,
  extraEnv: (file: string) => NodeJS.ProcessEnv,
): Promise<{ seen: Seen; file: string }> {
  const home = editorHome()
  const initFile = home.write(command === 'nvim' ? 'init.lua' : command === 'vim' ? 'vimrc' : 'init.el', init)
  const file = home.write('people.ttl', TEXT)
  const out = join(home.dir, 'seen.json')
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args(initFile, file),
      { cwd: home.dir, env: { ...home.env, PREFIXD_TEST_OUT: out, ...extraEnv(file) }, timeout: 60_000 },
      (error, _stdout, stderr) => {
        try {
          resolve({ seen: JSON.parse(readFileSync(out, 'utf8')) as Seen, file })
        } catch {
          reject(new Error(`${command} wrote no result (${error?.message ?? 'exited'}): ${stderr}`))
        }
      },
    )
    child.stdin?.end() // Vim's Ex mode reads commands from it
  })
}

describe('formatting in editors (README configuration)', function () {
  this.timeout(90_000)

  it('Neovim formats the document on save, in the buffer’s indentation', async function () {
    if (!editorAvailable('nvim')) {
      console.log('    skipped: nvim is not installed (apt-get install neovim)')
      return this.skip()
    }
    const driver = fileURLToPath(new URL('./neovim-format.lua', import.meta.url))
    const { seen, file } = await runEditor(
      'nvim',
      (init, file) => ['--headless', '-n', '-i', 'NONE', '-u', init, '-c', `luafile ${driver}`, file],
      readmeBlock('-- init.lua for Neovim 0.7 to 0.10'),
      () => ({}),
    )
    assert.equal(seen.error, undefined, seen.error)
    assert.equal(readFileSync(file, 'utf8'), EXPECTED)
  })

  it('lsp-mode formats with lsp-format-buffer, in the buffer’s indentation', async function () {
    if (!editorAvailable('emacs') || !editorAvailable('emacs', ['--batch', '-q', '--eval', '(progn (package-initialize) (require (quote lsp-mode)))'])) {
      if (process.env.PREFIXD_REQUIRE_EDITORS === '1') throw new Error('emacs with lsp-mode is not installed: apt-get install emacs-nox elpa-lsp-mode')
      console.log('    skipped: emacs with lsp-mode is not installed (apt-get install emacs-nox elpa-lsp-mode)')
      return this.skip()
    }
    const driver = fileURLToPath(new URL('./lsp-mode-format.el', import.meta.url))
    const { seen, file } = await runEditor(
      'emacs',
      (init) => ['--batch', '-q', '--eval', '(package-initialize)', '-l', init, '-l', driver],
      readmeBlock(';; init.el for Emacs 28 and later with lsp-mode'),
      (file) => ({ PREFIXD_TEST_FILE: file }),
    )
    assert.equal(seen.error, undefined, seen.error)
    assert.equal(readFileSync(file, 'utf8'), EXPECTED)
  })

  it('Vim with ALE formats with :ALEFix (prefixd format on the buffer), in the buffer’s indentation', async function () {
    if (!editorAvailable('vim') || !existsSync('/usr/share/vim-ale')) {
      if (process.env.PREFIXD_REQUIRE_EDITORS === '1') throw new Error('vim with ALE is not installed: apt-get install vim vim-ale')
      console.log('    skipped: vim with ALE is not installed (apt-get install vim vim-ale)')
      return this.skip()
    }
    const driver = fileURLToPath(new URL('./vim-format.vim', import.meta.url))
    const { seen, file } = await runEditor(
      'vim',
      (init, file) => ['-N', '-es', '-i', 'NONE', '-u', init, '-S', driver, file],
      readmeBlock('" vimrc for Vim 9 with ALE'),
      () => ({}),
    )
    assert.equal(seen.error, undefined, seen.error)
    assert.equal(readFileSync(file, 'utf8'), EXPECTED)
  })

  it('eglot formats with eglot-format-buffer, and again on save with nothing left to change', async function () {
    if (!editorAvailable('emacs') || !editorAvailable('emacs', ['--batch', '-q', '--eval', '(progn (package-initialize) (require (quote eglot)))'])) {
      console.log('    skipped: emacs with eglot is not installed (apt-get install emacs-nox elpa-eglot)')
      return this.skip()
    }
    const driver = fileURLToPath(new URL('./emacs-format.el', import.meta.url))
    const { seen, file } = await runEditor(
      'emacs',
      (init) => ['--batch', '-q', '--eval', '(package-initialize)', '-l', init, '-l', driver],
      readmeBlock(';; init.el for Emacs 28 and later with eglot'),
      (file) => ({ PREFIXD_TEST_FILE: file }),
    )
    assert.equal(seen.error, undefined, seen.error)
    assert.equal(seen.lines.join('\n'), EXPECTED)
    assert.equal(readFileSync(file, 'utf8'), EXPECTED)
  })
})
