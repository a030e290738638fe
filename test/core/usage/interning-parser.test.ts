// The usage reader's interning parser: the same quads as n3's own parser, whatever the prefixes do.

import assert from 'node:assert/strict'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import fc from 'fast-check'
import { Parser, type Quad } from 'n3'
import { interningParser } from '../../../packages/core/src/usage/interning-parser.js'

function parse(ParserClass: typeof Parser, text: string, format: string): { quads: string[]; error?: string } {
  const quads: string[] = []
  try {
    for (const quad of new ParserClass({ format }).parse(text) as Quad[])
      quads.push([quad.subject, quad.predicate, quad.object, quad.graph].map((term) => `${term.termType}:${term.id}`).join(' '))
  } catch (error) {
    return { quads, error: (error as Error).message }
  }
  return { quads }
}

const NAMESPACES = ['http://example.org/a#', 'http://example.org/b/', 'urn:x:', 'http://www.w3.org/1999/02/22-rdf-syntax-ns#']
const LABELS = ['ex', 'rdf', '']
const LOCALS = ['p', 'q', 'type', 'Class', 'x-1', 'é']

/** A statement, or a prefix declared (again, maybe for another namespace) between statements. */
const name = fc.record({ label: fc.constantFrom(...LABELS), local: fc.constantFrom(...LOCALS) }).map(({ label, local }) => `${label}:${local}`)
const line = fc.oneof(
  fc
    .record({ label: fc.constantFrom(...LABELS), namespace: fc.constantFrom(...NAMESPACES) })
    .map(({ label, namespace }) => `@prefix ${label}: <${namespace}> .`),
  fc.tuple(name, name, name, fc.boolean()).map(([s, p, o, typed]) => `${s} ${p} ${o} ${typed ? `; a ${o} ` : ''}.`),
)

describe('interningParser', () => {
  it('gives the quads n3 gives, as prefixes are declared and declared again (and the same error when one is missing)', () => {
    const Interning = interningParser()
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.constantFrom('text/turtle', 'application/trig'), (lines, format) => {
        const text = lines.join('\n')
        assert.deepEqual(parse(Interning, text, format), parse(Parser, text, format))
      }),
      { numRuns: 300 },
    )
  })

  it('gives back the same term for a predicate or a class seen before, in any document', () => {
    const Interning = interningParser()
    const text = (n: number) =>
      `@prefix ex: <http://example.org/${n}#> . @prefix s: <https://schema.org/> . ex:a s:name "a" ; a s:Thing . ex:b s:name "b" ; a s:Thing .`
    const [first, second] = [1, 2].map((n) => new Interning({ format: 'text/turtle' }).parse(text(n)) as Quad[])
    assert.equal(first![0]!.predicate, second![2]!.predicate)
    assert.equal(first![1]!.object, second![3]!.object)
    assert.equal(first![0]!.predicate.value, 'https://schema.org/name')
    assert.notEqual(first![0]!.subject, first![2]!.subject)
  })

  it('keeps no document’s text with the terms it keeps for the process’s life', function () {
    this.timeout(60_000)
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const Interning = interningParser()
    // A 1.5 MB document whose one predicate has a long local name of its own (V8 keeps a substring of 13 characters
    // or more as a view of the whole text): 16 of them were all kept, 24 MB, when the kept names were n3's strings.
    const document = (n: number) =>
      `@prefix ex${n}: <http://example.org/kept/${n}/namespace#> .\n` +
      Array.from({ length: 12_000 }, (_, i) => `<http://example.org/s${i}> <http://example.org/p> "${'x'.repeat(100)}" .`).join('\n') +
      `\n<http://example.org/a> ex${n}:aPredicateWithALongLocalName${n} "v" .\n`
    new Interning({ format: 'text/turtle' }).parse(document(-1))
    gc()
    const before = process.memoryUsage().heapUsed
    for (let n = 0; n < 16; n++) new Interning({ format: 'text/turtle' }).parse(document(n))
    gc()
    const kept = process.memoryUsage().heapUsed - before
    assert.ok(kept < 8 * 2 ** 20, `${(kept / 2 ** 20).toFixed(1)} MB kept after 16 documents of 1.5 MB`)
  })

  it('gives back the same term for every class of an object list after a, and for none after another predicate', () => {
    const Interning = interningParser()
    const text = (n: number) =>
      `@prefix ex: <http://example.org/${n}#> . @prefix s: <https://schema.org/> . ex:a a s:Thing, s:Place ; s:about s:Thing, s:Place .`
    const [first, second] = [1, 2].map((n) => new Interning({ format: 'text/turtle' }).parse(text(n)) as Quad[])
    assert.deepEqual(
      first!.map((quad) => quad.object.value),
      ['https://schema.org/Thing', 'https://schema.org/Place', 'https://schema.org/Thing', 'https://schema.org/Place'],
    )
    assert.equal(first![0]!.object, second![0]!.object)
    assert.equal(first![1]!.object, second![1]!.object, 'the second class of the list')
    assert.notEqual(first![2]!.object, second![2]!.object, 'an object of s:about is n3’s own, a new term each time')
    assert.equal(first![2]!.predicate, second![2]!.predicate)
  })

  it('reads a prefix declared again, or undeclared in a parser’s next text, as n3 does: no name read before is given back for it', () => {
    const Interning = interningParser()
    const one = '@prefix ex: <http://example.org/1#> . ex:a ex:p ex:b ; ex:q ex:c ; a ex:C .'
    const again = `${one} @prefix ex: <http://example.org/2#> . ex:a ex:p ex:b ; ex:q ex:c ; a ex:C .`
    assert.deepEqual(parse(Interning, again, 'text/turtle'), parse(Parser, again, 'text/turtle'))
    assert.equal(
      parse(Interning, again, 'text/turtle').quads[3],
      'NamedNode:http://example.org/2#a NamedNode:http://example.org/2#p NamedNode:http://example.org/2#b DefaultGraph:',
    )
    // One parser, two texts: the second declares no prefix, so ex: is undeclared there (not the first text's).
    const texts = [one, '<http://example.org/a> ex:p <http://example.org/b> .']
    const results = [Parser, Interning].map((ParserClass) => {
      const parser = new ParserClass({ format: 'text/turtle' })
      return texts.map((text) => {
        try {
          return (parser.parse(text) as Quad[]).map((quad) => quad.predicate.value)
        } catch (error) {
          return (error as Error).message
        }
      })
    })
    assert.deepEqual(results[1], results[0])
    assert.match(String(results[1]![1]), /Undefined prefix "ex:"/)
  })
})
