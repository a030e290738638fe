// `prefixd lsp` as editors start it: the transports they pass, the project's files on the command
// line and in workspace settings, bad arguments and bad requests.

import assert from 'node:assert/strict'
import { fork, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  CompletionRequest,
  createProtocolConnection,
  HoverRequest,
  InitializeRequest,
  IPCMessageReader,
  IPCMessageWriter,
  SocketMessageReader,
  SocketMessageWriter,
  type CompletionList,
  type MarkupContent,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node'
import { MAIN, prefixd } from '../cli/run-prefixd.js'
import { startClient } from './lsp-client.js'

const dir = mkdtempSync(join(tmpdir(), 'prefixd-lsp-'))
writeFileSync(
  join(dir, 'vocab.ttl'),
  '@prefix zz: <http://example.org/zz#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\nzz:Widget a rdfs:Class ; rdfs:label "Widget" .\nzz:size a <http://www.w3.org/1999/02/22-rdf-syntax-ns#Property> .\n',
)
writeFileSync(join(dir, 'prefixes.json'), JSON.stringify({ zz: 'http://example.org/zz#' }))

/** Initializes a connection and asks for one completion of `foaf:Pers`: what a working server answers. */
async function completesFoaf(connection: ProtocolConnection): Promise<boolean> {
  await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} })
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: 'file:///t.ttl', languageId: 'turtle', version: 1, text: 'ex:a a foaf:Pers' },
  })
  const list = (await connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri: 'file:///t.ttl' },
    position: { line: 0, character: 16 },
  })) as CompletionList
  return list.items.some((i) => i.label === 'foaf:Person')
}

describe('prefixd lsp: starting and configuring', function () {
  this.timeout(60_000)

  it('talks over Node IPC with --node-ipc', async () => {
    const child = fork(MAIN, ['lsp', '--node-ipc'], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] })
    const connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child))
    connection.listen()
    try {
      assert.equal(await completesFoaf(connection), true)
    } finally {
      connection.dispose()
      child.kill()
    }
  })

  it('connects to the editor listening on --socket=PORT', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as { port: number }).port
    const accepted = new Promise<import('node:net').Socket>((resolve) => server.once('connection', resolve))
    const child = spawn(process.execPath, [MAIN, 'lsp', `--socket=${port}`], { stdio: 'ignore' })
    const socket = await accepted
    const connection = createProtocolConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket))
    connection.listen()
    try {
      assert.equal(await completesFoaf(connection), true)
    } finally {
      connection.dispose()
      child.kill()
      server.close()
    }
  })

  it('refuses bad transport arguments with a usage error', async () => {
    const twice = await prefixd(['lsp', '--stdio', '--node-ipc'])
    assert.equal(twice.code, 2)
    assert.match(twice.stderr, /one of --stdio, --node-ipc and --socket=PORT/)
    const port = await prefixd(['lsp', '--socket=http'])
    assert.equal(port.code, 2)
    assert.match(port.stderr, /--socket must be a whole number/)
  })

  it('exits with status 2 and says why when a --prefixes file cannot be read', async () => {
    // Spawned bare: the server may end before it has answered an editor's initialize.
    const child = spawn(process.execPath, [MAIN, 'lsp', '--prefixes', join(dir, 'missing.json')], { stdio: ['pipe', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
    assert.equal(code, 2)
    assert.match(stderr, /missing\.json/)
  })

  it('completes the terms of --vocab files and the prefixes of --prefixes files', async () => {
    const client = await startClient(['--prefixes', join(dir, 'prefixes.json'), '--vocab', join(dir, 'vocab.ttl')])
    try {
      const uri = await client.open('file:///project/a.ttl', 'turtle', '<a> a zz:Wid')
      const list = (await client.connection.sendRequest(CompletionRequest.type, {
        textDocument: { uri },
        position: { line: 0, character: 12 },
      })) as CompletionList
      const widget = list.items.find((i) => i.label === 'zz:Widget')
      assert.ok(widget, JSON.stringify(list.items.map((i) => i.label)))
      assert.equal(widget.labelDetails?.detail, ' Widget')
    } finally {
      await client.close()
    }
  })

  it('layers workspace settings over the defaults: files relative to the workspace, and prefixes', async () => {
    const settings = { prefixFiles: ['prefixes.json'], vocabFiles: ['vocab.ttl'], prefixes: { yy: 'http://example.org/yy#' } }
    const client = await startClient([], { settings, rootUri: pathToFileURL(dir).href })
    try {
      const text = '@prefix zz: <http://example.org/zz#> .\n<a> a zz:Wdget .\n<b> a yy:x .\n'
      const uri = await client.open('file:///project/b.ttl', 'turtle', text)
      // Once the settings are applied, the document is diagnosed again: zz's terms are known, yy is in the table.
      const diagnostics = await client.diagnosticsWhere(uri, (list) => list.some((d) => d.code === 'unknown-term'))
      assert.match(String(diagnostics.find((d) => d.code === 'unknown-term')!.message), /did you mean 'zz:Widget'/)
      assert.match(String(diagnostics.find((d) => d.code === 'undeclared-prefix')!.message), /http:\/\/example\.org\/yy#/)
      const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 8 } })
      assert.match((hover?.contents as MarkupContent).value, /http:\/\/example\.org\/yy#x/)
    } finally {
      await client.close()
    }
  })

  it("reads the project's .prefixd.json from the workspace folder: its rules, under the editor's, and its files", async () => {
    const project = mkdtempSync(join(tmpdir(), 'prefixd-lsp-project-'))
    writeFileSync(join(project, 'vocab.ttl'), readFileSync(join(dir, 'vocab.ttl')))
    writeFileSync(join(project, 'prefixes.json'), readFileSync(join(dir, 'prefixes.json')))
    writeFileSync(
      join(project, '.prefixd.json'),
      JSON.stringify({
        prefixFiles: ['prefixes.json'],
        vocabFiles: ['vocab.ttl'],
        rules: { 'unused-prefix': 'warning', 'undeclared-prefix': 'off', syntax: 'information' },
      }),
    )
    const client = await startClient([], { settings: { rules: { 'unused-prefix': 'error' } }, rootUri: pathToFileURL(project).href })
    try {
      const text = '@prefix zz: <http://example.org/zz#> .\n@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n<a> a zz:Wdget ; ex:b "B" .\n<c> <d> .\n'
      const uri = await client.open('file:///project/r.ttl', 'turtle', text)
      const diagnostics = await client.diagnosticsWhere(uri, (list) => list.some((d) => d.code === 'unknown-term') && list.some((d) => d.code === 'syntax'))
      assert.deepEqual(
        diagnostics.map((d) => [d.code, d.severity]).sort(),
        [
          ['syntax', 3],
          ['unknown-term', 2],
          ['unused-prefix', 1],
        ],
        "zz's terms from the file's prefixFiles and vocabFiles; unused-prefix an error (the editor's rule over the file's); no undeclared-prefix",
      )
    } finally {
      await client.close()
    }
  })

  it('takes settings from initializationOptions when the editor has no workspace/configuration', async () => {
    const client = await startClient([], { capabilities: {}, initializationOptions: { prefixes: { yy: 'http://example.org/yy#' } } })
    try {
      const uri = await client.open('file:///project/c.ttl', 'turtle', '<b> a yy:x .\n')
      await client.diagnosticsWhere(uri, (list) => list.some((d) => /example\.org\/yy#/.test(String(d.message))))
    } finally {
      await client.close()
    }
  })

  it('says what is wrong with settings of the wrong shape, and keeps working', async () => {
    const client = await startClient([], { settings: { prefixFiles: 'not-a-list' } })
    try {
      const uri = await client.open('file:///project/d.ttl', 'turtle', 'ex:a a foaf:Pers')
      const list = (await client.connection.sendRequest(CompletionRequest.type, {
        textDocument: { uri },
        position: { line: 0, character: 16 },
      })) as CompletionList
      assert.ok(list.items.some((i) => i.label === 'foaf:Person'))
      // The settings are read once the client is initialized; the message may follow the first answers.
      assert.match(await client.message((m) => m.includes('prefixFiles')), /prefixd\.prefixFiles must be a list of file paths/)
    } finally {
      await client.close()
    }
  })

  it('answers malformed requests with an error, and keeps serving', async () => {
    const client = await startClient()
    try {
      const uri = await client.open('file:///project/e.ttl', 'turtle', 'ex:a a foaf:Pers')
      await assert.rejects(
        client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 'x' } } as never),
        /position must be/,
      )
      await assert.rejects(
        client.connection.sendRequest('textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 8 } }),
        /newName must be a string/,
      )
      const list = (await client.connection.sendRequest(CompletionRequest.type, {
        textDocument: { uri },
        position: { line: 0, character: 16 },
      })) as CompletionList
      assert.ok(list.items.some((i) => i.label === 'foaf:Person'))
      assert.equal(await client.connection.sendRequest(HoverRequest.type, { textDocument: {}, position: { line: 0, character: 0 } } as never), null)
    } finally {
      assert.equal(await client.close(), 0)
    }
  })

  it('writes a timeline to PREFIXD_LSP_TRACE: each request read and answered, the work between, the collector', async () => {
    const file = join(dir, 'trace.jsonl')
    const client = await startClient([], { env: { ...process.env, PREFIXD_LSP_TRACE: file } })
    const uri = await client.open('file:///project/t.ttl', 'turtle', '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\nex:a a foaf:Pers')
    await client.change(uri, [{ range: { start: { line: 1, character: 16 }, end: { line: 1, character: 16 } }, text: 'o' }])
    await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 1, character: 17 } })
    assert.equal(await client.close(), 0)
    const events = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { ev: string; at: number; id?: number; method?: string; what?: string; ms?: number })
    const read = events.find((e) => e.ev === 'read' && e.method === 'textDocument/completion')
    assert.ok(read?.id !== undefined, 'the completion read, with its id')
    const written = events.find((e) => e.ev === 'write' && e.id === read.id && e.method === undefined)
    assert.ok(written !== undefined && written.at >= read.at, 'its answer written after')
    for (const what of ['open', 'change', 'completion'])
      assert.ok(
        events.some((e) => e.ev === 'slice' && e.what === what && e.ms! >= 0),
        what,
      )
    assert.ok(
      events.some((e) => e.ev === 'gc'),
      "the collector's pauses",
    )
  })

  it('answers a bare word before the whole index is made with prefixes, incomplete, never making the whole index inside a completion; its words come once it is made', async () => {
    const file = join(dir, 'bare-word.jsonl')
    const client = await startClient([], { env: { ...process.env, PREFIXD_LSP_TRACE: file } })
    const text = '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\nex:a a pers'
    const uri = await client.open('file:///project/bare.ttl', 'turtle', text)
    const ask = async () =>
      (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 1, character: 11 } })) as CompletionList
    const first = await ask()
    assert.equal(first.isIncomplete, true, 'the client asks again as the word goes on')
    // A request that needs the whole index (a hover) has it made; the warm-up makes its word search at a pause (300 ms
    // without a request); then the word finds foaf:Person.
    await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 3 } })
    let list = await ask()
    for (let i = 0; i < 50 && !list.items.some((item) => item.label === 'foaf:Person'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 400))
      list = await ask()
    }
    assert.ok(
      list.items.some((item) => item.label === 'foaf:Person'),
      list.items.map((item) => item.label).join(' '),
    )
    assert.equal(await client.close(), 0)
    const events = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { ev: string; at: number; id?: number; method?: string; what?: string })
    const wholeAt = events.filter((e) => e.ev === 'slice' && e.what === 'whole index').map((e) => e.at)
    assert.equal(wholeAt.length, 1)
    // Unless the server was idle long enough to make the whole index before the first completion came (a loaded machine):
    const firstWritten = events.find(
      (e) => e.ev === 'write' && e.method === undefined && e.id === events.find((r) => r.method === 'textDocument/completion')?.id,
    )!
    if (wholeAt[0]! > firstWritten.at) assert.ok(!first.items.some((item) => item.label === 'foaf:Person'), 'no words before the whole index')
    for (const read of events.filter((e) => e.ev === 'read' && e.method === 'textDocument/completion')) {
      const written = events.find((e) => e.ev === 'write' && e.id === read.id && e.method === undefined)!
      assert.ok(!wholeAt.some((at) => at >= read.at && at <= written.at), `completion ${read.id} made the whole index`)
    }
  })

  it('goes on without a timeline, saying so, when PREFIXD_LSP_TRACE names a file it cannot write', async () => {
    const file = join(dir, 'missing', 'trace.jsonl')
    const client = await startClient([], { env: { ...process.env, PREFIXD_LSP_TRACE: file } })
    const uri = await client.open('file:///project/t.ttl', 'turtle', '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\nex:a a foaf:Pers')
    const list = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 1, character: 16 } })
    assert.ok(list !== null && 'items' in list && list.items.some((item) => item.label === 'foaf:Person'))
    // The events are written at the latest as the server exits: then it said why there is no timeline, and exited well.
    assert.equal(await client.close(), 0)
    assert.match(client.stderr(), /PREFIXD_LSP_TRACE.*missing.*trace\.jsonl/)
  })
})
