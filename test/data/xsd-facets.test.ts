// The supplement of the default data (data/builder/xsd-facets.nt, XSD's constraining facets that OWL 2 names as
// IRIs): what the file holds, that the built tiers hold it as terms of the XSD vocabulary with their meaning, and
// that the data's provenance names it and the specifications it is written from.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { Parser } from 'n3'
import { loadKnowledge, PrefixIndex } from '@prefixd/core'
import { PROVENANCE_FILE } from '@prefixd/data'

const XSD = 'http://www.w3.org/2001/XMLSchema#'
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'
const XSD11 = 'https://www.w3.org/TR/2012/REC-xmlschema11-2-20120405/'
const OWL2 = 'https://www.w3.org/TR/2012/REC-owl2-syntax-20121211/'
/** The facets OWL 2's datatype maps (Structural Specification §4) name in the XSD namespace; rdf:langRange is RDF's. */
const OWL2_FACETS = ['length', 'maxExclusive', 'maxInclusive', 'maxLength', 'minExclusive', 'minInclusive', 'minLength', 'pattern']

describe('the XSD facets supplement of the default data', () => {
  const file = new URL('../../data/builder/xsd-facets.nt', import.meta.url)
  const quads = new Parser({ format: 'N-Triples' }).parse(readFileSync(file, 'utf8'))
  const about = (name: string, predicate: string) => quads.filter((q) => q.subject.value === XSD + name && q.predicate.value === predicate).map((q) => q.object)

  it("holds OWL 2's eight XSD facets and nothing else, each a property with its label, comment and defining section", () => {
    assert.deepEqual([...new Set(quads.map((q) => q.subject.value))].sort(), OWL2_FACETS.map((name) => XSD + name).sort())
    for (const name of OWL2_FACETS) {
      assert.deepEqual(
        about(name, RDF + 'type').map((o) => o.value),
        [RDF + 'Property'],
        name,
      )
      assert.deepEqual(
        about(name, RDFS + 'label').map((o) => o.value),
        [name],
        name,
      )
      const [comment, ...more] = about(name, RDFS + 'comment')
      assert.ok(comment?.termType === 'Literal' && comment.language === 'en' && more.length === 0, name)
      assert.match(comment.value, /A constraining facet of XML Schema 1\.1 Part 2 \(section 4\.3\.\d+\); OWL 2 uses it/, name)
      assert.deepEqual(
        about(name, RDFS + 'isDefinedBy').map((o) => o.value),
        [`${XSD11}#rf-${name}`],
        name,
      )
      assert.deepEqual(
        about(name, RDFS + 'seeAlso').map((o) => o.value),
        [`${OWL2}#Datatype_Maps`],
        name,
      )
    }
  })

  it('adds them to the full tier as terms of the XSD vocabulary, typed and labelled, beside its datatypes', async () => {
    const index = await PrefixIndex.loadDefault()
    for (const name of OWL2_FACETS) {
      const term = index.term(XSD + name)
      assert.ok(term !== undefined, name)
      assert.equal(term.label, name)
      assert.deepEqual(term.types, [RDF + 'Property'])
      assert.equal(index.shrink(XSD + name), `xsd:${name}`)
    }
    assert.ok(index.term(XSD + 'dateTime') !== undefined)
    for (const name of ['enumeration', 'whiteSpace', 'totalDigits', 'fractionDigits', 'assertions', 'explicitTimezone'])
      assert.equal(index.term(XSD + name), undefined, name)
  })

  it("gives each its comment as the knowledge tier's definition, under the XSD vocabulary", async () => {
    const [index, knowledge] = await Promise.all([PrefixIndex.loadDefault(), loadKnowledge()])
    for (const name of OWL2_FACETS) {
      const described = knowledge.describe(index, `xsd:${name}`)
      assert.equal(described?.definition, about(name, RDFS + 'comment')[0]!.value, name)
      assert.equal(described.vocabulary?.namespace, XSD)
      assert.equal(described.describedBy, undefined) // the namespace's own word, not another package's remark
    }
  })

  it("names the supplement among the data's sources, with the data package's version and both specifications", () => {
    const provenance = JSON.parse(readFileSync(PROVENANCE_FILE, 'utf8')) as {
      version: string
      sources: Array<{ name: string; version: string; specifications?: string[] }>
    }
    const entry = provenance.sources.find((s) => s.name === 'xsd-facets.nt')
    assert.deepEqual(entry, { name: 'xsd-facets.nt', version: provenance.version, specifications: [XSD11, OWL2] })
    assert.ok(provenance.sources.some((s) => s.name === '@vocabulary/xsd'))
  })
})
