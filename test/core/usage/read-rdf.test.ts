// readUsage and readRdfInto: each syntax, gzip, chunks cut anywhere, and errors with file, line and column.

import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { Parser } from 'n3'
import { readUsage, usageFormatOf, UsageReadError, type JsonLdToQuads } from '@prefixd/core'

const EX = 'http://example.org/'
const TURTLE = `@prefix ex: <${EX}> .\nex:a a ex:Café ; ex:name "é ü 日本" .\nex:b a ex:Café .\n`

describe('readUsage', () => {
  it('reads Turtle, TriG, N-Triples and N-Quads alike', async () => {
    const nt = `<${EX}a> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${EX}Café> .\n<${EX}b> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${EX}Café> .\n`
    const nq = nt.replace(/ \.\n/g, ` <${EX}g> .\n`)
    const trig = `@prefix ex: <${EX}> . ex:g { ex:a a ex:Café . ex:b a ex:Café . }`
    for (const [text, format] of [
      [TURTLE, 'turtle'],
      [trig, 'trig'],
      [nt, 'n-triples'],
      [nq, 'n-quads'],
    ] as const) {
      const usage = await readUsage([text], { format })
      assert.equal(usage.instances(EX + 'Café'), 2, format)
    }
  })

  it('reads gzip, and the same counts from text cut into chunks anywhere (inside a character too)', async () => {
    const whole = await readUsage([TURTLE], { format: 'turtle' })
    const bytes = new TextEncoder().encode(TURTLE)
    const zipped = await readUsage([gzipSync(bytes)], { format: 'turtle', gzip: true })
    assert.deepEqual(zipped.toJSON(), whole.toJSON())
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 6 }), async (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), bytes.length]
        const chunks = at.slice(1).map((end, i) => bytes.slice(at[i], end))
        const usage = await readUsage(chunks, { format: 'turtle' })
        assert.deepEqual(usage.toJSON(), whole.toJSON())
      }),
      { numRuns: 50 },
    )
  })

  it('gives a definition the line of its name, also when the statement goes on below it (the usual style)', async () => {
    const text = `@prefix ex: <${EX}> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n\nex:Widget\n  a rdfs:Class ;\n  rdfs:label "Widget" .\nex:Gadget a rdfs:Class .\n\n[] a rdfs:Class .\n`
    for (const chunks of [[text], [...text]]) {
      const usage = await readUsage(chunks, { format: 'turtle', name: 'def.ttl' })
      assert.equal(usage.definition(EX + 'Widget')?.line, 4, 'ex:Widget stands on line 4, its type on line 5')
      assert.equal(usage.definition(EX + 'Gadget')?.line, 7)
    }
  })

  it('rejects a syntax error with the file, line and column', async () => {
    const error = await readUsage([`@prefix ex: <${EX}> .\nex:a ex:p ex:b .\nex:c ex:p ] .\n`], { format: 'turtle', name: 'bad.ttl' }).catch((e: unknown) => e)
    assert.ok(error instanceof UsageReadError, String(error))
    assert.equal(error.file, 'bad.ttl')
    assert.equal(error.line, 3)
    assert.equal(error.column, 11)
    assert.match(error.message, /^bad\.ttl:3:11: /)
  })

  it('places an error of n3’s lexer (no token: an unterminated string, a stray character) at its line and column, however the text is cut', async () => {
    // Lines of every kind n3 counts — CRLF, a lone CR, a comment, a string over two lines — then the bad text, indented.
    const line = fc.constantFrom(`ex:a ex:p ex:b .`, `ex:a ex:p ex:b . # a comment`, `ex:a ex:p """two\nlines""" .`, `ex:a ex:p "x", ex:c ;\n  ex:q ex:d .`, ``)
    const statement = fc.record({ lines: fc.array(line, { maxLength: 5 }), end: fc.constantFrom('\n', '\r\n', '\r'), indent: fc.nat(6) })
    await fc.assert(
      fc.asyncProperty(
        statement,
        fc.constantFrom('"unterminated', '`'),
        fc.uniqueArray(fc.nat(400), { maxLength: 5 }),
        async ({ lines, end, indent }, bad, cuts) => {
          const before = [`@prefix ex: <${EX}> .`, ...lines].join('\n').replaceAll('\n', end) + end
          const text = `${before}${' '.repeat(indent)}ex:a ex:p ${bad} .${end}ex:a ex:p ex:b .${end}`
          const at = [0, ...cuts.filter((cut) => cut > 0 && cut < text.length).sort((a, b) => a - b), text.length]
          const chunks = at.slice(1).map((stop, i) => text.slice(at[i], stop))
          const error = await readUsage(chunks, { format: 'turtle', name: 'bad.ttl' }).catch((e: unknown) => e)
          assert.ok(error instanceof UsageReadError, String(error))
          const lineOfBad = before.split(/\r\n|\r|\n/).length
          assert.deepEqual([error.line, error.column, error.reason], [lineOfBad, indent + 11, `Unexpected '${bad}'`])
        },
      ),
      { numRuns: 200 },
    )
  })

  it('says where a document ends in the middle of a statement, in words', async () => {
    const error = await readUsage([`@prefix ex: <${EX}> .\nex:a ex:p ex:b ;\n  ex:q\n`], { format: 'turtle', name: 'cut.ttl' }).catch((e: unknown) => e)
    assert.ok(error instanceof UsageReadError, String(error))
    assert.equal(error.message, 'cut.ttl:4:1: Expected entity but the document ends')
  })

  it('reads a stream as the array of the same chunks, and stops reading either at a syntax error, its source closed', async () => {
    const bytes = Buffer.from(TURTLE)
    const parts = [bytes.subarray(0, 20), bytes.subarray(20, 41), bytes.subarray(41)]
    const fromStream = await readUsage(Readable.from(parts), { format: 'turtle' })
    assert.deepEqual(fromStream.toJSON(), (await readUsage(parts, { format: 'turtle' })).toJSON())
    for (const stream of [false, true]) {
      for (const badAt of [0, 3]) {
        let read = 0
        let closed = false
        // An endless source, one statement a chunk: the one at badAt names a prefix never declared.
        function* statements() {
          try {
            for (;;) yield read++ === badAt ? 'no:a no:p no:b .\n' : `<${EX}a> <${EX}p> <${EX}b> .\n`
          } finally {
            closed = true
          }
        }
        const source = stream ? Readable.from(statements()) : statements()
        const error = await readUsage(source, { format: 'turtle', name: 'bad.ttl' }).catch((e: unknown) => e)
        assert.ok(error instanceof UsageReadError && error.line === badAt + 1, `${stream} ${badAt}: ${String(error)}`)
        assert.ok(closed, `the source closed (stream: ${stream}, bad at ${badAt})`)
        assert.ok(read < badAt + 20, `read on past the error: ${read} chunks`)
      }
    }
  })

  it('closes its source when the first chunk or a later one fails: bytes not UTF-8, bytes not gzip', async () => {
    const statement = new TextEncoder().encode(`<${EX}a> <${EX}p> <${EX}b> .\n`)
    const cases = [
      { gzip: false, bad: new Uint8Array([0x3c, 0xff, 0xfe, 0x3e]), says: /not valid UTF-8/ },
      { gzip: true, bad: statement, says: /not gzip/ },
    ]
    for (const { gzip, bad, says } of cases) {
      for (const stream of [false, true]) {
        // Bytes that are not gzip fail at the first chunk whatever comes after.
        for (const badAt of gzip ? [0] : [0, 3]) {
          let closed = false
          function* chunks() {
            try {
              for (let i = 0; i < 10_000; i++) yield i === badAt ? bad : statement
            } finally {
              closed = true
            }
          }
          const source = stream ? Readable.from(chunks()) : chunks()
          const error = await readUsage(source, { format: 'turtle', name: 'bad.ttl', gzip }).catch((e: unknown) => e)
          const what = `gzip ${gzip}, stream ${stream}, bad at ${badAt}`
          assert.ok(error instanceof UsageReadError && says.test(error.message), `${what}: ${String(error)}`)
          for (let turn = 0; turn < 10 && !closed; turn++) await new Promise((resolve) => setImmediate(resolve))
          assert.ok(closed, `the source closed (${what})`)
        }
      }
    }
  })

  it('rejects bytes that are not gzip with a clear error', async () => {
    const error = await readUsage([new TextEncoder().encode(TURTLE)], { format: 'turtle', gzip: true, name: 'x.ttl.gz' }).catch((e: unknown) => e)
    assert.ok(error instanceof UsageReadError)
    assert.match(error.message, /^x\.ttl\.gz: not gzip data/)
  })

  it('rejects bytes that are not UTF-8 (Latin-1) with the file, line and column, in every syntax and gzip’d too', async () => {
    const latin1 = Buffer.from(`@prefix ex: <${EX}> .\nex:a ex:label "Caf\xe9 width" .\n`, 'latin1')
    for (const [bytes, format] of [
      [latin1, 'turtle'],
      [gzipSync(latin1), 'turtle'],
      [Buffer.from(`[{"@id": "${EX}a", "${EX}label": "Caf\xe9"}]`, 'latin1'), 'json-ld'],
    ] as const) {
      const error = await readUsage([bytes], { format, name: 'latin1.ttl', jsonLd: async () => [] }).catch((e: unknown) => e)
      assert.ok(error instanceof UsageReadError, String(error))
      assert.match(error.message, /^latin1\.ttl:\d+:\d+: not valid UTF-8 \(byte \d+\)/)
    }
    const error = (await readUsage([latin1], { format: 'turtle', name: 'latin1.ttl' }).catch((e: unknown) => e)) as UsageReadError
    assert.deepEqual([error.line, error.column], [2, 19])
  })

  it('tells gzip by its first bytes when not told (as the CLI and the resolver do), never reading it as text', async () => {
    const whole = await readUsage([TURTLE], { format: 'turtle' })
    const zipped = await readUsage([gzipSync(TURTLE)], { format: 'turtle' })
    assert.deepEqual(zipped.toJSON(), whole.toJSON())
  })

  it('tells the format of a file by its name', () => {
    assert.deepEqual(usageFormatOf('a/b.ttl'), { format: 'turtle', gzip: false })
    assert.deepEqual(usageFormatOf('dump.nq.gz'), { format: 'n-quads', gzip: true })
    assert.deepEqual(usageFormatOf('x.TRIG'), { format: 'trig', gzip: false })
    assert.equal(usageFormatOf('notes.md'), undefined)
    assert.deepEqual(usageFormatOf('data.jsonld.gz'), { format: 'json-ld', gzip: true })
  })
})

describe('readUsage of JSON-LD (core with a processor given)', () => {
  /** A stand-in processor: the document names a Turtle text, read by n3 (the real one is @prefixd/lsp/json-ld's). */
  const viaTurtle: JsonLdToQuads = async (document) => new Parser().parse((document as { turtle: string }).turtle)

  it('counts the quads the processor gives, from text or gzip’d bytes cut anywhere', async () => {
    const json = JSON.stringify({ turtle: TURTLE })
    const expected = (await readUsage([TURTLE], { format: 'turtle', name: 'd.jsonld' })).toJSON()
    const bytes = gzipSync(new TextEncoder().encode(json))
    const cut = [bytes.subarray(0, 7), bytes.subarray(7)]
    for (const [chunks, gzip] of [
      [[json.slice(0, 9), json.slice(9)], false],
      [cut, true],
    ] as const) {
      const usage = await readUsage(chunks, { format: 'json-ld', gzip, name: 'd.jsonld', jsonLd: viaTurtle })
      // JSON-LD declares no prefixes to count, and its statements are not in the author's order: no follows.
      assert.deepEqual({ ...usage.toJSON(), definitions: [], prefixes: [], follows: [] }, { ...expected, definitions: [], prefixes: [], follows: [] })
      assert.equal(usage.followers(''), undefined)
      assert.notEqual(expected.follows.length, 0)
      assert.equal(usage.instances(EX + 'Café'), 2)
    }
  })

  it('says what is wrong: no processor given, JSON that does not parse (with line and column), a processor that fails', async () => {
    const fail = (text: string, jsonLd?: JsonLdToQuads) =>
      readUsage([text], { format: 'json-ld', name: 'd.jsonld', ...(jsonLd && { jsonLd }) }).then(
        () => assert.fail('read'),
        (e: unknown) => e as UsageReadError,
      )
    assert.match((await fail('{}')).message, /^d\.jsonld: reading JSON-LD needs a JSON-LD processor/)
    const broken = await fail('{\n  "a": 1,\n  "b" 2}', viaTurtle)
    assert.ok(broken instanceof UsageReadError)
    assert.deepEqual([broken.line, broken.column], [3, 7])
    assert.match(broken.message, /^d\.jsonld:3:7: not JSON: Unexpected number$/)
    const refused = await fail('{}', async () => {
      throw new Error('the remote context <https://x.example/> is not loaded')
    })
    assert.equal(refused.message, 'd.jsonld: not JSON-LD that reads: the remote context <https://x.example/> is not loaded')
  })
})
