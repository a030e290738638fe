// `prefixd pretty` on real data nobody here wrote — the @vocabulary/* N-Quads from npm and Debian's lv2-dev
// Turtle — read back by n3 (exact lexical forms) and by rdflib (isomorphic, graph by graph).

import assert from 'node:assert/strict'
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Parser, Writer } from 'n3'
import type { Quad } from '@rdfjs/types'
import { colouredLines } from '../support/rdf-isomorphism.js'
import { debianPackage, filesUnder, rdflibMissing, rdflibRead } from '../support/rdf-tools.js'
import { turtleShape } from '../support/turtle-shape.js'
import { prefixd } from './run-prefixd.js'

const VOCABULARIES = fileURLToPath(new URL('../../node_modules/@vocabulary/', import.meta.url))
/** Both sides resolve the relative IRIs the output keeps against one base. */
const BASE = 'http://base.example/dir/'

interface Dataset {
  readonly name: string
  readonly file: string
  /** n3's and rdflib's names of the input's syntax and of the output's. */
  readonly n3: readonly [string, string]
  readonly rdflib: readonly [string, string]
}

/** Blank nodes of the input that a writer must label: the object of more than one statement, or found in more than one graph. */
function blankNodesNeedingLabels(quads: readonly Quad[]): number {
  const refs = new Map<string, number>()
  const graphs = new Map<string, Set<string>>()
  for (const q of quads) {
    for (const term of [q.subject, q.object]) {
      if (term.termType !== 'BlankNode') continue
      graphs.get(term.value)?.add(q.graph.value) ?? graphs.set(term.value, new Set([q.graph.value]))
      if (term === q.object) refs.set(term.value, (refs.get(term.value) ?? 0) + 1)
    }
  }
  return [...graphs].filter(([label, inGraphs]) => (refs.get(label) ?? 0) > 1 || inGraphs.size > 1).length
}

/**
 * The shape Jena's `riot --formatted=turtle` gives (Jena itself is not installable here), read with n3's lexer:
 * every `@prefix` before the first statement, each subject heading one block per graph, blank nodes nested, lists.
 */
function checkShape(text: string, input: readonly Quad[]): void {
  const shape = turtleShape(text)
  assert.ok(shape.prefixesFirst, 'every @prefix comes first')
  assert.equal(shape.repeatedSubjects, 0, 'each subject heads one block in its graph')
  assert.ok(
    shape.labels <= blankNodesNeedingLabels(input),
    `${shape.labels} blank-node labels, where ${blankNodesNeedingLabels(input)} blank nodes are referred to more than once`,
  )
  assert.ok(shape.nested > 0 || !input.some((q) => q.object.termType === 'BlankNode'), 'blank nodes are nested')
  // A list node with more than rdf:first and rdf:rest (the vocabularies type some `a rdf:List`) stays as it is.
  const listNodes = input.filter((q) => q.predicate.value === 'http://www.w3.org/1999/02/22-rdf-syntax-ns#first').length
  assert.ok(listNodes === 0 || shape.lists > 0, 'lists are written ( … )')
  assert.ok((text.match(/rdf:first/g) ?? []).length < listNodes / 2, 'most list nodes are in ( … )')
}

describe('prefixd pretty on real data (the @vocabulary N-Quads, Debian lv2-dev)', function () {
  this.timeout(900_000)
  let dir: string
  const datasets: Dataset[] = []
  let lv2Missing: string | undefined

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefixd-pretty-real-'))
    const nquads = await Promise.all((await filesUnder(VOCABULARIES, '.nq')).map((file) => readFile(file, 'utf8')))
    assert.ok(nquads.length >= 100, `the @vocabulary packages are installed (found ${nquads.length} N-Quads files)`)
    // One file, each file's blank nodes its own (the files reuse labels, which are scoped to a document): n3 relabels them per parser.
    const quads = nquads.flatMap((text) => new Parser({ format: 'N-Quads' }).parse(text))
    await writeFile(join(dir, 'vocabularies.nq'), new Writer({ format: 'N-Quads' }).quadsToString(quads))
    datasets.push({ name: 'the @vocabulary/* N-Quads', file: join(dir, 'vocabularies.nq'), n3: ['N-Quads', 'TriG'], rdflib: ['nquads', 'trig'] })
    const lv2 = await debianPackage('lv2-dev', join(dir))
    if ('missing' in lv2) lv2Missing = lv2.missing
    else {
      // One document: the files declare their prefixes again, and keep relative IRIs (rdfs:seeAlso <lv2core.ttl>).
      const turtle = await Promise.all((await filesUnder(lv2.root, '.ttl')).map((file) => readFile(file, 'utf8')))
      await writeFile(join(dir, 'lv2.ttl'), turtle.join('\n'))
      datasets.push({ name: "Debian's lv2-dev Turtle", file: join(dir, 'lv2.ttl'), n3: ['Turtle', 'Turtle'], rdflib: ['turtle', 'turtle'] })
    }
  })

  after(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  for (const [index, mode] of [
    [0, 'formatted'],
    [1, 'formatted'],
    [0, 'streamed'],
    [1, 'streamed'],
  ] as const) {
    describe(`${['the @vocabulary/* N-Quads', "Debian's lv2-dev Turtle"][index]}, ${mode}`, () => {
      let output: string
      let text: string
      let input: Quad[]

      before(async function () {
        const dataset = datasets[index]
        if (dataset === undefined) {
          console.log(`    skipped: ${lv2Missing}`)
          return this.skip()
        }
        const result = await prefixd(['pretty', ...(mode === 'streamed' ? ['--stream'] : []), dataset.file])
        assert.equal(result.code, 0, result.stderr)
        text = result.stdout
        output = join(dir, `out-${index}-${mode}.${dataset.n3[1] === 'TriG' ? 'trig' : 'ttl'}`)
        await writeFile(output, text)
        input = new Parser({ format: dataset.n3[0], baseIRI: BASE }).parse(await readFile(dataset.file, 'utf8'))
      })

      it('n3 reads back the same quads, every IRI and lexical form exactly', () => {
        const back = new Parser({ format: datasets[index]!.n3[1], baseIRI: BASE }).parse(text)
        assert.ok(input.length > 1000)
        assert.deepEqual(colouredLines(back), colouredLines(input))
      })

      // rdflib reads slowly (minutes for the 261,190 vocabulary quads on a busy machine): it checks both modes of
      // lv2-dev and the formatted vocabularies; the streamed vocabularies are n3's alone.
      if (index === 1 || mode === 'formatted')
        it('rdflib reads back an isomorphic dataset', async function () {
          const missing = rdflibMissing()
          if (missing !== undefined) {
            console.log(`    skipped: ${missing}`)
            return this.skip()
          }
          // rdflib's reading of the input against its reading of the output (rdflib normalizes some lexical forms).
          const { rdflib, file } = datasets[index]!
          const [expected, actual] = await Promise.all([rdflibRead(file, rdflib[0], BASE), rdflibRead(output, rdflib[1], BASE)])
          const nquads = (text: string) => new Parser({ format: 'N-Quads' }).parse(text)
          const back = nquads(actual)
          assert.ok(back.length > 1000)
          assert.deepEqual(colouredLines(back), colouredLines(nquads(expected)))
        })

      it('keeps relative IRIs as written and writes no name rdflib refuses', () => {
        assert.doesNotMatch(text, /<file:/)
        if (index === 1) assert.match(text, /rdfs:seeAlso <[a-z0-9_-]+\.ttl>/)
        assert.doesNotMatch(text, /:[^\s<>"]*\\\.[\s;,]/)
      })

      if (mode === 'formatted') {
        it('has the shape of a formatting writer: prefixes first, subjects grouped, blank nodes nested, lists', () => {
          checkShape(text, input)
        })
      }
    })
  }
})
