// Tests of @prefixd/core/checks' checkDocument: the language server's document checks on a text read afresh,
// as `prefixd lint` and the web editor run them.

import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { PrefixIndex } from '@prefixd/core'
import { checkDocument, MAX_FINDINGS, TermChecks, type Finding } from '@prefixd/core/checks'

describe('checkDocument', function () {
  this.timeout(30_000)
  let index: PrefixIndex
  before(async () => (index = await PrefixIndex.loadDefault()))
  const at = (text: string, f: Finding): string => text.slice(f.start, f.end)

  it('finds an undeclared prefix (on the prefix, the table named), an unknown term with its did-you-mean, an unused prefix', () => {
    const text = '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n<a> foaf:nmae "A" ; schema:name "B" .\n'
    const { findings, undeclared } = checkDocument(text, 'turtle', index)
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, at(text, f)]),
      [
        ['unknown-term', 'warning', 'foaf:nmae'],
        ['undeclared-prefix', 'error', 'schema:'],
        ['unused-prefix', 'hint', '@prefix skos: <http://www.w3.org/2004/02/skos/core#> .'],
      ],
    )
    assert.match(findings[0]!.message, /did you mean 'foaf:name'/)
    assert.deepEqual(findings[0]!.data, { kind: 'unknown-term', replacement: 'foaf:name' })
    assert.match(findings[1]!.message, /<http:\/\/schema\.org\/>/)
    assert.equal(findings[2]!.unnecessary, true)
    assert.deepEqual(undeclared, ['schema'])
  })

  it('counts two letters swapped as one slip: schema:weigth is schema:weight, not schema:width (each two plain edits away)', () => {
    const text = '@prefix schema: <http://schema.org/> .\n<a> schema:weigth 1 ; schema:heigth 2 .\n'
    const replacements = checkDocument(text, 'turtle', index).findings.map((f) => f.data)
    assert.deepEqual(replacements, [
      { kind: 'unknown-term', replacement: 'schema:weight' },
      { kind: 'unknown-term', replacement: 'schema:height' },
    ])
  })

  it("notes a slip of a curated prefix's namespace, and reads SPARQL, a datatype and names in a path", () => {
    const text = 'PREFIX foaf: <http://xmlns.com/foaf/0.1>\nSELECT * { ?a foaf:knows/foaf:nmae ?b . FILTER(?b = "1"^^xsd:integer) }'
    const { findings } = checkDocument(text, 'sparql', index)
    assert.deepEqual(
      findings.map((f) => [f.code, at(text, f)]),
      [
        ['undeclared-prefix', 'xsd:'],
        ['other-namespace', '<http://xmlns.com/foaf/0.1>'],
      ],
      "foaf:nmae is not checked against a namespace the table's terms are not in",
    )
    assert.deepEqual(findings[1]!.data, { kind: 'other-namespace', prefix: 'foaf', namespace: 'http://xmlns.com/foaf/0.1/' })
  })

  it("names a deprecated term's replacement when one is known (struck through), and marks a retired vocabulary's declaration", () => {
    const text =
      '@prefix schema: <http://schema.org/> .\n@prefix v: <http://rdf.data-vocabulary.org/#> .\n@prefix card: <http://www.ashutosh.com/test/> .\n' +
      '<a> a schema:Code ; v:name card:x .\n'
    const replacedBy = (iri: string) => (iri === 'http://schema.org/Code' ? ['http://schema.org/SoftwareSourceCode'] : undefined)
    const { findings } = checkDocument(text, 'turtle', index, { checks: new TermChecks(index, replacedBy) })
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, at(text, f)]),
      [
        ['deprecated-term', 'warning', 'schema:Code'],
        ['retired-prefix', 'information', 'v:'],
        ['suspect-prefix', 'warning', 'card:'],
      ],
    )
    assert.equal(findings[0]!.message, "'schema:Code' is deprecated in its vocabulary; use schema:SoftwareSourceCode instead")
    assert.deepEqual(
      [findings[0]!.data, findings[0]!.deprecated],
      [{ kind: 'deprecated-term', iri: 'http://schema.org/Code', replacement: 'schema:SoftwareSourceCode' }, true],
    )
    assert.deepEqual(findings[1]!.data, { kind: 'retired-prefix', prefix: 'v', successor: 'schema' })
    assert.equal(findings[1]!.message, "'v:' is a retired vocabulary; its successor is 'schema:'")
    assert.match(findings[2]!.message, /\(a personal test or demo page\)/)
    // Without the knowledge of its successor, still marked; a retired prefix bound to a project's own namespace is left alone.
    const plain = checkDocument('@prefix schema: <http://schema.org/> .\n<a> a schema:Code .', 'turtle', index).findings
    assert.deepEqual(
      plain.map((f) => [f.code, f.message]),
      [['deprecated-term', "'schema:Code' is deprecated in its vocabulary"]],
    )
    assert.deepEqual(checkDocument('@prefix v: <http://example.org/v#> .\n<a> v:b 1 .', 'turtle', index).findings, [])
  })

  it('takes the inside of an IRI being typed for no prefix', () => {
    assert.deepEqual(checkDocument('<a> <b> <http://example.org/x\n', 'turtle', index).findings, [])
  })

  it('keeps at most MAX_FINDINGS, and one TermChecks serves many documents alike', () => {
    const text = Array.from({ length: MAX_FINDINGS + 10 }, (_, i) => `p${i}:a p${i}:b p${i}:c .`).join('\n')
    assert.equal(checkDocument(text, 'turtle', index).findings.length, MAX_FINDINGS)
    const checks = new TermChecks(index)
    const doc = '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\nfoaf:a foaf:Persn foaf:knoes .'
    assert.deepEqual(checkDocument(doc, 'turtle', index, { checks }), checkDocument(doc, 'turtle', index, { checks }))
    assert.deepEqual(checkDocument(doc, 'turtle', index, { checks }), checkDocument(doc, 'turtle', index))
  })

  it('bundles for a browser without Node.js built-ins', async () => {
    const entry = fileURLToPath(new URL('../../../packages/core/dist/checks/index.js', import.meta.url))
    const result = await build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent' })
    assert.equal(result.errors.length, 0)
    assert.doesNotMatch(result.outputFiles[0]!.text, /from\s*["']node:/)
  })
})
