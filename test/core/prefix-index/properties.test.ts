// Property tests: shrink and expand are inverse, shrink's names are valid Turtle, and shrink picks the longest namespace that works.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Parser } from 'n3'
import { formatPrefixes, PrefixIndex, readLocalName, writeLocalName } from '@prefixd/core'

const TABLE = {
  ex: 'http://example.org/',
  exa: 'http://example.org/a/',
  exh: 'http://example.org/a#',
  exd: 'http://example.org/a.', // a namespace ending in a dot
  '': 'http://example.org/a/b/',
  urn: 'urn:x:',
  go: 'http://purl.obolibrary.org/obo/GO_',
}
const NAMESPACES = [...Object.values(TABLE), 'http://example.org/a', 'http://other.example/', 'urn:']

/** Characters that stress the local-name grammar, on top of arbitrary graphemes. */
const TRICKY = [
  ..."._-~!$&'()*+,;=/?#@%\\:",
  ...' <>"{}|^`[]\t\n',
  'a',
  'Z',
  '0',
  'é',
  '中',
  '\u00b7', // PN_CHARS, not at the start
  '\u0300', // a combining mark
  '\u203f',
  '\u{1F600}',
  '\u{F0000}', // above PN_CHARS_BASE
  '%41',
  '%7e',
  '%zz',
  '%4',
  '\\.',
]
const localPart = fc.array(fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'grapheme', maxLength: 2 })), { maxLength: 8 }).map((parts) => parts.join(''))
const generatedIri = fc.tuple(fc.constantFrom(...NAMESPACES), localPart).map(([ns, local]) => ns + local)

const RUNS = { numRuns: 2000 }

/**
 * Whether `rest` can be written as a PN_LOCAL with backslash escapes — an oracle independent of the
 * library, straight from Turtle 1.1 productions 164-173: every character must be PN_CHARS, ':', or
 * escapable (PN_LOCAL_ESC, and '%' which is always escapable); the first may not be one of the
 * PN_CHARS that only continue a name ('·', combining marks, '‿', '⁀'), which cannot be escaped.
 */
function canWrite(rest: string): boolean {
  const chars = [...rest]
  const pnCharsBase =
    /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}]$/u
  const continuing = /^[\u00B7\u0300-\u036F\u203F-\u2040]$/u
  return chars.every((ch, i) => {
    if (pnCharsBase.test(ch) || /^[_0-9:]$/.test(ch) || "~.-!$&'()*+,;=/?#@%".includes(ch)) return true
    return continuing.test(ch) && i > 0
  })
}

function namespaceOf(index: PrefixIndex, name: string): string {
  const colon = name.indexOf(':')
  return index.namespace(name.slice(0, colon))!
}

describe('properties of shrink and expand', () => {
  describe('over the default data', () => {
    let index: PrefixIndex
    before(async () => {
      index = await PrefixIndex.loadDefault()
    })

    it('expand(shrink(iri)) === iri for every term IRI', () => {
      const failures: string[] = []
      for (const { iri } of index.terms()) {
        const name = index.shrink(iri)
        if (name === undefined || index.expand(name) !== iri) failures.push(`${iri} -> ${name}`)
      }
      assert.deepEqual(failures, [])
    })

    it('expand(shrink(ns)) === ns for every namespace, as prefix: with a prefix of that namespace, with the whole table', async () => {
      const whole = await PrefixIndex.loadDefault({ wholeTable: true })
      const failures: string[] = []
      for (const { namespace } of whole.entries()) {
        const name = whole.shrink(namespace)
        const ok = name !== undefined && name.endsWith(':') && whole.namespace(name.slice(0, -1)) === namespace && whole.expand(name) === namespace
        if (!ok) failures.push(`${namespace} -> ${name}`)
      }
      assert.deepEqual(failures, [])
    })

    it('graded, shrink(ns) expands back to ns, and gives nothing only where every prefix that fits is long-tail or suspect', () => {
      const failures: string[] = []
      for (const { namespace } of index.entries()) {
        const name = index.shrink(namespace)
        const fitting = index.entries().filter((e) => namespace.startsWith(e.namespace))
        const ok =
          name === undefined
            ? fitting.every((e) => !index.isOffered(e.prefix))
            : index.expand(name) === namespace && index.isOffered(name.slice(0, name.indexOf(':')))
        if (!ok) failures.push(`${namespace} -> ${name}`)
      }
      assert.deepEqual(failures, [])
    })

    it('every shrunk term parses with n3 back to the same IRI', () => {
      const names: string[] = []
      const iris: string[] = []
      for (const { iri } of index.terms()) {
        names.push(`<http://s> <http://p> ${index.shrink(iri)} .\n`)
        iris.push(iri)
      }
      const quads = new Parser().parse(formatPrefixes(index.prefixes(), 'turtle') + names.join(''))
      assert.equal(quads.length, iris.length)
      const failures = quads.flatMap((quad, i) => (quad.object.value === iris[i] ? [] : [`${iris[i]} -> ${quad.object.value}`]))
      assert.deepEqual(failures, [])
    })
  })

  describe('over generated IRIs', () => {
    const index = PrefixIndex.fromPrefixes(TABLE)
    const turtlePrefixes = formatPrefixes(TABLE, 'turtle')

    it('expand gives back the IRI whenever shrink gives a name', () => {
      fc.assert(
        fc.property(generatedIri, (iri) => {
          const name = index.shrink(iri)
          if (name !== undefined) assert.equal(index.expand(name), iri, name)
        }),
        RUNS,
      )
    })

    it('every name shrink gives parses with n3 in a Turtle document to the same IRI', () => {
      fc.assert(
        fc.property(generatedIri, (iri) => {
          const name = index.shrink(iri)
          if (name === undefined) return
          const quads = new Parser().parse(`${turtlePrefixes}<http://s> <http://p> ${name} .\n`)
          assert.equal(quads.length, 1, name)
          assert.equal(quads[0]!.object.value, iri, name)
        }),
        RUNS,
      )
    })

    it('shrink picks the longest namespace whose rest can be written, and gives undefined only when none can', () => {
      fc.assert(
        fc.property(generatedIri, (iri) => {
          const fitting = Object.values(TABLE)
            .filter((ns) => iri.startsWith(ns) && canWrite(iri.slice(ns.length)))
            .sort((a, b) => b.length - a.length)
          const name = index.shrink(iri)
          if (fitting.length === 0) assert.equal(name, undefined, iri)
          else assert.equal(name === undefined ? undefined : namespaceOf(index, name), fitting[0], iri)
        }),
        RUNS,
      )
    })

    it('with syntax: curie, expand gives back the IRI whenever shrink gives a name', () => {
      const curie = { syntax: 'curie' } as const
      fc.assert(
        fc.property(generatedIri, (iri) => {
          const name = index.shrink(iri, curie)
          if (name !== undefined) assert.equal(index.expand(name, curie), iri, name)
          else assert.ok(index.shrinkError(iri, curie) !== undefined)
        }),
        RUNS,
      )
    })

    it('shrinkError is undefined exactly when shrink gives a name', () => {
      fc.assert(
        fc.property(generatedIri, (iri) => {
          assert.equal(index.shrinkError(iri) === undefined, index.shrink(iri) !== undefined, iri)
        }),
        RUNS,
      )
    })
  })

  describe('expand over arbitrary strings', () => {
    const index = PrefixIndex.fromPrefixes(TABLE)
    const name = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.tuple(fc.constantFrom(...Object.keys(TABLE), 'nosuch', '1x', ''), localPart).map(([p, l]) => `${p}:${l}`),
    )

    it('never throws, and expandError is undefined exactly when expand gives an IRI', () => {
      fc.assert(
        fc.property(name, (text) => {
          const iri = index.expand(text)
          const error = index.expandError(text)
          assert.equal(error === undefined, iri !== undefined, text)
          if (iri !== undefined) assert.ok(iri.startsWith(namespaceOf(index, text)))
        }),
        RUNS,
      )
    })

    it('agrees with n3 on every name it expands', () => {
      fc.assert(
        fc.property(name, (text) => {
          const iri = index.expand(text)
          if (iri === undefined) return
          const quads = new Parser().parse(`${formatPrefixes(TABLE, 'turtle')}<http://s> <http://p> ${text} .\n`)
          assert.equal(quads[0]?.object.value, iri, text)
        }),
        RUNS,
      )
    })
  })

  describe('writeLocalName and readLocalName', () => {
    it('read gives back what write wrote, and write succeeds exactly when the grammar allows', () => {
      fc.assert(
        fc.property(localPart, (local) => {
          const written = writeLocalName(local)
          assert.equal(written !== undefined, canWrite(local), JSON.stringify(local))
          if (written !== undefined) assert.equal(readLocalName(written), local)
        }),
        RUNS,
      )
    })
  })
})
