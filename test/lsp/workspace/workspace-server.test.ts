// The language server reads its workspace folders (over stdio, as VS Code's client talks): progress while it
// reads, completion of the workspace's own terms in context, hover, definition, references, symbols, and a file
// changed on disk changing the ranking.

import assert from 'node:assert/strict'
import {
  CodeActionRequest,
  CompletionRequest,
  DefinitionRequest,
  HoverRequest,
  ReferencesRequest,
  WorkspaceSymbolRequest,
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Location,
  type MarkupContent,
} from 'vscode-languageserver-protocol'
import { CAPABILITIES, startClient, type Client } from '../lsp-client.js'
import { HEAD, makeWorkspace, NS, plugin, type Workspace } from './workspace-fixture.js'

describe('prefixd lsp: the workspace’s own terms', function () {
  this.timeout(60_000)
  let workspace: Workspace
  let client: Client
  const progress: Array<{ kind: string; message?: string; percentage?: number }> = []
  let readDone: Promise<void>
  const logged: string[] = []

  before(async () => {
    workspace = await makeWorkspace()
    let done: () => void
    readDone = new Promise((resolve) => (done = resolve))
    client = await startClient(['--stdio'], {
      workspaceFolders: [workspace.uri],
      capabilities: {
        ...CAPABILITIES,
        window: { workDoneProgress: true },
        workspace: { ...CAPABILITIES.workspace, didChangeWatchedFiles: { dynamicRegistration: true } },
      },
      onConnection: (connection) => {
        connection.onRequest('window/workDoneProgress/create', () => null)
        connection.onRequest('client/registerCapability', () => null)
        connection.onNotification('window/logMessage', (params: { message: string }) => void logged.push(params.message))
        connection.onNotification('$/progress', (params: { value: { kind: string; message?: string; percentage?: number } }) => {
          progress.push(params.value)
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

  /** Completion at the end of `text`. */
  const completeAtEnd = (uri: string, text: string): Promise<CompletionItem[]> => {
    const lines = text.split('\n')
    return completeAt(uri, lines.length - 1, lines[lines.length - 1]!.length)
  }
  const completeAt = async (uri: string, line: number, character: number): Promise<CompletionItem[]> => {
    const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line, character } })) as CompletionList
    return list.items
  }

  it('reports its reading with workDoneProgress: begin, reports, end with what it read', () => {
    assert.equal(progress[0]!.kind, 'begin')
    assert.ok(progress.some((p) => p.kind === 'report' && p.percentage === 100))
    const end = progress.findLast((p) => p.kind === 'report')!
    assert.equal(end.message, '7 files, 5 defined terms', '.gitignore’d build/ left out; the broken file read up to its error')
  })

  it('logs a file that does not parse with its line and column (read on the reading thread), and the others read whole', () => {
    const broken = logged.filter((message) => message.includes('broken.ttl'))
    assert.equal(broken.length, 1, logged.join('\n'))
    assert.match(broken[0]!, /notes\/broken\.ttl:3:11: Expected entity/)
    assert.equal(logged.filter((message) => /\.ttl:\d+/.test(message)).length, 1, 'no other file has an error')
  })

  it('completes the workspace’s terms after one letter, in context: after lv:index, lv:symbol first, with why', async () => {
    const text = HEAD + 'lv:mine a lv:Plugin ;\n  lv:port [ a lv:Port ; lv:index 1 ; lv:s'
    const items = await completeAtEnd(await client.open(workspace.uriOf('plugins/new.ttl'), 'turtle', text), text)
    assert.equal(items[0]!.label, 'lv:symbol')
    assert.equal(items[0]!.labelDetails?.detail, ' symbol')
    const documentation = (items[0]!.documentation as MarkupContent).value
    assert.match(documentation, /A short name of a port\./)
    assert.match(documentation, /used 5 times in this workspace; after lv:index 5 times; on 5 lv:Port/)
    assert.deepEqual(
      items.map((item) => item.label),
      ['lv:symbol', 'lv:shortName'],
    )
  })

  it('places a bundled term the workspace never used by how its domain fits the subject, once the knowledge tier is read', async () => {
    const text = HEAD + '@prefix schema: <http://schema.org/> .\nlv:term a schema:DefinedTerm ;\n  schema:i'
    const uri = await client.open(workspace.uriOf('plugins/term.ttl'), 'turtle', text)
    // The tier is read in the background from the start: ask until it is in (each answer is complete, never a partial one).
    let labels: string[] = []
    for (let attempt = 0; attempt < 200 && !labels.slice(0, 3).includes('schema:inDefinedTermSet'); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50))
      labels = (await completeAtEnd(uri, text)).map((item) => item.label)
    }
    assert.ok(labels.slice(0, 3).includes('schema:inDefinedTermSet'), labels.slice(0, 5).join(' '))
    const nested = HEAD + '@prefix sh: <http://www.w3.org/ns/shacl#> .\nlv:Shape a sh:NodeShape ;\n  sh:property [ sh:n'
    const inShape = (await completeAtEnd(await client.open(workspace.uriOf('plugins/shape.ttl'), 'turtle', nested), nested)).map((item) => item.label)
    assert.equal(inShape[0], 'sh:name', 'sh:property’s range is sh:PropertyShape, the domain of sh:name (the index alone puts sh:nodeKind first)')
  })

  it('after a, the workspace’s classes', async () => {
    const text = HEAD + 'lv:mine a lv:P'
    const items = await completeAtEnd(await client.open(workspace.uriOf('plugins/class.ttl'), 'turtle', text), text)
    assert.deepEqual(
      items.slice(0, 2).map((item) => item.label),
      ['lv:Plugin', 'lv:Port'],
    )
    assert.match((items[0]!.documentation as MarkupContent).value, /5 instances in this workspace/)
  })

  it('hovers a workspace term with its definition and file, and jumps to it', async () => {
    const uri = await client.open(workspace.uriOf('plugins/hover.ttl'), 'turtle', HEAD + 'lv:mine a lv:Plugin .\n')
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 12 } })
    const value = (hover!.contents as MarkupContent).value
    assert.match(value, /An audio plugin\./)
    assert.match(value, new RegExp(`Defined in ${workspace.uriOf('vocab/lv.ttl')}#L4`))
    const target = (await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: { line: 2, character: 12 } })) as Location
    assert.deepEqual(target, { uri: workspace.uriOf('vocab/lv.ttl'), range: { start: { line: 3, character: 0 }, end: { line: 3, character: 9 } } })
  })

  it('finds a term’s uses across the workspace, and lists defined terms as symbols', async () => {
    const uri = await client.open(workspace.uriOf('plugins/refs.ttl'), 'turtle', HEAD + 'lv:mine lv:symbol "x" .\n')
    const uses = (await client.connection.sendRequest(ReferencesRequest.type, {
      textDocument: { uri },
      position: { line: 2, character: 10 },
      context: { includeDeclaration: true },
    }))!
    assert.deepEqual(
      uses.map((use) => use.uri).sort(),
      [...[1, 2, 3, 4, 5].map((i) => workspace.uriOf(`plugins/p${i}.ttl`)), workspace.uriOf('vocab/lv.ttl')].sort(),
    )
    const symbols = (await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'plug' })) as Array<{ name: string; location: Location }>
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['lv:Plugin'],
    )
    assert.equal(symbols[0]!.location.uri, workspace.uriOf('vocab/lv.ttl'))
  })

  it('offers a prefix only the workspace declares, and completes its terms in a document that has not declared it yet', async () => {
    await workspace.write('own/a.ttl', '@prefix myproj: <http://example.org/myproj#> .\nmyproj:a myproj:speed 1 .\n')
    await workspace.write('own/b.ttl', '@prefix myproj: <http://example.org/myproj#> .\nmyproj:b myproj:speed 2 .\n')
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: ['own/a.ttl', 'own/b.ttl'].map((path) => ({ uri: workspace.uriOf(path), type: 1 })),
    })
    const text = '<x> myproj:s'
    const uri = await client.open(workspace.uriOf('own/new.ttl'), 'turtle', text)
    let labels: string[] = []
    for (let attempt = 0; attempt < 100 && labels[0] !== 'myproj:speed'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      labels = (await completeAtEnd(uri, text)).map((item) => item.label)
    }
    assert.equal(labels[0], 'myproj:speed')
    const item = (await completeAtEnd(uri, text))[0]!
    assert.deepEqual(
      item.additionalTextEdits?.map((edit) => edit.newText),
      ['@prefix myproj: <http://example.org/myproj#> .\n\n'],
      'its declaration, as the workspace writes it',
    )
    const bare = await client.open(workspace.uriOf('own/bare.ttl'), 'turtle', 'mypr')
    assert.ok(
      (await completeAtEnd(bare, 'mypr')).some((i) => i.label === 'myproj:'),
      'the workspace’s prefix is offered',
    )
    // Its quick fix declares it as the workspace does, before any guess from the index by local name.
    const used = await client.open(workspace.uriOf('own/used.ttl'), 'turtle', '<x> myproj:speed 3 .\n')
    const undeclared = (await client.diagnosticsWhere(used, (list) => list.some((d) => d.code === 'undeclared-prefix'))).filter(
      (d) => d.code === 'undeclared-prefix',
    )
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: used },
      range: undeclared[0]!.range,
      context: { diagnostics: undeclared },
    })) as CodeAction[]
    assert.equal(actions[0]?.title, 'Declare myproj: <http://example.org/myproj#>')
    assert.equal(actions[0]?.isPreferred, true)
  })

  it('a prefix the workspace declares wins over one the table keeps without offering it (LV2’s own lv2:, prefix.cc’s long-tail one)', async () => {
    const lv2 = 'http://lv2plug.in/ns/lv2core#'
    const file = (i: number) => `@prefix lv2: <${lv2}> .\n<#p${i}> lv2:port [ lv2:index ${i} ; lv2:symbol "s${i}" ] .\n`
    await workspace.write('lv2/a.ttl', file(1))
    await workspace.write('lv2/b.ttl', file(2))
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: ['lv2/a.ttl', 'lv2/b.ttl'].map((path) => ({ uri: workspace.uriOf(path), type: 1 })),
    })
    const text = '<x> lv2:sy'
    const uri = await client.open(workspace.uriOf('lv2/new.ttl'), 'turtle', text)
    let items: CompletionItem[] = []
    for (let attempt = 0; attempt < 100 && items[0]?.label !== 'lv2:symbol'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      items = await completeAtEnd(uri, text)
    }
    assert.equal(items[0]?.label, 'lv2:symbol')
    assert.deepEqual(
      items[0]!.additionalTextEdits?.map((edit) => edit.newText),
      [`@prefix lv2: <${lv2}> .\n\n`],
      'declared as the workspace declares it, not as the table’s long-tail entry',
    )
    const bare = await client.open(workspace.uriOf('lv2/bare.ttl'), 'turtle', 'lv')
    assert.ok((await completeAtEnd(bare, 'lv')).some((i) => i.label === 'lv2:'))
  })

  it('reads what a save sends: the saved text ranks at once, before the disk is read', async () => {
    const path = 'plugins/saved.ttl'
    const saved = HEAD + Array.from({ length: 40 }, (_, i) => `lv:s${i} a lv:Plugin ; lv:port [ a lv:Port ; lv:index 0 ; lv:stride ${i} ] .`).join('\n')
    const uri = await client.open(workspace.uriOf(path), 'turtle', saved)
    await client.connection.sendNotification('textDocument/didSave', { textDocument: { uri }, text: saved })
    const text = HEAD + 'lv:mine a lv:Plugin ;\n  lv:port [ a lv:Port ; lv:index 1 ; lv:s'
    const typing = await client.open(workspace.uriOf('plugins/typing.ttl'), 'turtle', text)
    let first: string | undefined
    for (let attempt = 0; attempt < 100 && first !== 'lv:stride'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      first = (await completeAtEnd(typing, text))[0]?.label
    }
    assert.equal(first, 'lv:stride', 'the file was never written to disk: the saved text alone put it first')
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 3 }] })
  })

  it('reads a JSON-LD file of the workspace (jsonld.js, its context inline): its usage ranks as Turtle’s does', async () => {
    const ports = Array.from({ length: 30 }, (_, i) => ({ '@type': 'lv:Port', 'lv:index': i, 'lv:jsonLdOnly': `j${i}` }))
    const document = { '@context': { lv: NS }, '@id': 'lv:fromJson', '@type': 'lv:Plugin', 'lv:port': ports }
    const uri = await workspace.write('data/ports.jsonld', JSON.stringify(document))
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 1 }] })
    const text = HEAD + 'lv:mine a lv:Plugin ;\n  lv:port [ a lv:Port ; lv:index 1 ; lv:j'
    const typing = await client.open(workspace.uriOf('plugins/typing-json.ttl'), 'turtle', text)
    let first: string | undefined
    for (let attempt = 0; attempt < 100 && first !== 'lv:jsonLdOnly'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      first = (await completeAtEnd(typing, text))[0]?.label
    }
    assert.equal(first, 'lv:jsonLdOnly')
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 3 }] })
  })

  it('offers a prefix the workspace’s JSON-LD declares in its @context, as it offers Turtle’s @prefix', async () => {
    const ns = 'http://example.org/jsonproj#'
    // `jpid` is an expanded definition without "@prefix": true, which JSON-LD 1.1 does not let a compact IRI use.
    const file = (i: number) => ({ '@context': { jproj: ns, jpid: { '@id': ns } }, '@id': `jproj:r${i}`, 'jproj:gauge': i })
    const paths = ['own-ld/a.jsonld', 'own-ld/b.jsonld']
    for (const [i, path] of paths.entries()) await workspace.write(path, JSON.stringify(file(i)))
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: paths.map((path) => ({ uri: workspace.uriOf(path), type: 1 })) })
    const text = '<x> jproj:g'
    const uri = await client.open(workspace.uriOf('own-ld/new.ttl'), 'turtle', text)
    let items: CompletionItem[] = []
    for (let attempt = 0; attempt < 100 && items[0]?.label !== 'jproj:gauge'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      items = await completeAtEnd(uri, text)
    }
    assert.equal(items[0]?.label, 'jproj:gauge')
    assert.deepEqual(
      items[0]!.additionalTextEdits?.map((edit) => edit.newText),
      [`@prefix jproj: <${ns}> .\n\n`],
    )
    const bare = await client.open(workspace.uriOf('own-ld/bare.ttl'), 'turtle', 'jp')
    const labels = (await completeAtEnd(bare, 'jp')).map((i) => i.label)
    assert.ok(labels.includes('jproj:'), labels.join(' '))
    assert.ok(!labels.includes('jpid:'), 'an @id definition without @prefix is no prefix')
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: paths.map((path) => ({ uri: workspace.uriOf(path), type: 3 })) })
  })

  it('reads a file changed on disk again: the ranking follows', async () => {
    for (let i = 6; i <= 20; i++) await workspace.write(`plugins/p${i}.ttl`, plugin(i, 'lv:sampleRate 48000'))
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: Array.from({ length: 15 }, (_, i) => ({ uri: workspace.uriOf(`plugins/p${i + 6}.ttl`), type: 1 })),
    })
    const text = HEAD + 'lv:mine a lv:Plugin ;\n  lv:port [ a lv:Port ; lv:index 1 ; lv:s'
    const uri = await client.open(workspace.uriOf('plugins/after.ttl'), 'turtle', text)
    let first: string | undefined
    for (let attempt = 0; attempt < 100 && first !== 'lv:sampleRate'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      first = (await completeAtEnd(uri, text))[0]?.label
    }
    assert.equal(first, 'lv:sampleRate')
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: Array.from({ length: 15 }, (_, i) => ({ uri: workspace.uriOf(`plugins/p${i + 6}.ttl`), type: 3 })),
    })
    for (let attempt = 0; attempt < 100 && first !== 'lv:symbol'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      first = (await completeAtEnd(uri, text))[0]?.label
    }
    assert.equal(first, 'lv:symbol', 'deleted files count no more')
    assert.ok(NS)
  })
})
