// The knowledge tier's equivalents and "domain of" in the default data: both ways, agreeing with domain, and the
// properties that apply to a class through its superclasses as Knowledge.describe gives them.

import assert from 'node:assert/strict'
import { loadKnowledge, PrefixIndex, type Knowledge } from '@prefixd/core'

describe('equivalents and the properties that apply to a class (default data)', function () {
  this.timeout(30_000)
  let index: PrefixIndex
  let knowledge: Knowledge
  before(async () => {
    ;[index, knowledge] = await Promise.all([PrefixIndex.loadDefault(), loadKnowledge()])
  })

  it('names equivalents both ways, and every domain has the property among its "domain of"', () => {
    let equivalences = 0
    let domains = 0
    for (const { iri } of index.terms()) {
      const facts = knowledge.facts(iri)
      if (facts === undefined) continue
      for (const same of facts.equivalents) {
        const other = knowledge.facts(same)
        if (other === undefined) continue
        equivalences++
        assert.ok(other.equivalents.includes(iri), `${same} does not name ${iri} back`)
      }
      for (const domain of facts.domain) {
        if (index.term(domain) === undefined) continue
        domains++
        assert.ok(knowledge.facts(domain)?.domainOf.includes(iri), `${domain} lacks ${iri} among the properties it is the domain of`)
      }
    }
    assert.ok(equivalences > 100 && domains > 5000, `${equivalences} equivalences, ${domains} domains`)
  })

  it('gives schema:Dataset its equivalents in dcat:, void: and dcmitype:, and dcat:Dataset schema:Dataset back', () => {
    const names = (name: string) => knowledge.describe(index, name)!.equivalents.map((ref) => ref.prefixed)
    for (const other of ['dcat:Dataset', 'void:Dataset', 'dcmitype:Dataset']) assert.ok(names('schema:Dataset').includes(other), other)
    assert.ok(names('dcat:Dataset').includes('schema:Dataset'))
  })

  it('lists the properties of foaf:Person directly, then from its superclasses nearest first, each class once', () => {
    const person = knowledge.describe(index, 'foaf:Person')!
    const groups = person.properties.map((group) => group.from.prefixed)
    assert.equal(groups[0], 'foaf:Person')
    assert.ok(groups.includes('foaf:Agent'))
    assert.equal(new Set(groups).size, groups.length)
    const direct = person.properties[0]!.properties.map((ref) => ref.prefixed)
    assert.ok(direct.includes('foaf:knows') && !direct.includes('foaf:mbox'))
    const agent = person.properties.find((group) => group.from.prefixed === 'foaf:Agent')!
    assert.ok(agent.properties.some((ref) => ref.prefixed === 'foaf:mbox'))
    // A property has none; schema:Thing's properties reach every schema.org class (schema:name among them).
    assert.deepEqual(knowledge.describe(index, 'foaf:knows')!.properties, [])
    const dataset = knowledge.describe(index, 'schema:Dataset')!.properties
    assert.ok(dataset.some((g) => g.from.prefixed === 'schema:Thing' && g.properties.some((p) => p.prefixed === 'schema:name')))
  })
})
