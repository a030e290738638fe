// Tests of `prefixd pretty`: the built binary for its command line, the stream itself for round trips,
// the file's own declarations and streaming.

import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import fc from 'fast-check'
import { DataFactory, Parser, Writer } from 'n3'
import type { Quad, Term } from '@rdfjs/types'
import { PrefixIndex } from '@prefixd/core'
import { pretty, prettyFormat, type PrettyFormat, type PrettyOptions } from '../../packages/cli/src/pretty.js'
import { UsageError } from '../../packages/cli/src/usage-error.js'
import { colouredLines } from '../support/rdf-isomorphism.js'
import { MAIN, prefixd } from './run-prefixd.js'

const { namedNode, blankNode, literal, quad, defaultGraph } = DataFactory
const FOAF = 'http://xmlns.com/foaf/0.1/'
const SCHEMA = 'http://schema.org/'
const TABLE = { foaf: FOAF, schema: SCHEMA, ex: 'http://example.org/', xsd: 'http://www.w3.org/2001/XMLSchema#' }

async function prettyText(index: PrefixIndex, text: string, format: PrettyFormat, options: Partial<PrettyOptions> = {}): Promise<string> {
  const output = new PassThrough()
  let result = ''
  output.setEncoding('utf8').on('data', (chunk: string) => (result += chunk))
  await pretty(index, Readable.from([text]), output, { format, ...options })
  return result
}

/** Both modes: the formatted writer, and the streaming one (forced). */
const MODES = [{ stream: false }, { stream: true }] as const

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'

/** Quads as N-Quads lines in their order, blank nodes renamed by first appearance (each parse labels them its own way). */
function canonical(quads: Quad[]): string[] {
  const labels = new Map<string, string>()
  const rename = (term: Term): Term => {
    if (term.termType === 'BlankNode') {
      if (!labels.has(term.value)) labels.set(term.value, `c${labels.size}`)
      return blankNode(labels.get(term.value))
    }
    return term.termType === 'Quad'
      ? quad(rename(term.subject) as Quad['subject'], term.predicate as Quad['predicate'], rename(term.object) as Quad['object'])
      : term
  }
  return quads.map((q) =>
    new Writer({ format: 'N-Quads' }).quadToString(
      rename(q.subject) as Quad['subject'],
      q.predicate,
      rename(q.object) as Quad['object'],
      rename(q.graph) as Quad['graph'],
    ),
  )
}

const sorted = (quads: Quad[]): string[] => quads.map((q) => new Writer({ format: 'N-Quads' }).quadToString(q.subject, q.predicate, q.object, q.graph)).sort()

describe('prefixd pretty', function () {
  // Both modes, and CLI processes that load the index: slow on a busy machine.
  this.timeout(180_000)
  const index = PrefixIndex.fromPrefixes(TABLE)
  let dir: string
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefixd-pretty-'))
  })
  after(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('streaming, writes N-Triples as Turtle with the prefixes it uses, declared before their first use', async () => {
    const nt = [
      `<http://example.org/me> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${FOAF}Person> .`,
      `<http://example.org/me> <${FOAF}age> "42"^^<http://www.w3.org/2001/XMLSchema#integer> .`,
      `<http://example.org/me> <http://example.org/born> "2000-01-01"^^<http://www.w3.org/2001/XMLSchema#date> .`,
      `<http://example.org/me> <${SCHEMA}name> "Me"@en .`,
    ].join('\n')
    const text = await prettyText(index, nt, 'n-triples', { stream: true })
    const lines = text.split('\n')
    const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line))
    for (const prefix of ['ex', 'foaf', 'xsd', 'schema']) assert.ok(at(new RegExp(`^@prefix ${prefix}: <`)) >= 0, `${prefix} in\n${text}`)
    assert.ok(at(/^@prefix schema:/) > at(/foaf:Person/), 'schema is declared where it is first needed, after the first statement')
    assert.ok(at(/^@prefix xsd:/) > at(/foaf:age 42/), 'an integer is written bare: xsd is first needed for the date')
    const statements = lines.filter((line) => !line.startsWith('@prefix')).join('\n')
    assert.doesNotMatch(statements, /<http:\/\/(xmlns|schema|example)/)
    assert.deepEqual(sorted(new Parser().parse(text)), sorted(new Parser({ format: 'N-Triples' }).parse(nt)))
  })

  it("prefers the file's own declarations and declares nothing it does not use", async () => {
    const ttl = `@prefix f: <${FOAF}> . @prefix unused: <http://unused.example/> .\n<http://example.org/me> a f:Person .`
    const text = await prettyText(index, ttl, 'turtle')
    assert.match(text, /@prefix f: <http:\/\/xmlns\.com\/foaf\/0\.1\/>/)
    assert.match(text, /ex:me a f:Person/)
    assert.doesNotMatch(text, /unused|@prefix foaf/)
  })

  it('writes N-Quads as TriG, graphs kept', async () => {
    const nq = `<http://example.org/s> <${FOAF}knows> <http://example.org/o> <http://example.org/g> .\n<http://example.org/s> <${FOAF}name> "S" .`
    const text = await prettyText(index, nq, 'n-quads')
    assert.match(text, /ex:g \{/)
    assert.deepEqual(sorted(new Parser({ format: 'TriG' }).parse(text)), sorted(new Parser({ format: 'N-Quads' }).parse(nq)))
  })

  it('round-trips any quads over known and unknown namespaces', async () => {
    const local = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,5}$/)
    const iri = fc.tuple(fc.constantFrom(...Object.values(TABLE), 'http://other.example/x/'), local).map(([ns, l]) => namedNode(ns + l))
    const object = fc.oneof(
      iri,
      fc.string({ maxLength: 8 }).map((s) => literal(s)),
      fc.integer().map((n) => literal(String(n), namedNode(TABLE.xsd + 'integer'))),
    )
    const quads = fc.array(
      fc.tuple(iri, iri, object).map(([s, p, o]) => quad(s, p, o)),
      { maxLength: 15 },
    )
    await fc.assert(
      fc.asyncProperty(quads, async (qs) => {
        const nt = new Writer({ format: 'N-Triples' }).quadsToString(qs)
        for (const mode of MODES) {
          const text = await prettyText(index, nt, 'n-triples', mode)
          assert.deepEqual(sorted(new Parser().parse(text)), sorted(qs))
        }
      }),
      { numRuns: 50 },
    )
  })

  it('writes any quads — awkward IRIs, escaped strings, tags, datatypes, blank nodes, graphs — so that n3 reads them back', async () => {
    // Local names with what PN_LOCAL must escape or cannot hold at all (then the IRI is written whole),
    // and what IRIREF cannot hold without a UCHAR is left out: n3 refuses such IRIs even escaped.
    const localChar = fc.constantFrom(..."aZ09_-.~!$&'()*+,;=/?#@%:[]", '%20', 'é', '·', '\u0301', '中', '😀')
    const local = fc.string({ unit: localChar, maxLength: 6 })
    const namespace = fc.constantFrom(...Object.values(TABLE), 'http://other.example/x/', 'http://www.wikidata.org/entity/Q', 'urn:isbn:')
    const iri = fc.tuple(namespace, local).map(([ns, l]) => namedNode(ns + l))
    const blank = fc.constantFrom('b1', 'b2', 'x.y_z').map((label) => blankNode(label))
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('"', '\\', '\n', '\r', '\t', '\b', '\f', '\u0000', '\u001f', '\u007f', "'", ' '),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      ),
      maxLength: 10,
    })
    const XSD = TABLE.xsd
    const typed = fc.tuple(
      fc.constantFrom('42', '+1', '-0', '1.5', '.5', '1.', '1e3', '-1.5E-2', '.5e1', 'NaN', 'true', 'false', 'TRUE', 'x y'),
      fc.oneof(
        fc.constantFrom(...['integer', 'decimal', 'double', 'boolean', 'string', 'date'].map((t) => XSD + t)),
        iri.map((t) => t.value),
      ),
    )
    const object = fc.oneof(
      iri,
      blank,
      text.map((s) => literal(s)),
      fc.tuple(text, fc.constantFrom('en', 'en-gb', 'de-ch', 'x-private1')).map(([s, tag]) => literal(s, tag)),
      // n3 reads a direction after the tag ('ar--rtl': RDF 1.2).
      fc.tuple(text, fc.constantFrom('ar--ltr', 'ar--rtl')).map(([s, tag]) => literal(s, tag)),
      typed.map(([value, datatype]) => literal(value, namedNode(datatype))),
      fc.tuple(iri, iri, iri).map(([s, p, o]) => quad(s, p, o)),
    )
    const predicate = fc.oneof(iri, fc.constant(namedNode(RDF_TYPE)))
    const graph = fc.oneof(fc.constant(defaultGraph()), iri, blank)
    // Runs of one subject, and of one subject and predicate, as N3.Writer groups them with ';' and ','.
    const quads = fc
      .array(fc.tuple(fc.oneof(iri, blank), predicate, object, graph, fc.nat(3)), { maxLength: 12 })
      .map((rows) =>
        rows.flatMap(([s, p, o, g, repeat]) => Array.from({ length: repeat + 1 }, (_, k) => quad(s, k % 2 === 0 ? p : namedNode(FOAF + 'knows'), o, g))),
      )
    await fc.assert(
      fc.asyncProperty(quads, async (qs) => {
        const nq = new Writer({ format: 'N-Quads' }).quadsToString(qs)
        const expected = colouredLines(new Parser({ format: 'N-Quads' }).parse(nq))
        for (const mode of MODES) {
          const text = await prettyText(index, nq, 'n-quads', mode)
          assert.deepEqual(colouredLines(new Parser({ format: 'TriG' }).parse(text)), expected, text)
          // The stream keeps the input's order and its blank nodes' labels: their order matches too.
          if (mode.stream) assert.deepEqual(canonical(new Parser({ format: 'TriG' }).parse(text)), canonical(new Parser({ format: 'N-Quads' }).parse(nq)), text)
        }
      }),
      { numRuns: 300 },
    )
  })

  it("keeps the input's declarations apart from the index's, however they are bound and rebound", async () => {
    // The input binds index prefixes to other namespaces and rebinds them as it goes: the output binds each once.
    const declaration = fc
      .tuple(fc.constantFrom('ex', 'foaf', 'p', ''), fc.constantFrom(...Object.values(TABLE), 'http://other.example/x/'))
      .map(([prefix, ns]) => `@prefix ${prefix}: <${ns}> .`)
    const iri = fc.tuple(fc.constantFrom(...Object.values(TABLE), 'http://other.example/x/'), fc.constantFrom('a', 'b/c', 'Q1')).map(([ns, l]) => `<${ns}${l}>`)
    const statement = fc.tuple(iri, iri, iri).map(([s, p, o]) => `${s} ${p} ${o} .`)
    const lines = fc.array(fc.oneof(declaration, statement), { maxLength: 20 })
    await fc.assert(
      fc.asyncProperty(lines, async (ls) => {
        const ttl = ls.join('\n')
        for (const mode of MODES) {
          const text = await prettyText(index, ttl, 'turtle', mode)
          assert.deepEqual(colouredLines(new Parser().parse(text)), colouredLines(new Parser().parse(ttl)), text)
          const bound = [...text.matchAll(/^@prefix ([^:]*):/gm)].map((m) => m[1])
          assert.equal(new Set(bound).size, bound.length, 'each prefix is declared once')
        }
      }),
      { numRuns: 200 },
    )
  })

  it('declares the prefix of every family of IRIs, however many share their length, and none for the rest', async () => {
    // Six namespaces of one length (more than the chooser compares in place) and one with no prefix.
    const table = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}`, `http://${'abcdef'[i]}.example/ns/`]))
    const names = Object.values(table).flatMap((ns) => [ns + 'one', ns + 'two'])
    const nt = [...names, ...names, 'http://z.example/ns/three'].map((iri, i) => `<${iri}> <${Object.values(table)[i % 6]}p> "${i}" .`).join('\n')
    const text = await prettyText(PrefixIndex.fromPrefixes(table), nt, 'n-triples')
    for (const prefix of Object.keys(table)) assert.match(text, new RegExp(`^@prefix ${prefix}: <`, 'm'), text)
    for (const prefix of Object.keys(table)) assert.match(text, new RegExp(`^${prefix}:one `, 'm'), text)
    assert.match(text, /<http:\/\/z\.example\/ns\/three>/)
    assert.equal(text.match(/^@prefix/gm)?.length, 6)
  })

  it('tells the syntax by --format, then by extension, and refuses what it cannot tell', () => {
    assert.equal(prettyFormat('a.nt', undefined), 'n-triples')
    assert.equal(prettyFormat('a.NQ', undefined), 'n-quads')
    assert.equal(prettyFormat('a.trig', undefined), 'trig')
    assert.equal(prettyFormat(undefined, undefined), 'turtle')
    assert.equal(prettyFormat('a.txt', 'n-triples'), 'n-triples')
    assert.throws(() => prettyFormat('a.txt', undefined), UsageError)
    assert.throws(() => prettyFormat(undefined, 'rdfxml'), UsageError)
  })

  it('runs as a command: a file by extension, stdin, and exit 2 with a message for bad input', async () => {
    const file = join(dir, 'data.nt')
    await writeFile(file, `<${SCHEMA}Person> <http://www.w3.org/2000/01/rdf-schema#label> "Person" .\n`)
    const fromFile = await prefixd(['pretty', file])
    assert.equal(fromFile.code, 0, fromFile.stderr)
    assert.match(fromFile.stdout, /^@prefix schema: <http:\/\/schema\.org\/> \.$/m)
    assert.match(fromFile.stdout, /schema:Person rdfs:label "Person"/)
    const fromStdin = await prefixd(['pretty', '--format', 'n-triples'], `<${FOAF}me> <${FOAF}knows> <${FOAF}you> .\n`)
    assert.deepEqual([fromStdin.code, /foaf:me foaf:knows foaf:you/.test(fromStdin.stdout)], [0, true])
    const broken = await prefixd(['pretty'], '<http://a.example/s> <http://a.example/p> .\n')
    assert.equal(broken.code, 2)
    assert.match(broken.stderr, /^prefixd: stdin: .*line 1/)
    assert.deepEqual(await prefixd(['pretty', join(dir, 'missing.ttl')]).then((r) => [r.code, r.stderr]), [
      2,
      `prefixd: cannot read ${join(dir, 'missing.ttl')}: ENOENT\n`,
    ])
    assert.equal((await prefixd(['pretty', join(dir, 'data.xyz')])).code, 2)
    assert.equal((await prefixd(['pretty', 'a.nt', 'b.nt'])).code, 2)
  })

  it('streams: output comes before the input has ended', async () => {
    await writeFile(join(dir, 'table.json'), JSON.stringify(TABLE))
    const child = spawn(process.execPath, [MAIN, 'pretty', '--stream', '--format', 'n-triples', '--no-defaults', '--prefixes', join(dir, 'table.json')], {
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const line = `<http://example.org/s> <${FOAF}name> "${'x'.repeat(200)}" .\n`
    // Enough for several of the writer's 64 KiB chunks, with stdin still open.
    child.stdin.write(line.repeat(2000))
    const first = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').once('data', resolve)
      child.once('exit', (code) => reject(new Error(`exited ${code} before writing`)))
    })
    assert.match(first, /^@prefix /)
    child.stdin.end()
    await new Promise((resolve) => child.once('exit', resolve))
  })
})
