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
  ['foam', 'https://www.koerperfettwaage-test.de/', { popularity: 1442 }],
]

function build(options: { wholeTable?: boolean } = {}): PrefixIndex {
  const builder = new PrefixIndexBuilder().addPrefixes(TABLE.map(([p, ns]) => [p, ns] as [string, string]))
  for (const [prefix, , info] of TABLE) builder.describeVocabulary(prefix, info)
  const ungraded = builder.build()
  for (const [prefix, grade] of gradePrefixes(ungraded.entries(), (p) => ungraded.vocabulary(p), { popularUpTo: 1000 })) {
    builder.describeVocabulary(prefix, grade)
  }
  builder.addTerm({ iri: 'http://schema.org/Person' }).addTerm({ iri: 'http://dbpedia.org/class/yago/Thing' })
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
    assert.deepEqual(grade('foam'), ['long-tail', undefined])
  })

  it('marks typo aliases suspect and names their usual form', () => {
    assert.deepEqual(grade('shema'), ['suspect', 'schema'])
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

  it('never offers long-tail or suspect prefixes, and offers the usual form for a typo alias typed in full', () => {
    assert.deepEqual(index.autocomplete('fo'), ['foaf:'])
    assert.deepEqual(index.autocomplete('shema'), ['schema:'])
    assert.deepEqual(index.autocomplete('foam'), ['foam:']) // long-tail, but typed in full
    assert.deepEqual(index.autocomplete('http://example.'), ['ex:'])
  })

  it('still expands every prefix', () => {
    assert.equal(index.expand('shema:Person'), 'http://schema.org/Person')
    assert.equal(index.expand('meat:x'), 'http://example.com/x')
  })

  it('never shrinks with a suspect prefix, and with a long-tail one only when it writes a plainer name', () => {
    assert.equal(index.shrink('http://example.com/unknown/thing'), undefined)
    assert.match(index.shrinkError('http://example.com/unknown/thing')!.message, /suspect prefix 'meat:'/)
    assert.equal(index.shrink('http://schema.org/Person'), 'schema:Person')
    assert.equal(index.shrink('http://dbpedia.org/class/yago/Thing'), 'yago:Thing') // not db:class\/yago\/Thing
    assert.equal(index.shrink('http://dbpedia.org/other'), 'db:other')
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
