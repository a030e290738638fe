// Emacs with each of its language clients — eglot and lsp-mode (Debian's emacs-nox, elpa-eglot, elpa-lsp-mode) —
// against `prefixd lsp --stdio`, set up with the README's init.el for that client as written: diagnostics, a code
// action, hover, and completion-at-point after `schema:Per`, whose accepted item leaves the document declaring
// `schema:`. One test, run once per client: each client has a driver of its own (emacs-driver.el, lsp-mode-driver.el).

import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { editorAvailable, editorHome, readmeBlock, runDriver, SESSION } from './editor-setup.js'

/** Each client: its Emacs package, the README block that sets it up, and the driver that plays the user. */
const CLIENTS = [
  { name: 'eglot', readme: ';; init.el for Emacs 28 and later with eglot', driver: './emacs-driver.el' },
  { name: 'lsp-mode', readme: ';; init.el for Emacs 28 and later with lsp-mode', driver: './lsp-mode-driver.el' },
] as const
type Client = (typeof CLIENTS)[number]

interface Seen {
  readonly error?: string
  readonly mode?: string
  readonly lines: string[]
  readonly diagnostics?: string[]
  readonly actions?: string[]
  readonly hover?: string
  readonly typed?: string
  readonly completion?: string[]
}

function runEmacs(client: Client, name: string, text: string): Promise<Seen> {
  const home = editorHome()
  const init = home.write('init.el', readmeBlock(client.readme))
  const file = home.write(name, text)
  const driver = fileURLToPath(new URL(client.driver, import.meta.url))
  return runDriver<Seen>('emacs', ['--batch', '-q', '--eval', '(package-initialize)', '-l', init, '-l', driver], home, { env: { PREFIXD_TEST_FILE: file } })
}

for (const client of CLIENTS) {
  describe(`prefixd lsp in Emacs (${client.name}, README configuration)`, function () {
    this.timeout(90_000)

    before(function () {
      if (
        !editorAvailable('emacs') ||
        !editorAvailable('emacs', ['--batch', '-q', '--eval', `(progn (package-initialize) (require (quote ${client.name})))`])
      ) {
        console.log(`    skipped: emacs with ${client.name} is not installed (apt-get install emacs-nox elpa-${client.name})`)
        this.skip()
      }
    })

    it('publishes diagnostics, applies a code action, hovers, and completes schema:Per to schema:Person with its declaration', async () => {
      const text = SESSION.text
      const seen = await runEmacs(client, 'people.ttl', text)
      assert.equal(seen.error, undefined, `${seen.error} (${JSON.stringify(seen)})`)
      assert.ok(
        seen.diagnostics?.some((d) => /'foaf:person' is not a term/.test(d)),
        JSON.stringify(seen.diagnostics),
      )
      assert.ok(seen.actions?.includes('Change to foaf:Person'), JSON.stringify(seen.actions))
      assert.match(seen.hover ?? '', /http:\/\/xmlns\.com\/foaf\/0\.1\/Person/)
      assert.equal(seen.typed, 'schema:Per', 'the README makes `:` part of a name, so the whole name is replaced')
      assert.ok(seen.completion?.includes('schema:Person'), `completion-at-point offered: ${JSON.stringify(seen.completion)}`)
      assert.deepEqual(seen.lines, [...SESSION.after, ''])
    })
  })
}
