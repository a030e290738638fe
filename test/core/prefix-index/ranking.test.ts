// Tests of relevance order on the default data: what a person typing expects to see first.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { PrefixIndex } from '@prefixd/core'

describe('relevance ranking on the default data', () => {
  let index: PrefixIndex
  before(async () => {
    index = await PrefixIndex.loadDefault()
  })

  it('schema:Per has schema:Person in the first 3, and says the answer was cut', () => {
    const { suggestions, truncated } = index.complete('schema:Per', { limit: 20 })!
    assert.ok(suggestions.slice(0, 3).includes('schema:Person'), suggestions.join(' '))
    assert.equal(suggestions.length, 20)
    assert.equal(truncated, true)
    assert.equal(index.complete('schema:Pers', { limit: 20 })!.truncated, false)
  })

  it('schema:na in predicate position puts schema:name first, live properties before classes, deprecated terms last', () => {
    const all = index.autocomplete('schema:na', { limit: 20, prefer: 'property' })!
    assert.equal(all[0], 'schema:name')
    const isDeprecated = (name: string) => index.term(index.expand(name)!)?.deprecated === true
    assert.equal(all.at(-1), 'schema:namedPosition') // superseded by schema:roleName
    const suggestions = all.filter((name) => !isDeprecated(name))
    const isProperty = (name: string) => index.hasType(index.expand(name)!, 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property')
    const firstOther = suggestions.findIndex((name) => !isProperty(name))
    assert.ok(firstOther > 0 && !suggestions.slice(firstOther).some(isProperty), suggestions.join(' '))
  })

  it('a class position puts classes first: schema:Per → schema:Person', () => {
    assert.equal(index.autocomplete('schema:per', { limit: 5, prefer: 'class' })![0], 'schema:Person')
  })

  it('dc completes to dc: first', () => {
    assert.equal(index.autocomplete('dc', { limit: 20 })![0], 'dc:')
  })

  it('fo offers foaf: and none of the junk foaa:, foaffff:, and ranks by popularity', () => {
    const suggestions = index.autocomplete('fo', { limit: 50 })!
    assert.ok(suggestions.includes('foaf:'))
    for (const junk of ['foaa:', 'foaffff:', 'foam:']) assert.ok(!suggestions.includes(junk), junk)
    assert.ok(suggestions.indexOf('foaf:') < 2, suggestions.join(' ')) // after the exact fo: only
  })

  it('person as a word finds a Person class first', () => {
    const [first] = index.search('person', { limit: 5 })
    assert.ok(first !== undefined && /[/#]Person$/.test(first.iri), first?.iri)
    assert.ok(index.hasType(first.iri, 'http://www.w3.org/2000/01/rdf-schema#Class'))
  })

  it('lists the exact match first, before shorter or more important names', () => {
    assert.equal(index.autocomplete('schema:Permit', { limit: 3 })![0], 'schema:Permit')
    assert.equal(index.autocomplete('foaf:Person', { limit: 3 })![0], 'foaf:Person')
    assert.equal(index.autocomplete('foaf:person', { limit: 3 })![0], 'foaf:Person')
  })

  it("keeps code-point order with sort: 'alpha'", () => {
    const alpha = index.autocomplete('schema:Per', { limit: 20, sort: 'alpha' })!
    assert.deepEqual(
      alpha,
      [...alpha].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
    )
    assert.equal(alpha[0], 'schema:percentile10')
  })

  it('ranks the same set of answers as alphabetical order, and a limit keeps the head of the full ranking', () => {
    const names = index
      .terms()
      .filter((_, i) => i % 97 === 0)
      .map((t) => index.shrink(t.iri)!)
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.nat(8),
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        fc.constantFrom(undefined, 'class' as const, 'property' as const),
        (name, cut, limit, caseSensitive, prefer) => {
          const query = name.slice(0, name.indexOf(':') + 1 + cut)
          const options = { caseSensitive, ...(prefer && { prefer }) }
          const all = index.autocomplete(query, options)!
          const alpha = index.autocomplete(query, { ...options, sort: 'alpha' })!
          assert.deepEqual(new Set(all), new Set(alpha))
          assert.equal(all.length, alpha.length)
          const head = index.complete(query, { ...options, limit })!
          assert.deepEqual(head.suggestions, all.slice(0, limit))
          assert.equal(head.truncated, all.length > limit)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('ranks a case-sensitive query as the case-folded one, keeping the names in the case typed (fast-check)', () => {
    // Case-sensitive queries search their own code-point order: the same tiers and ranking must come out of it.
    const names = index
      .terms()
      .filter((_, i) => i % 53 === 0)
      .map((t) => index.shrink(t.iri)!)
      .filter(Boolean)
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.nat(6), fc.constantFrom(undefined, 'class' as const, 'property' as const), (name, cut, prefer) => {
        const query = name.slice(0, name.indexOf(':') + 1 + cut)
        const options = prefer === undefined ? {} : { prefer }
        const sensitive = index.autocomplete(query, { ...options, caseSensitive: true })!
        const folded = index.autocomplete(query, options)!.filter((s) => s.startsWith(query))
        assert.deepEqual(sensitive, folded, query)
      }),
      { numRuns: 400 },
    )
  })

  it('follows the case of the first letter typed: lower case a property first, upper case a class', () => {
    assert.equal(index.autocomplete('doap:rep', { limit: 5 })![0], 'doap:repository')
    assert.equal(index.autocomplete('doap:Rep', { limit: 5 })![0], 'doap:Repository')
    assert.equal(index.autocomplete('cc:lic', { limit: 5 })![0], 'cc:license')
    assert.equal(index.autocomplete('cc:Lic', { limit: 5 })![0], 'cc:License')
    assert.equal(index.autocomplete('sh:NodeS', { limit: 5 })![0], 'sh:NodeShape') // not sh:nodes, equal but for case
    assert.equal(index.autocomplete('vcard:Org', { limit: 5 })![0], 'vcard:Organization')
  })

  it('ranks curated and popular prefixes above a rarer one typed in full; a bare vocabulary name opens it', () => {
    assert.equal(index.autocomplete('fo', { limit: 5 })![0], 'foaf:')
    assert.equal(index.autocomplete('sc', { limit: 5 })![0], 'schema:')
    assert.equal(index.autocomplete('xs', { limit: 5 })![0], 'xsd:')
    assert.equal(index.autocomplete('schema', { limit: 5 })![0], 'schema:')
    assert.equal(index.autocomplete('geo', { limit: 5 })![0], 'geo:')
  })

  it("offers a namespace's own prefix for a long-tail name of it typed in part: sha (prefix.cc's shacl:) → sh:", () => {
    assert.deepEqual(index.autocomplete('sha', { limit: 5 }), ['sh:'])
    assert.deepEqual(index.autocomplete('shacl', { limit: 5 }), ['sh:'])
    // Once: sh typed gives sh: itself, not again for shacl:.
    const sh = index.autocomplete('sh')!
    assert.equal(sh.filter((s) => s === 'sh:').length, 1)
    // A limit that the offered prefixes fill says that stand-ins were cut.
    assert.equal(index.complete('sha', { limit: 0 })!.truncated, true)
  })

  it('weighs how the vocabularies use a term: schema:pub, sh:tar, dbo:bi', () => {
    assert.ok(index.autocomplete('schema:pub', { limit: 3 })!.includes('schema:publisher'))
    assert.ok(index.autocomplete('sh:tar', { limit: 3 })!.includes('sh:targetClass'))
    assert.ok(['dbo:birthDate', 'dbo:birthPlace'].includes(index.autocomplete('dbo:bi', { limit: 3 })![0]!))
  })

  it('puts a name in the case typed before one in the other case, when no class or property fits: sh:Li → sh:Literal', () => {
    // sh:Literal is an individual (a sh:NodeKind), not a class: the class tier alone would leave sh:limit first.
    assert.equal(index.autocomplete('sh:Li', { limit: 3 })![0], 'sh:Literal')
    assert.equal(index.autocomplete('sh:li', { limit: 3 })![0], 'sh:limit')
    assert.equal(index.autocomplete('earl:pa', { limit: 3 })![0], 'earl:passed')
    // A lower-case letter asks for a name in lower case, a datatype as well as a property.
    assert.equal(index.autocomplete('rdf:la', { limit: 3 })![0], 'rdf:langString')
  })

  it('asks a class position for a class of things, not a datatype: schema:Da → schema:Dataset before schema:Date', () => {
    assert.equal(index.autocomplete('schema:Da', { limit: 3 })![0], 'schema:Dataset')
    assert.equal(index.autocomplete('schema:Bo', { limit: 3 })![0], 'schema:Book')
    const names = index.autocomplete('schema:Da', { limit: 50, prefer: 'class' })!
    assert.ok(names.indexOf('schema:Dataset') < names.indexOf('schema:Date'), names.join(' '))
  })

  it('counts every reference within a vocabulary (no cap): owl:on → owl:onProperty, schema:Or → schema:Organization', () => {
    assert.equal(index.autocomplete('owl:on', { limit: 3 })![0], 'owl:onProperty')
    assert.equal(index.autocomplete('schema:Or', { limit: 3 })![0], 'schema:Organization')
    // How other vocabularies use a term as a value counts too: `a owl:DatatypeProperty`.
    assert.equal(index.autocomplete('owl:Da', { limit: 3 })![0], 'owl:DatatypeProperty')
  })

  it("search caps references across vocabularies: a large vocabulary's hub does not pass a small one's", () => {
    assert.equal(index.search('person', { limit: 3 })[0]?.prefixed, 'foaf:Person')
    assert.equal(index.search('title', { limit: 3 })[0]?.prefixed, 'dcterms:title')
  })

  it('never offers a long-tail or suspect prefix, whatever is typed (fast-check)', () => {
    const names = [...'abcdefghijklmnopqrstuvwxyz0123456789:-_.']
    const offered = (query: string) => {
      for (const suggestion of index.autocomplete(query, { limit: 50 }) ?? []) {
        const quality = index.quality(suggestion.slice(0, suggestion.indexOf(':')))
        assert.ok(quality !== 'long-tail' && quality !== 'suspect', `${query} → ${suggestion} (${quality})`)
      }
    }
    const prefixes = Object.keys(index.prefixes())
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...names), { maxLength: 6 }).map((cs) => cs.join('')),
        offered,
      ),
      { numRuns: 2000 },
    )
    // Every prefix of the table typed in full, then with a colon and a letter: demoted ones give way or give nothing.
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.constantFrom('', ':', ':a', ':P'), (prefix, rest) => offered(prefix + rest)),
      { numRuns: 2000 },
    )
  })
})
