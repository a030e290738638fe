// The language server's incremental tokens: after any edits, the same tokens and declarations as
// reading the edited text afresh.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { declarationsIn, headerEnd, namesInToken, tokens } from '@prefixd/core/syntax'
import { LineDocument } from '../../packages/lsp/src/line-document.js'
import { TokenStore } from '../../packages/lsp/src/token-store.js'

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
  '@en',
  '?x',
  'SELECT',
  'prefix',
  'p:',
  '\\',
  'é',
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
  store.tokens.map((_, i) => {
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
          assert.deepEqual(plain(store.tokens), plain(fresh), JSON.stringify(current))
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

  it('property: the same when the edited text is read in windows of lines, however short', () => {
    fc.assert(
      fc.property(text, fc.array(edit, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 40 }), (initial, edits, windowAhead) => {
        const store = new TokenStore(initial, { windowAhead })
        const document = new LineDocument('file:///a.ttl', 'turtle', 1, initial)
        let current = initial
        for (const { at, length, insert } of edits) {
          const start = Math.floor(at * current.length)
          const end = Math.min(current.length, start + length)
          current = current.slice(0, start) + insert + current.slice(end)
          document.replace(start, end, insert)
          store.edit(start, end, insert, document)
          assert.deepEqual(plain(store.tokens), plain([...tokens(current)]), JSON.stringify(current))
        }
      }),
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
          assert.deepEqual(plain(store.tokens), plain([...tokens(current)]), JSON.stringify(current))
        }
      }),
      { numRuns: 3000 },
    )
  })

  it('retokenizes only near a small edit in a large document', () => {
    const line = 'ex:s a foaf:Person ; foaf:name "A" .\n'
    const big = '@prefix ex: <http://example.org/> .\n' + line.repeat(20_000)
    const store = new TokenStore(big)
    const before = store.tokens.length
    const at = big.length / 2
    const edited = big.slice(0, at) + 'x' + big.slice(at)
    const last = store.tokens.at(-1)
    store.edit(at, at, 'x', edited)
    assert.equal(store.tokens.at(-1), last, 'the tokens after the edit are the same objects, shifted')
    assert.equal(last!.start, big.length + 1 - 1 - 1)
    assert.ok(Math.abs(store.tokens.length - before) <= 2)
  })
})
