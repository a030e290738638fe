// Tests of PrefixIndex: expand, shrink, autocomplete and the accessors, on small hand-made tables.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { DataFactory, Writer } from 'n3'
import { PrefixError, PrefixIndex, PrefixIndexBuilder, type AutocompleteOptions } from '@prefixd/core'

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'
const OWL = 'http://www.w3.org/2002/07/owl#'
const FOAF = 'http://xmlns.com/foaf/0.1/'
const EX = 'http://example.org/'
const EXNS = 'http://example.org/ns#'

const TABLE = {
  foaf: FOAF,
  ex: EX,
  exns: EXNS,
  rdf: RDF,
  rdfs: RDFS,
  owl: OWL,
  '': 'http://default.org/',
  alias: FOAF, // a second prefix for foaf's namespace: shrink prefers the first
  EX: 'http://example.org/EX/', // differs from ex only in case
  isbn: 'urn:isbn:',
}

const VOCABULARY = `
@prefix rdf: <${RDF}> . @prefix rdfs: <${RDFS}> . @prefix owl: <${OWL}> .
@prefix foaf: <${FOAF}> . @prefix exns: <${EXNS}> .
foaf:Person a owl:Class ; rdfs:label "Person"@en .
foaf:PersonalProfileDocument a rdfs:Class .
foaf:Project a rdfs:Class .
foaf:knows a owl:ObjectProperty .
foaf:name a owl:DatatypeProperty .
foaf:page a rdf:Property .
foaf:nick a owl:AnnotationProperty .
exns:Dog a exns:Breed .
exns:Breed rdfs:subClassOf exns:Animal .
<${EX}a/b> a rdfs:Class .
`

function testIndex(): PrefixIndex {
  const builder = new PrefixIndexBuilder()
    .addPrefixes(TABLE)
    .addRdf(VOCABULARY, { source: 'vocab.ttl' })
    .addTerm({ iri: EX + 'a[b]', types: [RDFS + 'Class'] }) // a valid IRI that no local name can write
  assert.deepEqual(builder.problems, [])
  return builder.build()
}

function codeOf(error: PrefixError | undefined): string | undefined {
  if (error !== undefined) assert.ok(error instanceof PrefixError)
  return error?.code
}

describe('PrefixIndex.expand', () => {
  const index = testIndex()

  it('expands a prefixed name to namespace + local part', () => {
    assert.equal(index.expand('foaf:Person'), FOAF + 'Person')
    assert.equal(index.expand('exns:Widget'), EXNS + 'Widget')
  })

  it('gives the namespace for prefix: alone', () => {
    assert.equal(index.expand('foaf:'), FOAF)
  })

  it('expands the empty prefix when the table has it', () => {
    assert.equal(index.expand(':x'), 'http://default.org/x')
    assert.equal(index.expand(':'), 'http://default.org/')
  })

  it('splits at the first colon: later colons belong to the local part', () => {
    assert.equal(index.expand('ex:a:b:'), EX + 'a:b:')
    assert.equal(index.expand('isbn:978-0'), 'urn:isbn:978-0')
  })

  it('removes backslash escapes from the local part', () => {
    assert.equal(index.expand('ex:a\\/b'), EX + 'a/b')
    assert.equal(index.expand('ex:\\#frag'), EX + '#frag')
    assert.equal(index.expand('ex:x\\.'), EX + 'x.')
    assert.equal(index.expand('ex:\\-x'), EX + '-x')
    assert.equal(index.expand('ex:q\\?a\\=1\\&b\\=2'), EX + 'q?a=1&b=2')
    assert.equal(index.expand('ex:100\\%'), EX + '100%')
  })

  it('keeps %xx as is', () => {
    assert.equal(index.expand('ex:a%20b'), EX + 'a%20b')
  })

  it('matches the prefix exactly, as Turtle does', () => {
    assert.equal(index.expand('EX:y'), 'http://example.org/EX/y')
    assert.equal(index.expand('FOAF:Person'), undefined)
    assert.equal(codeOf(index.expandError('FOAF:Person')), 'UNKNOWN_PREFIX')
  })

  it('gives undefined, and expandError says UNKNOWN_PREFIX, for a prefix not in the table', () => {
    assert.equal(index.expand('nosuch:x'), undefined)
    const error = index.expandError('nosuch:x')
    assert.equal(codeOf(error), 'UNKNOWN_PREFIX')
    assert.match(error!.message, /nosuch/)
  })

  it('treats the empty prefix as unknown when the table lacks it', () => {
    const index = PrefixIndex.fromPrefixes({ ex: EX })
    assert.equal(index.expand(':x'), undefined)
    assert.equal(codeOf(index.expandError(':x')), 'UNKNOWN_PREFIX')
  })

  it('says NOT_A_PREFIXED_NAME when there is no colon', () => {
    assert.equal(index.expand('Person'), undefined)
    assert.equal(index.expand(''), undefined)
    assert.equal(codeOf(index.expandError('Person')), 'NOT_A_PREFIXED_NAME')
  })

  it('says INVALID_PREFIX when the part before the colon is not a PN_PREFIX', () => {
    for (const name of ['1x:y', '_x:y', 'a b:c', 'a.:b', 'a/b:c']) {
      assert.equal(index.expand(name), undefined, name)
      assert.equal(codeOf(index.expandError(name)), 'INVALID_PREFIX', name)
    }
  })

  it('says INVALID_LOCAL_NAME when the local part is not a PN_LOCAL', () => {
    for (const name of ['ex:a b', 'ex:a/b', 'ex:a.', 'ex:.a', 'ex:-a', 'ex:%zz', 'ex:a\\b', 'ex:<x>', 'ex:a\n']) {
      assert.equal(index.expand(name), undefined, JSON.stringify(name))
      const error = index.expandError(name)
      assert.equal(codeOf(error), 'INVALID_LOCAL_NAME', JSON.stringify(name))
      assert.doesNotMatch(error!.message, /\n/) // control characters are made visible
    }
  })

  it('gives undefined exactly when expandError gives an error, for any name (fast-check)', () => {
    const pieces = ['foaf', 'ex', 'EX', 'nosuch', '', ':', 'Person', 'a\\/b', '\\', '.', '-x', '%20', '%zz', ' ', 'é', '1a']
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 5 }), fc.constantFrom(undefined, 'turtle' as const, 'curie' as const), (parts, syntax) => {
        const name = parts.join('')
        const options = syntax === undefined ? undefined : { syntax }
        assert.equal(index.expand(name, options) === undefined, index.expandError(name, options) !== undefined, JSON.stringify(name))
      }),
      { numRuns: 2000 },
    )
  })

  it('gives no error for a name that expands', () => {
    assert.equal(index.expandError('foaf:Person'), undefined)
    assert.equal(index.expandError('ex:a\\/b'), undefined)
  })

  it('takes the local part literally with syntax: curie', () => {
    const curie = { syntax: 'curie' } as const
    assert.equal(index.expand('ex:a/b?c#d', curie), EX + 'a/b?c#d')
    assert.equal(index.expand('ex:.x.', curie), EX + '.x.')
    assert.equal(index.expand('ex:a\\/b', curie), undefined) // a backslash is not an IRI character
    assert.equal(index.expand('ex:a b', curie), undefined)
    assert.equal(codeOf(index.expandError('ex:a b', curie)), 'INVALID_LOCAL_NAME')
    assert.equal(codeOf(index.expandError('nosuch:a', curie)), 'UNKNOWN_PREFIX')
  })

  it('never throws for a malformed string', () => {
    for (const name of [':', '::', 'a:', '\\:', ':\\', '%', '\ud800:x', 'ex:\ud800', 'ex:\u0000']) {
      assert.doesNotThrow(() => index.expand(name))
      assert.doesNotThrow(() => index.expandError(name))
    }
  })

  it('throws a TypeError for a non-string', () => {
    assert.throws(() => index.expand(42 as unknown as string), TypeError)
    assert.throws(() => index.expand(undefined as unknown as string), TypeError)
    assert.throws(() => index.expandError(null as unknown as string), TypeError)
  })
})

describe('PrefixIndex.expandTerm', () => {
  const index = testIndex()

  it("gives a plain RDF/JS NamedNode that equals n3's both ways, and n3 writes it", async () => {
    const term = index.expandTerm('foaf:knows')
    assert.equal(term?.termType, 'NamedNode')
    assert.equal(term?.value, FOAF + 'knows')
    assert.ok(term?.equals(DataFactory.namedNode(FOAF + 'knows')))
    assert.ok(DataFactory.namedNode(FOAF + 'knows').equals(term!))
    assert.ok(!term?.equals(DataFactory.namedNode(FOAF + 'name')))
    assert.ok(!term?.equals(DataFactory.literal(FOAF + 'knows')))
    assert.ok(!term?.equals(null))
    const writer = new Writer({ prefixes: { foaf: FOAF } })
    writer.addQuad(DataFactory.quad(DataFactory.namedNode('http://example.org/a'), term!, DataFactory.namedNode('http://example.org/b')))
    const text = await new Promise<string>((resolve, reject) => writer.end((error, out) => (error ? reject(error) : resolve(out))))
    assert.match(text, /<http:\/\/example.org\/a> foaf:knows <http:\/\/example.org\/b>/)
  })

  it('uses the given factory', () => {
    const made: string[] = []
    const factory = {
      namedNode: (iri: string) => {
        made.push(iri)
        return DataFactory.namedNode(iri)
      },
    }
    index.expandTerm('ex:x', factory)
    assert.deepEqual(made, [EX + 'x'])
  })

  it('gives undefined for a miss', () => {
    assert.equal(index.expandTerm('nosuch:x'), undefined)
  })
})

describe('PrefixIndex.shrink', () => {
  const index = testIndex()

  it('shrinks an IRI with its namespace', () => {
    assert.equal(index.shrink(FOAF + 'Person'), 'foaf:Person')
    assert.equal(index.shrink('urn:isbn:978-0'), 'isbn:978-0')
  })

  it('uses the longest namespace that starts the IRI', () => {
    assert.equal(index.shrink(EXNS + 'Widget'), 'exns:Widget')
    assert.equal(index.shrink(EX + 'nsWidget'), 'ex:nsWidget')
    assert.equal(index.shrink('http://example.org/EX/y'), 'EX:y')
  })

  it('gives prefix: for the namespace itself', () => {
    assert.equal(index.shrink(FOAF), 'foaf:')
    assert.equal(index.shrink(EXNS), 'exns:')
  })

  it('uses the empty prefix like any other', () => {
    assert.equal(index.shrink('http://default.org/x'), ':x')
  })

  it('escapes what PN_LOCAL allows escaped', () => {
    assert.equal(index.shrink(EX + 'a/b'), 'ex:a\\/b')
    assert.equal(index.shrink(EX + '.hidden'), 'ex:\\.hidden')
    assert.equal(index.shrink(EX + 'end.'), 'ex:end\\.')
    assert.equal(index.shrink(EX + 'mid.dle'), 'ex:mid.dle')
    assert.equal(index.shrink(EX + '-x'), 'ex:\\-x')
    assert.equal(index.shrink(EX + 'x-'), 'ex:x-')
    assert.equal(index.shrink(EX + '~user'), 'ex:\\~user')
    assert.equal(index.shrink(EX + 'q?a=1'), 'ex:q\\?a\\=1')
    assert.equal(index.shrink(EX + '100%'), 'ex:100\\%')
    assert.equal(index.shrink(EX + 'a%20b'), 'ex:a%20b')
  })

  it('falls back to a shorter namespace when the longer one leaves an unwritable local part', () => {
    // After exns: the rest starts with a combining mark, which no escape can write; after ex: it does not.
    assert.equal(index.shrink(EXNS + '\u0300x'), 'ex:ns\\#\u0300x')
    assert.equal(index.expand('ex:ns\\#\u0300x'), EXNS + '\u0300x')
  })

  it('gives undefined when no namespace leaves a writable local part', () => {
    for (const iri of [EX + 'a b', EX + 'a<b', EX + '{x}', EX + 'a|b', EX + 'a^b', EX + 'a"b', EXNS + 'a`b']) {
      assert.equal(index.shrink(iri), undefined, iri)
      const error = index.shrinkError(iri)
      assert.equal(codeOf(error), 'UNWRITABLE_LOCAL_NAME', iri)
    }
    assert.match(index.shrinkError(EXNS + 'a b')!.message, /<http:\/\/example\.org\/ns#>/) // names the longest namespace
  })

  it('gives undefined, and shrinkError says NO_NAMESPACE, when no namespace starts the IRI', () => {
    assert.equal(index.shrink('http://nowhere.example/x'), undefined)
    assert.equal(index.shrink(''), undefined)
    assert.equal(index.shrink('http://example.org'), undefined) // shorter than the namespace
    assert.equal(codeOf(index.shrinkError('http://nowhere.example/x')), 'NO_NAMESPACE')
  })

  it('gives no error for an IRI that shrinks', () => {
    assert.equal(index.shrinkError(FOAF + 'Person'), undefined)
  })

  it('prefers the first prefix in table order when several share a namespace', () => {
    assert.equal(index.shrink(FOAF + 'knows'), 'foaf:knows')
    const reversed = PrefixIndex.fromPrefixes({ alias: FOAF, foaf: FOAF })
    assert.equal(reversed.shrink(FOAF + 'knows'), 'alias:knows')
    assert.equal(reversed.expand('foaf:knows'), FOAF + 'knows') // both still expand
  })

  it("prefers a user's own table (override) over the defaults", () => {
    const builder = new PrefixIndexBuilder().addPrefixes(TABLE).addPrefixes({ mine: FOAF, ex: 'http://mine.example/' }, { override: true })
    const index = builder.build()
    assert.equal(index.shrink(FOAF + 'Person'), 'mine:Person')
    assert.equal(index.expand('ex:x'), 'http://mine.example/x')
    assert.equal(index.shrink(EX + 'x'), undefined) // the default ex: namespace is gone
  })

  it('allows any suffix with syntax: curie', () => {
    const curie = { syntax: 'curie' } as const
    assert.equal(index.shrink(EX + 'a/b', curie), 'ex:a/b')
    assert.equal(index.shrink(EX + '.x.', curie), 'ex:.x.')
    assert.equal(index.shrink(EXNS + 'a', curie), 'exns:a')
    assert.equal(index.shrink(EX + 'a b', curie), undefined)
    assert.equal(codeOf(index.shrinkError(EX + 'a b', curie)), 'UNWRITABLE_LOCAL_NAME')
  })

  it('throws a TypeError for a non-string', () => {
    assert.throws(() => index.shrink(42 as unknown as string), TypeError)
    assert.throws(() => index.shrinkError({} as unknown as string), TypeError)
  })
})

describe('PrefixIndex.shrinkTerm', () => {
  const index = testIndex()

  it('shrinks a NamedNode', () => {
    assert.equal(index.shrinkTerm(DataFactory.namedNode(FOAF + 'Person')), 'foaf:Person')
    assert.equal(index.shrinkTerm(DataFactory.namedNode(EX + 'a/b'), { syntax: 'curie' }), 'ex:a/b')
  })

  it('gives undefined for literals, blank nodes and variables, even when their value looks like an IRI', () => {
    assert.equal(index.shrinkTerm(DataFactory.literal(FOAF + 'Person')), undefined)
    assert.equal(index.shrinkTerm(DataFactory.blankNode('b0')), undefined)
    assert.equal(index.shrinkTerm(DataFactory.variable(FOAF + 'x')), undefined)
  })
})

describe("PrefixIndex.autocomplete with sort: 'alpha'", () => {
  // Case-folded order makes what each option keeps easy to read; relevance order is tested below.
  const ranked = testIndex()
  const index = {
    autocomplete: (query: string, options: AutocompleteOptions = {}) => ranked.autocomplete(query, { sort: 'alpha', ...options }),
  }

  it('completes prefixes when the query has no colon, as prefix:', () => {
    assert.deepEqual(index.autocomplete('exn'), ['exns:'])
    assert.deepEqual(index.autocomplete('fo'), ['foaf:'])
    assert.deepEqual(index.autocomplete('zz'), [])
  })

  it('completes every prefix for the empty query, in case-folded order, the empty prefix first', () => {
    const all = index.autocomplete('')!
    assert.equal(all.length, Object.keys(TABLE).length)
    assert.equal(all[0], ':')
    const folded = all.map((p) => p.toLowerCase())
    assert.deepEqual(folded, [...folded].sort())
  })

  it('gives namespaces instead of prefix: with expand', () => {
    assert.deepEqual(index.autocomplete('exn', { expand: true }), [EXNS])
  })

  it('matches prefixes case-insensitively unless caseSensitive', () => {
    assert.deepEqual(index.autocomplete('FO'), ['foaf:'])
    assert.deepEqual(index.autocomplete('FO', { caseSensitive: true }), [])
    assert.deepEqual(index.autocomplete('E', { caseSensitive: true }), ['EX:'])
    assert.deepEqual(new Set(index.autocomplete('ex')), new Set(['ex:', 'EX:', 'exns:']))
  })

  it("puts the prefix in the query's own case first among prefixes equal but for case, even at the limit", () => {
    assert.deepEqual(index.autocomplete('EX'), ['EX:', 'ex:', 'exns:'])
    assert.deepEqual(index.autocomplete('ex'), ['ex:', 'EX:', 'exns:'])
    assert.deepEqual(index.autocomplete('EX', { limit: 1 }), ['EX:'])
  })

  it('completes namespaces for an IRI-looking query, one preferred prefix per namespace', () => {
    assert.deepEqual(index.autocomplete('http://xmlns.com/fo'), ['foaf:'])
    assert.deepEqual(index.autocomplete('http://example.o'), ['ex:', 'EX:', 'exns:'])
    assert.deepEqual(index.autocomplete('http://xmlns.com/fo', { expand: true }), [FOAF])
    assert.deepEqual(index.autocomplete('HTTP://XMLNS.COM/FO'), ['foaf:'])
    assert.deepEqual(index.autocomplete('HTTP://XMLNS.COM/FO', { caseSensitive: true }), [])
  })

  it('completes terms once an IRI query has reached a namespace', () => {
    assert.deepEqual(index.autocomplete(FOAF + 'Pe'), ['foaf:Person', 'foaf:PersonalProfileDocument'])
    assert.deepEqual(index.autocomplete(FOAF + 'Pe', { expand: true }), [FOAF + 'Person', FOAF + 'PersonalProfileDocument'])
    assert.deepEqual(index.autocomplete(FOAF + 'Pe', { type: 'owl:Class' }), ['foaf:Person'])
    assert.deepEqual(index.autocomplete(FOAF, { limit: 2 }), ['foaf:', 'foaf:knows'])
  })

  it('completes terms of an IRI query whose namespace part differs in case, unless caseSensitive', () => {
    const shouted = FOAF.toUpperCase() + 'PE'
    assert.deepEqual(index.autocomplete(shouted), ['foaf:Person', 'foaf:PersonalProfileDocument'])
    assert.deepEqual(index.autocomplete(shouted, { caseSensitive: true }), [])
  })

  it('lists the namespaces first, then the terms, when the query is a namespace', () => {
    assert.deepEqual(index.autocomplete('http://example.org/'), ['ex:', 'EX:', 'exns:', 'ex:a\\/b', 'exns:Breed', 'exns:Dog'])
  })

  it('completes a non-hierarchical IRI when the part before the colon is not a prefix', () => {
    assert.deepEqual(index.autocomplete('urn:is'), ['isbn:'])
  })

  it('gives prefix: first, then every term of the namespace', () => {
    assert.deepEqual(index.autocomplete('foaf:'), [
      'foaf:',
      'foaf:knows',
      'foaf:name',
      'foaf:nick',
      'foaf:page',
      'foaf:Person',
      'foaf:PersonalProfileDocument',
      'foaf:Project',
    ])
  })

  it('gives the terms whose local name starts with the partial name, the exact match first', () => {
    assert.deepEqual(index.autocomplete('foaf:Person'), ['foaf:Person', 'foaf:PersonalProfileDocument'])
    assert.deepEqual(index.autocomplete('foaf:Pro'), ['foaf:Project'])
    assert.deepEqual(index.autocomplete('foaf:zzz'), [])
  })

  it('matches the prefix part and the term part case-insensitively by default', () => {
    assert.deepEqual(index.autocomplete('foaf:pe'), ['foaf:Person', 'foaf:PersonalProfileDocument'])
    assert.deepEqual(index.autocomplete('FOAF:PRO'), ['foaf:Project'])
    assert.deepEqual(index.autocomplete('Foaf:'), index.autocomplete('foaf:'))
  })

  it('resolves a prefix differing only in case to the exact one when present', () => {
    assert.deepEqual(index.autocomplete('EX:', { limit: 1 }), ['EX:'])
    assert.deepEqual(index.autocomplete('ex:', { limit: 1 }), ['ex:'])
    assert.deepEqual(index.autocomplete('eX:', { limit: 1 }), ['ex:']) // the most preferred of ex and EX
  })

  it('makes the prefix part, term part and type exact with caseSensitive', () => {
    assert.deepEqual(index.autocomplete('foaf:pe', { caseSensitive: true }), [])
    assert.deepEqual(index.autocomplete('foaf:Pe', { caseSensitive: true }), ['foaf:Person', 'foaf:PersonalProfileDocument'])
    assert.equal(index.autocomplete('FOAF:Pe', { caseSensitive: true }), undefined)
    assert.deepEqual(index.autocomplete('foaf:P', { type: 'RDFS:CLASS' }), ['foaf:Person', 'foaf:PersonalProfileDocument', 'foaf:Project'])
    assert.deepEqual(index.autocomplete('foaf:P', { type: 'rdfs:class', caseSensitive: true }), [])
    assert.deepEqual(index.autocomplete('foaf:P', { type: 'rdfs:Class', caseSensitive: true }), ['foaf:Person', 'foaf:PersonalProfileDocument', 'foaf:Project'])
  })

  it('keeps only terms of the type, and leaves out prefix: itself', () => {
    assert.deepEqual(index.autocomplete('foaf:', { type: 'rdfs:Class' }), ['foaf:Person', 'foaf:PersonalProfileDocument', 'foaf:Project'])
    assert.deepEqual(index.autocomplete('foaf:', { type: 'owl:ObjectProperty' }), ['foaf:knows'])
  })

  it('counts subtypes: owl:ObjectProperty and friends are rdf:Property, owl:Class is rdfs:Class', () => {
    assert.deepEqual(index.autocomplete('foaf:', { type: 'rdf:Property' }), ['foaf:knows', 'foaf:name', 'foaf:nick', 'foaf:page'])
    assert.deepEqual(index.autocomplete('foaf:Pers', { type: 'rdfs:Class' }), ['foaf:Person', 'foaf:PersonalProfileDocument'])
  })

  it('counts the rdfs:subClassOf statements of loaded vocabularies', () => {
    assert.deepEqual(index.autocomplete('exns:', { type: 'exns:Breed' }), ['exns:Dog'])
    assert.deepEqual(index.autocomplete('exns:', { type: 'exns:Animal' }), ['exns:Dog'])
  })

  it('takes the type as an IRI as well', () => {
    assert.deepEqual(index.autocomplete('foaf:', { type: OWL + 'ObjectProperty' }), ['foaf:knows'])
    assert.deepEqual(index.autocomplete('exns:', { type: EXNS + 'Animal' }), ['exns:Dog'])
  })

  it('matches no term for an unknown type, but still completes prefixes', () => {
    assert.deepEqual(index.autocomplete('foaf:', { type: 'foaf:Nothing' }), [])
    assert.deepEqual(index.autocomplete('foaf:', { type: 'nosuch:Type' }), [])
    assert.deepEqual(index.autocomplete('fo', { type: 'foaf:Nothing' }), ['foaf:'])
  })

  it('returns full IRIs with expand', () => {
    assert.deepEqual(index.autocomplete('foaf:Pro', { expand: true }), [FOAF + 'Project'])
    assert.deepEqual(index.autocomplete('foaf:', { expand: true, limit: 2 }), [FOAF, FOAF + 'knows'])
  })

  it('caps the results at limit', () => {
    assert.deepEqual(index.autocomplete('foaf:', { limit: 3 }), ['foaf:', 'foaf:knows', 'foaf:name'])
    assert.deepEqual(index.autocomplete('foaf:', { limit: 1 }), ['foaf:'])
    assert.deepEqual(index.autocomplete('foaf:', { limit: 0 }), [])
    assert.deepEqual(index.autocomplete('', { limit: 2 })?.length, 2)
    assert.deepEqual(index.autocomplete('http://example.org/', { limit: 4 }), ['ex:', 'EX:', 'exns:', 'ex:a\\/b'])
  })

  it('refuses a negative or NaN limit with a TypeError', () => {
    assert.throws(() => index.autocomplete('foaf:', { limit: -1 }), TypeError)
    assert.throws(() => index.autocomplete('foaf:', { limit: NaN }), TypeError)
    assert.throws(() => index.autocomplete('foaf:', { limit: 1.5 }), TypeError)
  })

  it('folds case character by character, so a final capital sigma still matches as a prefix', () => {
    const greek = PrefixIndex.fromPrefixes(
      { g: 'http://example.org/gr/' },
      { terms: [{ iri: 'http://example.org/gr/ΟΔΟΣ' }, { iri: 'http://example.org/gr/ΟΔΟΣΑ' }] },
    )
    assert.deepEqual(greek.autocomplete('g:ΟΔΟΣ'), ['g:ΟΔΟΣ', 'g:ΟΔΟΣΑ'])
    assert.deepEqual(greek.autocomplete('g:οδοσ'), ['g:ΟΔΟΣ', 'g:ΟΔΟΣΑ'])
    assert.deepEqual(greek.autocomplete('g:ΟΔΟΣ', { caseSensitive: true }), ['g:ΟΔΟΣ', 'g:ΟΔΟΣΑ'])
  })

  it('puts the exact-case match before names equal to it but for case, even at the limit', () => {
    const cc = PrefixIndex.fromPrefixes(
      { cc: 'http://creativecommons.org/ns#' },
      {
        terms: [
          { iri: 'http://creativecommons.org/ns#License' },
          { iri: 'http://creativecommons.org/ns#license' },
          { iri: 'http://creativecommons.org/ns#licenses' },
        ],
      },
    )
    // After it, names in the case of the first letter typed: `licenses` before `License`.
    assert.deepEqual(cc.autocomplete('cc:license'), ['cc:license', 'cc:licenses', 'cc:License'])
    assert.deepEqual(cc.autocomplete('cc:License'), ['cc:License', 'cc:license', 'cc:licenses'])
    assert.deepEqual(cc.autocomplete('cc:license', { limit: 1 }), ['cc:license'])
    assert.deepEqual(cc.autocomplete('cc:license', { limit: 2 }), ['cc:license', 'cc:licenses'])
    assert.deepEqual(cc.autocomplete('cc:lic', { limit: 1 }), ['cc:license'])
    assert.deepEqual(cc.autocomplete('cc:Lic', { limit: 1 }), ['cc:License'])
  })

  it('writes completed local names with escapes, and reads escapes in the query', () => {
    assert.deepEqual(index.autocomplete('ex:a'), ['ex:a\\/b']) // the term 'a[b]' cannot be written and is left out
    assert.deepEqual(index.autocomplete('ex:a\\/'), ['ex:a\\/b'])
    assert.deepEqual(index.autocomplete('ex:a', { expand: true }), [EX + 'a/b', EX + 'a[b]'])
  })

  it('gives undefined for a query naming an unknown prefix, distinct from [] for no match', () => {
    assert.equal(index.autocomplete('nosuch:x'), undefined)
    assert.equal(index.autocomplete('nosuch:'), undefined)
    assert.deepEqual(index.autocomplete('foaf:nosuch'), [])
  })

  it('throws a TypeError for a non-string query', () => {
    assert.throws(() => index.autocomplete(7 as unknown as string), TypeError)
  })
})

describe('PrefixIndex accessors', () => {
  const index = testIndex()

  it('lists the table in preference order', () => {
    assert.deepEqual(Object.keys(index.prefixes()), Object.keys(TABLE))
    assert.deepEqual(index.prefixes(), TABLE)
    assert.deepEqual(
      index.entries().map((e) => [e.prefix, e.namespace]),
      Object.entries(TABLE),
    )
  })

  it('gives the namespace of an exact prefix', () => {
    assert.equal(index.namespace('foaf'), FOAF)
    assert.equal(index.namespace('FOAF'), undefined)
    assert.equal(index.namespace(''), 'http://default.org/')
  })

  it('counts prefixes and terms', () => {
    assert.deepEqual(index.size, { prefixes: Object.keys(TABLE).length, terms: 11 })
  })

  it('describes a term with its shortest name, types and label', () => {
    assert.deepEqual(index.term(FOAF + 'Person'), { iri: FOAF + 'Person', prefixed: 'foaf:Person', types: [OWL + 'Class'], label: 'Person' })
    assert.deepEqual(index.term(EX + 'a[b]'), { iri: EX + 'a[b]', types: [RDFS + 'Class'] })
    assert.equal(index.term(FOAF + 'Nothing'), undefined)
  })

  it('lists every term sorted case-folded by IRI', () => {
    const iris = index.terms().map((t) => t.iri)
    assert.equal(iris.length, 11)
    const folded = iris.map((iri) => iri.toLowerCase())
    assert.deepEqual(folded, [...folded].sort())
  })

  it('exposes the subclass statements, built-in and loaded', () => {
    const statements = [...index.subClassStatements()]
    assert.ok(statements.some(([sub, sup]) => sub === EXNS + 'Breed' && sup === EXNS + 'Animal'))
    assert.ok(statements.some(([sub, sup]) => sub === OWL + 'Class' && sup === RDFS + 'Class'))
  })
})

describe('PrefixIndex.fromPrefixes', () => {
  it('builds an index from a table and terms', () => {
    const index = PrefixIndex.fromPrefixes({ ex: EXNS }, { terms: [{ iri: EXNS + 'Widget', types: [OWL + 'Class'], labels: { en: 'Widget' } }] })
    assert.equal(index.expand('ex:Widget'), EXNS + 'Widget')
    assert.deepEqual(index.autocomplete('ex:W', { type: 'http://www.w3.org/2000/01/rdf-schema#Class' }), ['ex:Widget'])
    assert.equal(index.term(EXNS + 'Widget')?.label, 'Widget')
  })

  it('throws a PrefixError INVALID_SOURCE naming every invalid entry', () => {
    assert.throws(
      () => PrefixIndex.fromPrefixes({ ok: EX, '1bad': EX, rel: 'relative/' }),
      (error: unknown) => error instanceof PrefixError && error.code === 'INVALID_SOURCE' && /1bad/.test(error.message) && /rel/.test(error.message),
    )
  })

  it('throws for an invalid term IRI too', () => {
    assert.throws(() => PrefixIndex.fromPrefixes({ ex: EX }, { terms: [{ iri: 'not an iri' }] }), PrefixError)
  })
})

describe('PrefixError', () => {
  it('is an Error with a name, a code and a message', () => {
    const error = new PrefixError('UNKNOWN_PREFIX', 'unknown prefix x')
    assert.ok(error instanceof Error)
    assert.equal(error.name, 'PrefixError')
    assert.equal(error.code, 'UNKNOWN_PREFIX')
    assert.equal(error.message, 'unknown prefix x')
  })
})
