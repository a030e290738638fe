// `prefixd pretty` writes what people write (issue 40 item 5), both modes: relative IRIs resolve as in the input,
// language tags keep their case, the formatted output does not depend on the input's order (blank-node subjects
// included), no escaped names where the IRI reads better, text of several lines in `"""`, `[ … ]` objects one a
// line when they do not fit, no prefix for a bare scheme or host, none numbered after a well-known one, `()` for
// the empty list — and n3 and rdflib read the output back as the input.

import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { DataFactory, Parser } from 'n3'
import type { Quad, Term } from '@rdfjs/types'
import { PrefixIndex } from '@prefixd/core'
import { writeFormatted } from '../../packages/cli/src/formatted-writer.js'
import { LanguageTags } from '../../packages/cli/src/language-tags.js'
import { colouredLines } from '../support/rdf-isomorphism.js'
import { rdflibMissing, rdflibRead } from '../support/rdf-tools.js'
import { prefixd } from './run-prefixd.js'

const BASE = 'http://doc.example/dir/'
const EDGES = [
  '<a> <http://example.org/p> <c> .',
  '@base <http://base.example/> .',
  '<d> <http://example.org/p> <e> .',
  '@prefix ex: <http://example.org/> .',
  'ex:s ex:label "colour"@en-GB, "color"@en-US, "Farbe"@de ;',
  '  ex:comment "one line\\nand another\\nand a third, which is long enough not to be written shorter with escapes" ;',
  '  ex:doc <http://schema.org/docs/collab/GoodRelationsTerms> ;',
  '  ex:host <http://pending.schema.org>, <http://bib.schema.org> ;',
  '  ex:empty () ;',
  '  ex:parts [ ex:name "the first part of the thing, named at length" ; ex:rank 1 ], [ ex:name "the second part, named at length too" ; ex:rank 2 ] .',
].join('\n')

const read = (text: string, format = 'Turtle') => colouredLines(new Parser({ format, baseIRI: BASE }).parse(text))

describe('prefixd pretty writes what people write', function () {
  this.timeout(120_000)
  let dir: string
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'prefixd-pretty-written-'))
    writeFileSync(join(dir, 'edges.ttl'), EDGES)
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  for (const mode of ['formatted', 'streamed'] as const) {
    describe(mode, () => {
      let text: string
      before(async () => {
        const run = await prefixd(['pretty', ...(mode === 'streamed' ? ['--stream'] : []), join(dir, 'edges.ttl')])
        assert.equal(run.code, 0, run.stderr)
        text = run.stdout
        writeFileSync(join(dir, `out-${mode}.ttl`), text)
      })

      it('is read back by n3 as the input, relative IRIs before the first @base included', () => {
        assert.deepEqual(read(text), read(EDGES))
      })

      it('keeps language tags as written, and writes () for the empty list', () => {
        assert.match(text, /"colour"@en-GB/)
        assert.match(text, /"color"@en-US/)
        assert.match(text, /ex:empty \(\)/)
        assert.doesNotMatch(text, /rdf:nil/)
      })

      it('writes text of several lines in """, and no escaped name', () => {
        assert.match(text, /"""one line\nand another\n/)
        assert.doesNotMatch(text, /\\\//)
        assert.doesNotMatch(text, /@prefix ns\d*:|@prefix schema\d+:/)
      })

      it('is read back by rdflib as the input (tags in their case)', async function () {
        const missing = rdflibMissing()
        if (missing !== undefined) {
          console.log(`    skipped: ${missing}`)
          return this.skip()
        }
        const nquads = (t: string) => colouredLines(new Parser({ format: 'N-Quads' }).parse(t))
        const [expected, actual] = await Promise.all([
          rdflibRead(join(dir, 'edges.ttl'), 'turtle', BASE),
          rdflibRead(join(dir, `out-${mode}.ttl`), 'turtle', BASE),
        ])
        assert.deepEqual(nquads(actual), nquads(expected))
        assert.match(actual, /"color"@en-US/)
      })
    })
  }

  it('reads RDF 1.2 and names the IRIs inside triple terms, both modes, read back by n3 as the input', async () => {
    const rdf12 =
      'VERSION "1.2"\n<http://example.org/a> <http://xmlns.com/foaf/0.1/knows> <http://example.org/b> ~ <http://example.org/r> {| <http://purl.org/dc/terms/source> <http://example.org/x> |} .\n' +
      '<http://example.org/r> <http://purl.org/dc/terms/date> <<( <http://example.org/a> <http://xmlns.com/foaf/0.1/knows> <http://example.org/b> )>> .\n'
    writeFileSync(join(dir, 'rdf12.ttl'), rdf12)
    for (const args of [[], ['--stream']]) {
      const run = await prefixd(['pretty', ...args, join(dir, 'rdf12.ttl')])
      assert.equal(run.code, 0, run.stderr)
      assert.match(run.stdout, /<<\( ex:a foaf:knows ex:b \)>>/)
      assert.deepEqual(read(run.stdout), read(rdf12))
    }
  })

  it('reads the language tags as written however the input is cut into pieces', () => {
    const input = Buffer.from('<a> <b> "x"@en-US . <a> <b> \'y\'@DE . <a> <b> "@Not" . <a> <b> "z"@fr .\n')
    fc.assert(
      fc.property(fc.array(fc.nat(input.length), { maxLength: 6 }), (cuts) => {
        const tags = new LanguageTags()
        const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), input.length]
        for (let i = 1; i < points.length; i++) tags.read(input.subarray(points[i - 1], points[i]))
        tags.end()
        assert.deepEqual(['en-us', 'de', 'not', 'fr'].map(tags.written), ['en-US', 'DE', 'not', 'fr'])
      }),
    )
  })

  it('formatted: writes blank-node objects one a line when they do not fit, each its own block', async () => {
    const run = await prefixd(['pretty', join(dir, 'edges.ttl')])
    assert.match(run.stdout, /ex:parts \[[^\]]*\],\n {8}\[/)
  })

  it('formatted: the same text for any order of the input and any blank-node labels (prov)', () => {
    const prov = readFileSync(fileURLToPath(new URL('../../node_modules/@vocabulary/prov/prov.nq', import.meta.url)), 'utf8')
    const quads = new Parser({ format: 'N-Quads' }).parse(prov)
    assert.ok(quads.some((q) => q.subject.termType === 'BlankNode'))
    const index = PrefixIndex.fromPrefixes({
      prov: 'http://www.w3.org/ns/prov#',
      rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
      owl: 'http://www.w3.org/2002/07/owl#',
    })
    const expected = writeFormatted(index, quads).join('')
    const relabel = (term: Term, salt: number): Term => (term.termType === 'BlankNode' ? DataFactory.blankNode(`x${salt}_${term.value}`) : term)
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: quads.length, maxLength: quads.length }), fc.nat(), (keys, salt) => {
        const shuffled = quads
          .map((q, i) => [keys[i]!, q] as const)
          .sort((a, b) => a[0] - b[0])
          .map(([, q]) => DataFactory.quad(relabel(q.subject, salt) as Quad['subject'], q.predicate, relabel(q.object, salt) as Quad['object'], q.graph))
        assert.equal(writeFormatted(index, shuffled).join(''), expected)
      }),
      { numRuns: 8 },
    )
  })
})
