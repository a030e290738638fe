// A client that cannot be asked to watch files (no dynamic registration of workspace/didChangeWatchedFiles, as
// Neovim before 0.9): the server watches the workspace folders itself, over stdio — a file written outside the
// editor, one in a folder made later, one removed change the ranking; one a .gitignore ignores does not.

import assert from 'node:assert/strict'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CompletionRequest, type CompletionList } from 'vscode-languageserver-protocol'
import { watchFolders } from '../../../packages/lsp/src/workspace/folder-watch.js'
import { CAPABILITIES, startClient, type Client } from '../lsp-client.js'
import { HEAD, makeWorkspace, plugin, type Workspace } from './workspace-fixture.js'

describe('prefixd lsp: the workspace watched by the server itself', function () {
  this.timeout(60_000)
  let workspace: Workspace
  let client: Client

  before(async () => {
    workspace = await makeWorkspace()
    let done: () => void
    const readDone = new Promise<void>((resolve) => (done = resolve))
    assert.equal((CAPABILITIES.workspace as { didChangeWatchedFiles?: unknown } | undefined)?.didChangeWatchedFiles, undefined)
    client = await startClient(['--stdio'], {
      workspaceFolders: [workspace.uri],
      capabilities: { ...CAPABILITIES, window: { workDoneProgress: true } },
      onConnection: (connection) => {
        connection.onRequest('window/workDoneProgress/create', () => null)
        connection.onRequest('client/registerCapability', () => assert.fail('the server asked a client that cannot register to watch'))
        connection.onNotification('$/progress', (params: { value: { kind: string } }) => {
          if (params.value.kind === 'end') done()
        })
      },
    })
    await readDone
  })
  after(async () => {
    await client.close()
    await workspace.remove()
  })

  const text = HEAD + 'lv:mine a lv:Plugin ;\n  lv:port [ a lv:Port ; lv:index 1 ; lv:'
  /** The labels completion offers at the end of `text` once `until` holds of them (asked every 50 ms, at most 10 s). */
  const labelsOnce = async (uri: string, until: (labels: string[]) => boolean): Promise<string[]> => {
    const lines = text.split('\n')
    let labels: string[] = []
    for (let attempt = 0; attempt < 200 && !until(labels); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      const position = { line: lines.length - 1, character: lines[lines.length - 1]!.length }
      const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as CompletionList
      labels = list.items.map((item) => item.label)
    }
    return labels
  }

  it('reads files written outside the editor, in a folder made later too, and leaves ignored ones out', async () => {
    const uri = await client.open(workspace.uriOf('plugins/typing.ttl'), 'turtle', text)
    assert.equal((await labelsOnce(uri, (labels) => labels.length > 0))[0], 'lv:symbol')
    for (let i = 6; i <= 20; i++) await workspace.write(`plugins/p${i}.ttl`, plugin(i, 'lv:sampleRate 48000'))
    assert.equal((await labelsOnce(uri, (labels) => labels[0] === 'lv:sampleRate'))[0], 'lv:sampleRate')
    // build/ is in the fixture's .gitignore; extra/deep/ did not exist when the server started.
    await workspace.write('build/more.ttl', HEAD + Array.from({ length: 40 }, (_, i) => `lv:b${i} lv:ignoredTerm ${i} .`).join('\n'))
    await workspace.write('extra/deep/new.ttl', HEAD + Array.from({ length: 40 }, (_, i) => `lv:d${i} lv:deepTerm ${i} .`).join('\n'))
    const labels = await labelsOnce(uri, (labels) => labels.includes('lv:deepTerm'))
    assert.ok(labels.includes('lv:deepTerm'), labels.join(' '))
    assert.ok(!labels.includes('lv:ignoredTerm'), 'a file in an ignored folder is not read')
  })

  it('forgets files removed outside the editor', async () => {
    const uri = await client.open(workspace.uriOf('plugins/typing-2.ttl'), 'turtle', text)
    for (let i = 6; i <= 20; i++) await rm(join(workspace.dir, `plugins/p${i}.ttl`))
    assert.equal((await labelsOnce(uri, (labels) => labels[0] === 'lv:symbol'))[0], 'lv:symbol')
  })
})

describe('watchFolders', function () {
  this.timeout(30_000)

  it('watches a folder removed and made again at the same path (a checkout, a generator’s output)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'prefixd-watch-'))
    const seen = new Set<string>()
    const watch = watchFolders(
      [root],
      (paths) => paths.forEach((path) => seen.add(path)),
      () => undefined,
    )
    /** Writes `file` under `root` until the watch has told of it (every 100 ms, at most 10 s): no wait for a time. */
    const writeUntilSeen = async (file: string) => {
      for (let attempt = 0; attempt < 100 && !seen.has(join(root, file)); attempt++) {
        await writeFile(join(root, file), '')
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      return seen.has(join(root, file))
    }
    try {
      await mkdir(join(root, 'gen'))
      assert.ok(await writeUntilSeen('gen/a.ttl'), 'a file in a folder made after the watch began')
      await rm(join(root, 'gen'), { recursive: true })
      await mkdir(join(root, 'gen'))
      assert.ok(await writeUntilSeen('gen/b.ttl'), 'a file in the folder made again')
    } finally {
      watch.close()
      await rm(root, { recursive: true, force: true })
    }
  })
})
