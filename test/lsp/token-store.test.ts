// The language server's incremental tokens: after any edits, the same tokens and declarations as
// reading the edited text afresh.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { declarationsIn, headerEnd, irisIn, isDirective, namesIn, namesInToken, tokens } from '@prefixd/core/syntax'
import { LineDocument } from '../../packages/lsp/src/text/line-document.js'
import { TokenStore } from '../../packages/lsp/src/documents/token-store.js'

/** Pieces of Turtle, TriG and SPARQL (and of their mistakes) that edits are made of. */
const PIECES = [
  '@prefix ex: <http://example.org/> .\n',
  'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\n',
  '@base <http://b/> .',
  'ex:a',
  ' ',
  '\n',
  'foaf:Person',
  ' a ',
  ';',
  ',',
  '.',
  '"str"',
  '"""long\nstring"""',
  "'q'",
  '"',
  '"""',
  '<http://x/y>',
  '<',
  '>',
  '# comment\n',
  '#',
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  '1.5',
  '.5',
  'ex:a.b',
  'ex:a/foaf:b',
  'ex:c\\.d',
  '^^xsd:int',
  '"1"^^<http://x/y>',
  '@en',
  '?x',
  'SELECT',
  'prefix',
  'p:',
  '\\',
  'é',
  '\r\n',
  '\r',
  '\u{1F600}',
  'ex:\u{1F600}x',
  '\u00a0',
]
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((parts) => parts.join(''))
const edit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  length: fc.nat(8),
  insert: fc.array(fc.constantFrom(...PIECES, 'x', ':'), { maxLength: 3 }).map((p) => p.join('')),
})

const plain = (list: readonly { kind: string; text: string; start: number; end: number; closed: boolean }[]) => list.map((t) => ({ ...t }))
const declarationsOf = (list: ReturnType<typeof declarationsIn>) => list.map((d) => ({ ...d, name: { ...d.name }, iri: { ...d.iri } }))
/** The names of each token as the store keeps them, and as read afresh from the tokens. */
const namesKept = (store: TokenStore) =>
  store.tokens().map((_, i) => {
    const names: object[] = []
    store.eachName(i, (n, start) => names.push({ prefix: n.prefix, local: n.local, written: n.written, start: start + n.from, end: start + n.to }))
    return names
  })
const namesRead = (list: ReturnType<typeof tokens> extends Iterable<infer T> ? readonly T[] : never) =>
  list.map((token) =>
    [...namesInToken(token)].map((n) => ({ prefix: n.prefix, local: n.local, written: `${n.prefix}:${n.local}`, start: n.start, end: n.end })),
  )

describe('TokenStore', () => {
  it('property: after any edits, the tokens, declarations, header end and names of the edited text read afresh', () => {
    fc.assert(
      fc.property(text, fc.array(edit, { minLength: 1, maxLength: 6 }), fc.boolean(), (initial, edits, readDeclarations) => {
        const store = new TokenStore(initial)
        let current = initial
        for (const { at, length, insert } of edits) {
          if (readDeclarations) void [store.declarations, store.headerEnd] // kept across edits, then checked
          const start = Math.floor(at * current.length)
          const end = Math.min(current.length, start + length)
          current = current.slice(0, start) + insert + current.slice(end)
          store.edit(start, end, insert, current)
          const fresh = [...tokens(current)]
          assert.deepEqual(plain(store.tokens()), plain(fresh), JSON.stringify(current))
          // What is read of a token without making it: its kind, offsets, and whether it is a directive's keyword.
          assert.deepEqual(
            fresh.map((_, i) => [store.kindOf(i), store.startOf(i), store.endOf(i), store.isDirective(i)]),
            fresh.map((t) => [t.kind, t.start, t.end, isDirective(t)]),
            JSON.stringify(current),
          )
          assert.deepEqual(
            declarationsOf(store.declarations as ReturnType<typeof declarationsIn>),
            declarationsOf(declarationsIn(fresh)),
            JSON.stringify(current),
          )
          assert.equal(store.headerEnd, headerEnd(fresh), JSON.stringify(current))
          if (readDeclarations) assert.deepEqual(namesKept(store), namesRead(fresh), JSON.stringify(current)) // kept across the next edits, then checked
        }
      }),
      { numRuns: 5000 },
    )
  })

  it('property: the same when the edited text is read in windows of lines, however short, edited before the store', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(edit, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 40 }),
        fc.boolean(),
        (initial, edits, windowAhead, readKept) => {
          const document = new LineDocument('file:///a.ttl', 'turtle', 1, initial)
          const store = new TokenStore(document, { windowAhead })
          let current = initial
          for (const { at, length, insert } of edits) {
            if (readKept) void [store.declarations, store.headerEnd, namesKept(store)] // kept across edits, then checked
            const start = Math.floor(at * current.length)
            const end = Math.min(current.length, start + length)
            current = current.slice(0, start) + insert + current.slice(end)
            // As the server does: the document is edited first, so the store cannot read the old text again.
            document.replace(start, end, insert)
            store.edit(start, end, insert, document)
            const fresh = [...tokens(current)]
            assert.deepEqual(plain(store.tokens()), plain(fresh), JSON.stringify(current))
            assert.deepEqual(
              declarationsOf(store.declarations as ReturnType<typeof declarationsIn>),
              declarationsOf(declarationsIn(fresh)),
              JSON.stringify(current),
            )
            assert.equal(store.headerEnd, headerEnd(fresh), JSON.stringify(current))
            assert.deepEqual(namesKept(store), namesRead(fresh), JSON.stringify(current))
            // A document's names and IRIs outside its directives (code actions, links, rename), as core reads them.
            assert.deepEqual([...store.namesUsed()], [...namesIn(fresh)], JSON.stringify(current))
            assert.deepEqual([...store.irisUsed()], [...irisIn(fresh)], JSON.stringify(current))
          }
        },
      ),
      { numRuns: 5000 },
    )
  })

  it('property: the same around runs of dots after a name, which the character after the run decides (ex:a..b, ex:a.. b)', () => {
    const dotted = fc.array(fc.constantFrom('ex:a', '.', '..', ' ', 'b', 'é', ';', '\n'), { maxLength: 20 }).map((parts) => parts.join(''))
    const dottedEdit = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.nat(3), insert: fc.constantFrom('', '.', 'b', ' ', 'ex:c') })
    fc.assert(
      fc.property(dotted, fc.array(dottedEdit, { minLength: 1, maxLength: 6 }), (initial, edits) => {
        const store = new TokenStore(initial)
        let current = initial
        for (const { at, length, insert } of edits) {
          const start = Math.floor(at * current.length)
          const end = Math.min(current.length, start + length)
          current = current.slice(0, start) + insert + current.slice(end)
          store.edit(start, end, insert, current)
          assert.deepEqual(plain(store.tokens()), plain([...tokens(current)]), JSON.stringify(current))
        }
      }),
      { numRuns: 3000 },
    )
  })

  // Found by the first property once in 200,000 runs (seed 1260866844): the header end was kept across the edit.
  it('moves a directive into the header when an edit removes what stood before it', () => {
    for (const [before, from, to] of [
      [' a @prefix ex: <http://example.org/> .\n', 1, 2], // ` a @prefix` → `  @prefix`
      ['@prefix a: <http://a.example/> .\n<s> <p> <o> .\n@prefix b: <http://b.example/> .\n', 33, 47], // the statement between
    ] as const) {
      const store = new TokenStore(before)
      assert.equal(store.headerEnd, headerEnd([...tokens(before)]))
      const after = before.slice(0, from) + before.slice(to)
      store.edit(from, to, '', after)
      assert.equal(store.headerEnd, headerEnd([...tokens(after)]), JSON.stringify(after))
    }
  })

  it('retokenizes only near a small edit in a large document', () => {
    const line = 'ex:s a foaf:Person ; foaf:name "A" .\n'
    const big = '@prefix ex: <http://example.org/> .\n' + line.repeat(20_000)
    const store = new TokenStore(big)
    const before = store.length
    const at = big.length / 2
    const edited = big.slice(0, at) + 'x' + big.slice(at)
    // Windows of the text around the edit are read, never the whole of it.
    const windows = {
      length: edited.length,
      window: (from: number, to: number) => ({ text: edited.slice(from, to), start: from }),
      getText: (): string => assert.fail('the whole text was read'),
      slice: (from: number, to: number) => edited.slice(from, to),
    }
    store.edit(at, at, 'x', windows)
    assert.ok(Math.abs(store.length - before) <= 2)
    assert.deepEqual(store.token(store.length - 1), { kind: 'punct', text: '.', start: big.length - 1, end: big.length, closed: true })
    assert.deepEqual(plain(store.tokens()), plain([...tokens(edited)]))
  })

  it('reads each token from the text as edited, and the declarations of a document of them', () => {
    const store = new TokenStore('@prefix ex: <http://example.org/> .\nex:a a ex:B .')
    const edited = '@prefix ex: <http://example.org/> .\n# c\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\nex:a a ex:B .'
    store.edit(36, 36, '# c\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\n', edited)
    assert.deepEqual(
      store.declarations.map((d) => [d.prefix, d.namespace, d.name.text, d.iri.text]),
      [
        ['ex', 'http://example.org/', 'ex:', '<http://example.org/>'],
        ['foaf', 'http://xmlns.com/foaf/0.1/', 'foaf:', '<http://xmlns.com/foaf/0.1/>'],
      ],
    )
    assert.equal(store.headerEnd, edited.indexOf('0.1/>') + 5)
    assert.equal(store.token(store.length - 2)!.text, 'ex:B')
  })

  it('keeps no earlier text of the document alive through the names it read (a slice of a string is a view of it in V8)', function () {
    this.timeout(20_000)
    // `gc` in a context made after the flag is set.
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const heap = (): number => {
      gc()
      return process.memoryUsage().heapUsed
    }
    const document = new LineDocument('file:///a.ttl', 'turtle', 1, 'ex:subjectName ex:propertyName ex:objectName .\n'.repeat(20_000)) // 0.94 MB
    const store = new TokenStore(document)
    const before = heap()
    for (let round = 0; round < 20; round++) {
      const at = document.offsetAt({ line: round * 900, character: 0 })
      document.replace(at, at, 'ex:insertedName ')
      store.edit(at, at, 'ex:insertedName ', document)
      document.getText() // this version's text joined, as a code action or an edit read past its window reads it
      store.eachName(store.indexAt(at), () => undefined) // the new token's names read (the diagnostics' pass)
    }
    const grown = heap() - before
    // Each version's text kept by the name read from it would be 19 MB more (20 texts of 0.94 MB, one the document's own).
    assert.ok(grown < 5e6, `the heap grew by ${(grown / 1e6).toFixed(1)} MB`)
  })
})
