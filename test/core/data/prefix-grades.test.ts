// Tests of prefix quality grades: the rules of gradePrefixes, and how completion and shrink use the grades.

import assert from 'node:assert/strict'
import { editDistance, gradePrefixes, PrefixIndex, PrefixIndexBuilder, type VocabularyInfo } from '@prefixd/core'

const TABLE: Array<[string, string, VocabularyInfo]> = [
  ['schema', 'http://schema.org/', { curated: true, popularity: 30 }],
  ['foaf', 'http://xmlns.com/foaf/0.1/', { curated: true, popularity: 3 }],
  ['ex', 'http://example.org/', { popularity: 12 }],
  ['dbo', 'http://dbpedia.org/ontology/', { popularity: 5 }],
  ['db', 'http://dbpedia.org/', { popularity: 40 }],
  ['yago', 'http://dbpedia.org/class/yago/', { popularity: 1500 }],
  ['sdo', 'http://schema.org/', { popularity: 238 }], // an alias, but no typo: popular
  ['shema', 'http://schema.org/', { popularity: 2276 }], // a typo alias
  ['meat', 'http://example.com/', { popularity: 2492 }],
  ['eg', 'http://www.example.org/', { popularity: 300 }], // popular, still an example namespace
  ['foaffff', 'http://gogl.com/', { popularity: 2072 }],
  ['foam', 'https://www.koerperfettwaage-test.de/', { popularity: 1442 }], // a shop
  ['fo', 'http://www.w3.org/1999/XSL/Format#', { popularity: 614 }],
  ['dcterms', 'http://purl.org/dc/terms/', { curated: true, popularity: 20 }],
  ['dcterm', 'http://purl.org/dc/terms/', { popularity: 32 }], // popular, still a typo alias
  ['xsd', 'http://www.w3.org/2001/XMLSchema#', { curated: true, popularity: 16 }],
  ['xs', 'http://www.w3.org/2001/XMLSchema#', { popularity: 101 }], // a convention, not a typo
  ['xds', 'http://www.w3.org/2001/XMLSchema#', { popularity: 530 }], // a swap of neighbours
  ['xhtml', 'http://www.w3.org/1999/xhtml#', { popularity: 80 }],
  ['html', 'http://www.w3.org/1999/xhtml/', { popularity: 720 }], // a near namespace, but no slip of xhtml
  ['foaff', 'http://xmlns.com/foaf/0.1', { popularity: 2500 }], // a near namespace: no trailing slash
  ['test2', 'http://this.invalid/test2#', { popularity: 99 }],
  ['local', 'http://localhost:8080/ns#', { popularity: 1500 }],
  ['ip', 'http://10.0.3.120/onto#', { popularity: 2167 }],
  ['leaks', 'https://cuzin.com/', { popularity: 74 }],
  ['xlink', 'https://es.scribd.com/doc/79794476/x/', { popularity: 265 }],
  ['beth', 'http://www.google.com/', { popularity: 1522 }],
  ['walmart', 'https://www.amazon.de/', { popularity: 2833 }],
  ['gd', 'http://schemas.google.com/g/2005#', { popularity: 249 }], // Google's schemas host is no search engine
  ['nsogi', 'http://prefix.cc/nsogi:', { popularity: 194 }],
  ['myprefix', 'http://myprefix.org/', { popularity: 873 }],
  ['w3', 'http://www.w3.org/', { popularity: 600 }],
  ['dom', 'http://www.w3.org/1999/', { popularity: 700 }], // not a host's root
]

function build(options: { wholeTable?: boolean } = {}): PrefixIndex {
  const builder = new PrefixIndexBuilder().addPrefixes(TABLE.map(([p, ns]) => [p, ns] as [string, string]))
  for (const [prefix, , info] of TABLE) builder.describeVocabulary(prefix, info)
  const ungraded = builder.build()
  for (const [prefix, grade] of gradePrefixes(ungraded.entries(), (p) => ungraded.vocabulary(p), { popularUpTo: 1000 })) {
    builder.describeVocabulary(prefix, grade)
  }
  builder.addTerm({ iri: 'http://schema.org/Person' }).addTerm({ iri: 'http://dbpedia.org/class/yago/Thing' }).addTerm({ iri: 'http://www.w3.org/ns/dcat' })
  return builder.build(options)
}

describe('gradePrefixes', () => {
  const index = build()
  const grade = (prefix: string) => [index.quality(prefix), index.vocabulary(prefix)?.usually]

  it('grades curated, popular and long-tail prefixes by source and popularity', () => {
    assert.deepEqual(grade('schema'), ['curated', undefined])
    assert.deepEqual(grade('dbo'), ['popular', undefined])
    assert.deepEqual(grade('sdo'), ['popular', undefined])
    assert.deepEqual(grade('yago'), ['long-tail', undefined])
    assert.deepEqual(grade('fo'), ['popular', undefined])
    assert.deepEqual(grade('xs'), ['popular', undefined])
    assert.deepEqual(grade('html'), ['popular', undefined])
    assert.deepEqual(grade('gd'), ['popular', undefined])
    assert.deepEqual(grade('dom'), ['popular', undefined])
  })

  it('marks test and placeholder hosts suspect, whatever the popularity: reserved TLDs, localhost, IP addresses', () => {
    for (const prefix of ['test2', 'local', 'ip'])
      assert.deepEqual([index.quality(prefix), index.vocabulary(prefix)?.reason], ['suspect', 'placeholder-host'], prefix)
  })

  it('marks hosts that serve no vocabulary suspect: spam sites, file sharing, search engines, shops', () => {
    for (const prefix of ['leaks', 'xlink', 'beth', 'walmart', 'foam'])
      assert.deepEqual([index.quality(prefix), index.vocabulary(prefix)?.reason], ['suspect', 'no-vocabulary-host'], prefix)
  })

  it('marks registrations of prefix.cc itself and placeholder names suspect', () => {
    assert.deepEqual([index.quality('nsogi'), index.vocabulary('nsogi')?.reason], ['suspect', 'prefix-cc'])
    assert.deepEqual([index.quality('myprefix'), index.vocabulary('myprefix')?.reason], ['suspect', 'placeholder-name'])
  })

  it('grades a host root that holds three other namespaces long-tail (an umbrella), popular or not, and it claims no terms', () => {
    assert.deepEqual([index.quality('w3'), index.vocabulary('w3')?.reason], ['long-tail', 'umbrella'])
    assert.equal(index.term('http://www.w3.org/ns/dcat'), undefined)
    assert.deepEqual(index.search('dcat'), [])
    assert.equal(build({ wholeTable: true }).term('http://www.w3.org/ns/dcat')?.prefixed, 'w3:ns\\/dcat')
  })

  it('marks typo aliases suspect and names their usual form, popular ones too, and in near namespaces', () => {
    assert.deepEqual(grade('shema'), ['suspect', 'schema'])
    assert.deepEqual(grade('dcterm'), ['suspect', 'dcterms'])
    assert.deepEqual(grade('xds'), ['suspect', 'xsd'])
    assert.deepEqual(grade('foaff'), ['suspect', 'foaf'])
  })

  it('marks example.com / example.org namespaces suspect, except ex:', () => {
    assert.deepEqual(grade('ex'), ['popular', undefined])
    assert.deepEqual(grade('meat'), ['suspect', undefined])
    assert.deepEqual(grade('eg'), ['suspect', undefined])
  })

  it('marks a well-known prefix with its last letter repeated suspect', () => {
    assert.deepEqual(grade('foaffff'), ['suspect', undefined])
  })

  it('measures edits with neighbour swaps counted once', () => {
    assert.equal(editDistance('shema', 'schema'), 1)
    assert.equal(editDistance('xds', 'xsd'), 1)
    assert.equal(editDistance('foaf', 'foaf'), 0)
    assert.equal(editDistance('abcdef', 'uvwxyz', 2), 3) // gives up past the bound
  })
})

describe('graded completion and shrink', () => {
  const index = build()

  it('never offers long-tail or suspect prefixes, even typed in full, and offers the usual form for a typo alias', () => {
    assert.deepEqual(index.autocomplete('fo'), ['foaf:', 'fo:']) // the curated foaf: before the rarer fo:, typed in full
    assert.deepEqual(index.autocomplete('shema'), ['schema:'])
    assert.deepEqual(index.autocomplete('dcterm'), ['dcterms:'])
    assert.deepEqual(index.autocomplete('foam'), [])
    assert.deepEqual(index.autocomplete('yago'), [])
    assert.deepEqual(index.autocomplete('w'), [])
    assert.deepEqual(index.autocomplete('http://example.'), ['ex:'])
  })

  it("writes names with the prefix completion offers: a typo alias gives way to its namespace's prefix, a demoted one alone to nothing", () => {
    assert.deepEqual(index.autocomplete('shema:Pers'), ['schema:Person'])
    assert.deepEqual(index.autocomplete('shema:'), ['schema:', 'schema:Person'])
    assert.deepEqual(index.autocomplete('meat:'), [])
    assert.deepEqual(index.autocomplete('yago:'), []) // long-tail: it expands, but completion does not write it
  })

  it('still expands every prefix', () => {
    assert.equal(index.expand('shema:Person'), 'http://schema.org/Person')
    assert.equal(index.expand('meat:x'), 'http://example.com/x')
  })

  it('never shrinks with a long-tail or suspect prefix: where only such a prefix fits, no name', () => {
    assert.equal(index.shrink('http://example.com/unknown/thing'), undefined)
    assert.match(index.shrinkError('http://example.com/unknown/thing')!.message, /suspect prefix 'meat:'/)
    assert.equal(index.shrink('http://schema.org/Person'), 'schema:Person')
    assert.equal(index.shrink('http://dbpedia.org/class/yago/Thing'), 'db:class\\/yago\\/Thing') // not the long-tail yago:
    assert.equal(index.shrink('http://dbpedia.org/other'), 'db:other')
    assert.equal(index.shrink('http://www.w3.org/ns/dcat'), undefined) // the umbrella w3: claims nothing
    assert.match(index.shrinkError('http://www.w3.org/ns/dcat')!.message, /only the long-tail prefix 'w3:' fits/)
  })

  it('uses every prefix alike with wholeTable', () => {
    const whole = build({ wholeTable: true })
    assert.ok(whole.autocomplete('fo')!.includes('foaffff:'))
    assert.equal(whole.shrink('http://example.com/unknown/thing'), 'meat:unknown\\/thing')
  })

  it("drops the grade of a prefix that a user's own table sets", () => {
    const builder = new PrefixIndexBuilder().addPrefixes({ meat: 'http://example.com/' }).describeVocabulary('meat', { quality: 'suspect' })
    builder.addPrefixes({ meat: 'http://meat.example/' }, { override: true })
    const index = builder.build()
    assert.equal(index.quality('meat'), undefined)
    assert.deepEqual(index.autocomplete('me'), ['meat:'])
  })
})

describe('documents, test pages and retired vocabularies', () => {
  const table: Array<[string, string, VocabularyInfo]> = [
    ['schema', 'http://schema.org/', { curated: true, popularity: 30 }],
    ['v', 'http://rdf.data-vocabulary.org/#', { curated: true }],
    ['dv', 'http://rdf.data-vocabulary.org/#', { popularity: 86 }],
    ['vann', 'http://purl.org/vocab/vann/', { curated: true, popularity: 90 }],
    ['vs', 'http://www.w3.org/2003/06/sw-vocab-status/ns#', { popularity: 200 }],
    ['json', 'https://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf#', { popularity: 823 }],
    ['uni', 'http://purl.org/weso/uni/uni.html#', { popularity: 648 }],
    ['card', 'http://www.ashutosh.com/test/', { popularity: 692 }],
    ['mf', 'http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#', { popularity: 264 }], // W3C's test vocabulary
    ['idemo', 'http://rdf.insee.fr/def/demo#', { popularity: 1059 }], // INSEE's demography, no demo page
    ['owl', 'http://www.w3.org/2002/07/owl#', { curated: true, popularity: 2 }], // an ontology file is no document
    ['ont', 'http://example.net/ontology.owl#', { popularity: 50 }],
  ]
  const builder = new PrefixIndexBuilder().addPrefixes(table.map(([p, ns]) => [p, ns] as [string, string]))
  for (const [prefix, , info] of table) builder.describeVocabulary(prefix, info)
  const ungraded = builder.build()
  for (const [prefix, grade] of gradePrefixes(ungraded.entries(), (p) => ungraded.vocabulary(p))) builder.describeVocabulary(prefix, grade)
  const index = builder.build()
  const grade = (prefix: string) => {
    const info = index.vocabulary(prefix)
    return [info?.quality, info?.reason, info?.successor]
  }

  it('marks a document with # or / appended suspect (document), and leaves ontology files alone', () => {
    assert.deepEqual(grade('json'), ['suspect', 'document', undefined])
    assert.deepEqual(grade('uni'), ['suspect', 'document', undefined])
    assert.deepEqual(grade('owl'), ['curated', undefined, undefined])
    assert.deepEqual(index.autocomplete('js'), [])
  })

  it('marks a personal test page suspect (test-page), not a test vocabulary or a deeper path', () => {
    assert.deepEqual(grade('card'), ['suspect', 'test-page', undefined])
    assert.deepEqual(grade('mf'), ['popular', undefined, undefined])
    assert.deepEqual(grade('idemo'), ['long-tail', undefined, undefined])
    assert.deepEqual(index.autocomplete('ca'), [])
    assert.equal(index.shrink('http://www.ashutosh.com/test/x'), undefined)
  })

  it('marks a retired vocabulary, keeps its grade, names its successor, and offers it after every live prefix', () => {
    assert.deepEqual(grade('v'), ['curated', 'retired', 'schema'])
    assert.deepEqual(grade('dv'), ['popular', 'retired', 'schema'])
    assert.deepEqual(index.autocomplete('v'), ['vann:', 'vs:', 'v:'])
    assert.deepEqual(index.autocomplete('d'), ['dv:'])
    assert.equal(index.shrink('http://rdf.data-vocabulary.org/#Person'), 'v:Person') // still registered: it reads back
  })
})
