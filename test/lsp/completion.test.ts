// Completion from the real `prefixd lsp` over stdio: prefixes, terms with labels and types, the class
// and property filters, the declaration added in the document's style, in Turtle, TriG and SPARQL.

import assert from 'node:assert/strict'
import { Parser } from 'n3'
import fc from 'fast-check'
import {
  CompletionRequest,
  CompletionResolveRequest,
  ExecuteCommandRequest,
  type CompletionItem,
  type CompletionList,
  type TextEdit,
} from 'vscode-languageserver-protocol/node'
import { TextDocument } from 'vscode-languageserver-textdocument'
import { startClient, type Client } from './lsp-client.js'

/** The position at the end of `text` (where the cursor is). */
function end(text: string): { line: number; character: number } {
  const lines = text.split('\n')
  return { line: lines.length - 1, character: lines.at(-1)!.length }
}

/** `text` with an item's edits applied, as an editor accepting it would. */
function accept(text: string, item: CompletionItem): string {
  const document = TextDocument.create('file:///x', 'turtle', 1, text)
  const main = item.textEdit as TextEdit
  return TextDocument.applyEdits(document, [main, ...(item.additionalTextEdits ?? [])])
}

describe('prefixd lsp: completion', function () {
  this.timeout(60_000)
  let client: Client
  let count = 0
  before(async () => (client = await startClient(['--stdio'])))
  after(async () => assert.equal(await client.close(), 0))

  async function completeAtEnd(text: string, languageId = 'turtle', extension = 'ttl'): Promise<CompletionList> {
    const uri = await client.open(`file:///test/completion-${count++}.${extension}`, languageId, text)
    const result = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: end(text) })
    assert.ok(result !== null && !Array.isArray(result), 'a CompletionList')
    return result
  }
  /**
   * A bare word's completion once it has words: asked again 400 ms apart until then (the server's warm-up makes the word
   * search at a pause of 300 ms without a request; before, a bare word gets its prefixes alone, incomplete).
   */
  async function withWords(text: string): Promise<CompletionList> {
    const hasWords = (list: CompletionList) => list.items.some((i) => i.label.includes(':') && !i.label.endsWith(':'))
    let list = await completeAtEnd(text)
    for (let i = 0; i < 50 && !hasWords(list); i++) {
      await new Promise((resolve) => setTimeout(resolve, 400))
      list = await completeAtEnd(text)
    }
    return list
  }

  const labels = (list: CompletionList): string[] => list.items.map((i) => i.label)

  it('completes terms after a colon, with label, types and documentation, and adds the @prefix line', async () => {
    const text = '@prefix ex: <http://example.org/> .\n\nex:alice a foaf:Pers'
    const list = await completeAtEnd(text)
    const person = list.items.find((i) => i.label === 'foaf:Person')
    assert.ok(person, labels(list).join(' '))
    assert.equal(person.labelDetails?.detail, ' Person')
    assert.match(person.labelDetails?.description ?? '', /Class/)
    // The markdown card comes on resolve; the edits are there without it.
    const resolved = await client.connection.sendRequest(CompletionResolveRequest.type, person)
    assert.match(JSON.stringify(resolved.documentation), /http:\/\/xmlns\.com\/foaf\/0\.1\/Person/)
    assert.match(JSON.stringify(resolved.documentation), /Class/)
    assert.equal(accept(text, person), '@prefix ex: <http://example.org/> .\n@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n\nex:alice a foaf:Person')
  })

  it('offers classes after `a` and properties where a predicate goes', async () => {
    const classes = await completeAtEnd('ex:alice a schema:Pe')
    assert.ok(classes.items.length > 0)
    assert.ok(labels(classes).includes('schema:Person'))
    assert.ok(!labels(classes).includes('schema:performer'), 'no properties after a')
    const properties = await completeAtEnd('ex:alice schema:Pe')
    assert.ok(labels(properties).includes('schema:performer'))
    assert.ok(!labels(properties).includes('schema:Person'), 'no classes in predicate position')
  })

  it('outside any workspace, places a typed subject’s properties by their domains once the knowledge tier is read', async () => {
    const text = '@prefix schema: <http://schema.org/> .\n<#p> a schema:Person ;\n  schema:g'
    // The tier is read in the background from the start: ask until it is in (each answer is whole, never partial).
    let found: string[] = []
    for (let attempt = 0; attempt < 200 && found[0] !== 'schema:gender'; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50))
      found = labels(await completeAtEnd(text))
    }
    assert.deepEqual(found.slice(0, 3), ['schema:gender', 'schema:globalLocationNumber', 'schema:givenName'])
    assert.ok(found.includes('schema:gtin'), 'the other properties follow')
    // A subject with no type: the index's order, a product's schema:gtin first.
    assert.equal(labels(await completeAtEnd('@prefix schema: <http://schema.org/> .\n<#q> schema:name "q" ;\n  schema:g'))[0], 'schema:gtin')
  })

  it("completes prefixes on a bare word, the document's own first", async () => {
    const list = await completeAtEnd('@prefix fooo: <http://example.org/fooo#> .\nfo')
    const names = labels(list)
    assert.equal(names[0], 'fooo:')
    assert.ok(names.includes('foaf:'))
    const foaf = list.items.find((i) => i.label === 'foaf:')!
    assert.equal(foaf.labelDetails?.description, 'http://xmlns.com/foaf/0.1/')
  })

  it('keeps the namespace a document declares for a prefix', async () => {
    const text = '@prefix foaf: <http://example.org/not-foaf/> .\nex:a foaf:'
    const list = await completeAtEnd(text)
    assert.ok(!labels(list).includes('foaf:Person'), "terms of the table's foaf namespace are not offered")
    // A namespace the table has under another prefix completes with the document's prefix.
    const renamed = await completeAtEnd('@prefix f: <http://xmlns.com/foaf/0.1/> .\nex:a a f:Pers')
    const person = renamed.items.find((i) => i.label === 'f:Person')
    assert.ok(person, labels(renamed).join(' '))
    assert.equal(person.additionalTextEdits, undefined, 'f: is declared already')
  })

  it('replaces the whole token at the cursor', async () => {
    const text = 'ex:a a foaf:Pers'
    const uri = await client.open(`file:///test/completion-${count++}.ttl`, 'turtle', text + 'onx .')
    const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: end(text) })) as CompletionList
    const person = list.items.find((i) => i.label === 'foaf:Person')!
    assert.deepEqual((person.textEdit as TextEdit).range, { start: { line: 0, character: 7 }, end: { line: 0, character: 19 } })
  })

  it('writes PREFIX in SPARQL, and in a Turtle document that uses PREFIX', async () => {
    const query = 'SELECT * WHERE {\n  ?s a foaf:Pers'
    const list = await completeAtEnd(query, 'sparql', 'rq')
    const person = list.items.find((i) => i.label === 'foaf:Person')!
    assert.equal(accept(query, person), 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\n\nSELECT * WHERE {\n  ?s a foaf:Person')
    const turtle = 'PREFIX ex: <http://example.org/>\nex:a a foaf:Pers'
    const item = (await completeAtEnd(turtle)).items.find((i) => i.label === 'foaf:Person')!
    assert.equal(accept(turtle, item), 'PREFIX ex: <http://example.org/>\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\nex:a a foaf:Person')
  })

  it('completes in TriG graphs, after @base', async () => {
    const text = '@base <http://example.org/> .\n<g> {\n  <a> a foaf:Pers'
    const list = await completeAtEnd(text, 'trig', 'trig')
    const person = list.items.find((i) => i.label === 'foaf:Person')!
    assert.equal(accept(text, person), '@base <http://example.org/> .\n@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n<g> {\n  <a> a foaf:Person')
  })

  it('offers nothing in a string, an IRI, a comment or a variable', async () => {
    for (const text of ['ex:a ex:b "foaf:Pe', 'ex:a ex:b <foaf:Pe', '# foaf:Pe']) {
      const uri = await client.open(`file:///test/completion-${count++}.ttl`, 'turtle', text)
      assert.equal(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: end(text) }), null, text)
    }
    const query = 'SELECT ?foaf'
    const uri = await client.open(`file:///test/completion-${count++}.rq`, 'sparql', query)
    assert.equal(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: end(query) }), null)
  })

  it('answers a position outside the document and an unknown document without failing', async () => {
    const uri = await client.open(`file:///test/completion-${count++}.ttl`, 'turtle', 'ex:a')
    const far = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 99, character: 99 } })
    assert.ok(far === null || !Array.isArray(far))
    assert.equal(
      await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: 'file:///nowhere.ttl' }, position: { line: 0, character: 0 } }),
      null,
    )
  })

  it('shapes items so that every client filters them against the name typed, from one start', async () => {
    const text = '@prefix ex: <http://example.org/> .\nex:alice a schema:Per'
    const list = await completeAtEnd(text)
    assert.ok(list.items.length > 1)
    // Neovim's omnifunc (0.7–0.10) takes the start of the edits as the start of the word only from items
    // without filterText that all start at one place; it then keeps the items whose text starts with what
    // lies between that start and the cursor. VS Code, nvim-cmp and eglot filter the label likewise.
    const starts = new Set(list.items.map((i) => JSON.stringify((i.textEdit as TextEdit).range.start)))
    assert.deepEqual([...starts], [JSON.stringify({ line: 1, character: 11 })])
    for (const item of list.items) {
      assert.equal(item.filterText, undefined, item.label)
      assert.ok((item.textEdit as TextEdit).newText.startsWith('schema:Per'), item.label)
    }
    // The card comes with the list: Neovim's built-in completion never asks completionItem/resolve.
    const person = list.items.find((i) => i.label === 'schema:Person')!
    assert.match(JSON.stringify(person.documentation), /http:\/\/schema\.org\/Person/)
    assert.deepEqual(await client.connection.sendRequest(CompletionResolveRequest.type, person), person)
  })

  it('gives items found by what people call them the word typed as filterText', async () => {
    const list = await withWords('ex:alice a person')
    const found = list.items.filter((i) => i.label.includes(':') && !i.label.endsWith(':'))
    assert.ok(
      found.some((i) => i.label === 'foaf:Person' || i.label === 'schema:Person'),
      list.items.map((i) => i.label).join(' '),
    )
    for (const item of found) assert.equal(item.filterText, 'person', item.label)
    assert.equal(list.isIncomplete, true, 'asked again as typing goes on')
  })

  it("declares the prefix through the item's command where the client did not apply its extra edits", async () => {
    const text = '@prefix ex: <http://example.org/> .\nex:alice a foaf:Pers'
    const uri = `file:///test/completion-${count++}.ttl`
    await client.open(uri, 'turtle', text)
    const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: end(text) })) as CompletionList
    const person = list.items.find((i) => i.label === 'foaf:Person')!
    assert.equal(person.command?.command, 'prefixd.declarePrefix')
    assert.deepEqual(client.initialized.capabilities.executeCommandProvider?.commands, ['prefixd.declarePrefix'])
    // A client like Neovim 0.7 inserts the name alone, then runs the command.
    await client.change(uri, [{ range: (person.textEdit as TextEdit).range, text: 'foaf:Person' }])
    const before = client.appliedEdits.length
    await client.connection.sendRequest(ExecuteCommandRequest.type, { command: person.command!.command, arguments: person.command!.arguments! })
    assert.equal(client.appliedEdits.length, before + 1)
    const [edit] = client.appliedEdits.at(-1)!.changes![uri]!
    assert.equal(edit!.newText, '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n')
    assert.deepEqual(edit!.range.start, { line: 1, character: 0 })
    // A client like VS Code applied the extra edits first: then the command finds the prefix declared and does nothing.
    await client.change(uri, [{ range: edit!.range, text: edit!.newText }])
    await client.connection.sendRequest(ExecuteCommandRequest.type, { command: person.command!.command, arguments: person.command!.arguments! })
    assert.equal(client.appliedEdits.length, before + 1)
    await assert.rejects(
      client.connection.sendRequest(ExecuteCommandRequest.type, { command: 'prefixd.declarePrefix', arguments: [uri] }),
      /takes a document URI/,
    )
  })

  it('never writes a typo alias: shema:Pers offers schema:Person and declares schema:', async () => {
    const text = '@prefix ex: <http://example.org/> .\nex:alice a shema:Pers'
    const list = await completeAtEnd(text)
    const person = list.items.find((i) => i.label === 'schema:Person')
    assert.ok(person, labels(list).join(' '))
    for (const item of list.items) {
      assert.ok(!item.label.startsWith('shema:'), item.label)
      assert.doesNotMatch(JSON.stringify([item.textEdit, item.additionalTextEdits, item.command]), /shema/, item.label)
    }
    // Typed as `shema:`: clients that filter by what was typed keep it.
    assert.equal(person.filterText, 'shema:Person')
    assert.equal(accept(text, person), '@prefix ex: <http://example.org/> .\n@prefix schema: <http://schema.org/> .\nex:alice a schema:Person')
    assert.deepEqual(person.command?.arguments?.slice(1), ['schema', 'http://schema.org/'])
    // The bare word completes to the usual prefix too.
    const bare = await completeAtEnd('ex:alice a shema')
    assert.ok(labels(bare).includes('schema:') && !labels(bare).includes('shema:'), labels(bare).join(' '))
    // A document that declares the alias itself keeps its own prefix.
    const own = await completeAtEnd('@prefix shema: <http://schema.org/> .\nex:alice a shema:Pers')
    assert.ok(labels(own).includes('shema:Person'), labels(own).join(' '))
  })

  it('completes the terms of a namespace the document binds under a synonym, as the IRIs it means', async () => {
    const text = '@prefix schema: <https://schema.org/> .\n<a> a schema:Per'
    const list = await completeAtEnd(text)
    const person = list.items.find((i) => i.label === 'schema:Person')
    assert.ok(person, list.items.map((i) => i.label).join(' '))
    assert.equal(person.detail, 'https://schema.org/Person')
    assert.equal(person.additionalTextEdits, undefined)
    assert.match(JSON.stringify(person.documentation), /https:\/\/schema\.org\/Person/)
    assert.doesNotMatch(JSON.stringify(person.documentation), /http:\/\/schema\.org\/Person/)
  })

  it('completes properties in SPARQL property paths', async () => {
    const head = 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\nSELECT * WHERE { '
    const sequence = await completeAtEnd(head + '?s foaf:knows/foaf:na', 'sparql', 'rq')
    const name = sequence.items.find((i) => i.label === 'foaf:name')
    assert.ok(name, labels(sequence).join(' '))
    assert.deepEqual((name.textEdit as TextEdit).range, { start: { line: 1, character: 31 }, end: { line: 1, character: 38 } })
    assert.equal(accept(head + '?s foaf:knows/foaf:na', name), head + '?s foaf:knows/foaf:name')
    const inverse = await completeAtEnd(head + '?s ^foaf:kno', 'sparql', 'rq')
    assert.ok(labels(inverse).includes('foaf:knows'), labels(inverse).join(' '))
    const group = await completeAtEnd(head + '?s (foaf:knows|foaf:', 'sparql', 'rq')
    assert.ok(labels(group).includes('foaf:name'), labels(group).join(' '))
    assert.ok(!labels(group).includes('foaf:Person'), 'properties only in a path')
    const repeated = await completeAtEnd(head + '?s foaf:knows+/foaf:mb', 'sparql', 'rq')
    assert.ok(labels(repeated).includes('foaf:mbox'), labels(repeated).join(' '))
  })

  it('answers the completions that come as the server starts as it does once its whole index is made (a bare word with its prefixes alone before)', async () => {
    // A fresh server: these first completions are answered from an index of the vocabulary each reads.
    const fresh = await startClient(['--stdio'])
    const documents = ['ex:a a foaf:Pers', '@prefix schema: <https://schema.org/> .\nex:a schema:na', 'ex:a a sh', 'ex:a dct:']
    const shape = (list: CompletionList | null) =>
      list?.items.map(({ label, kind, detail, labelDetails, textEdit, additionalTextEdits }) => ({
        label,
        kind,
        detail,
        labelDetails,
        textEdit,
        additionalTextEdits,
      }))
    const ask = async (text: string, n: number) => {
      const uri = await fresh.open(`file:///test/first-${n}.ttl`, 'turtle', text)
      return shape((await fresh.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: end(text) })) as CompletionList)
    }
    const first = await Promise.all(documents.map((text, n) => ask(text, n))).finally(() => fresh.close())
    const later = await Promise.all(documents.map((text, n) => (n === 2 ? withWords(text) : completeAtEnd(text)).then(shape)))
    assert.ok(first[0]?.some((item) => item.label === 'foaf:Person'))
    assert.ok(first[1]?.some((item) => item.label === 'schema:name'))
    // A bare word (`sh`) before the whole index is made: its prefixes alone, its words once it is (see server.test.ts).
    const prefixesOnly = later[2]!.filter((item) => item.label.endsWith(':'))
    assert.ok(prefixesOnly.length > 0 && prefixesOnly.length < later[2]!.length)
    if (first[2]!.length < later[2]!.length) {
      assert.deepEqual(first[2], prefixesOnly)
      first[2] = later[2]
    }
    assert.deepEqual(first, later)
  })

  it('property: accepting any term completion in a Turtle document gives a document N3.js parses', async () => {
    const prefixes = ['foaf', 'schema', 'dcterms', 'skos', 'rdfs', 'owl', 'xsd', 'dcat', 'prov']
    const header = fc.constantFrom(
      '',
      '@prefix ex: <http://example.org/> .\n',
      'PREFIX ex: <http://example.org/>\n',
      '@base <http://example.org/> .\n# a comment\n',
    )
    const body = fc.constantFrom(
      '<http://example.org/s> ',
      '<http://example.org/s> <http://example.org/p> <http://example.org/o> .\n<http://example.org/s> ',
      '<http://example.org/s> a ',
    )
    await fc.assert(
      fc.asyncProperty(
        header,
        body,
        fc.constantFrom(...prefixes),
        fc.stringMatching(/^[A-Za-z]{0,2}$/),
        fc.nat(),
        async (head, statement, prefix, start, pick) => {
          const text = head + statement + `${prefix}:${start}`
          const list = await completeAtEnd(text)
          const terms = list.items.filter((i) => i.label !== `${prefix}:`)
          fc.pre(terms.length > 0)
          const item = terms[pick % terms.length]!
          const accepted = accept(text, item)
          const rest = statement.endsWith('a ') ? ' .' : ' <http://example.org/o> .'
          assert.doesNotThrow(() => new Parser({ format: 'text/turtle', baseIRI: 'http://example.org/' }).parse(accepted + rest), accepted + rest)
        },
      ),
      { numRuns: 40 },
    )
  })
})
