// XSD's constraining facets in the default data (data/builder/xsd-facets.nt), as a user meets them through the
// `prefixd` binary: an OWL 2 datatype restriction lints clean, a misspelt facet gets a did-you-mean, completion
// offers the facets, and the XSD facets no specification names as RDF IRIs stay unknown (nothing invented).

import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { prefixdBinary } from './run-prefixd.js'

/** A datatype restriction as LV2's lv2core.ttl and OWL 2's RDF mapping write it, with `facets` in its list. */
function restriction(...facets: string[]): string {
  return [
    '@prefix owl: <http://www.w3.org/2002/07/owl#> .',
    '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .',
    '@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .',
    '<http://example.org/Symbol> a rdfs:Datatype ;',
    '  owl:onDatatype xsd:string ;',
    `  owl:withRestrictions ( ${facets.map((facet) => `[ ${facet} ]`).join(' ')} ) .`,
    '',
  ].join('\n')
}

describe('XSD constraining facets through the prefixd binary', function () {
  this.timeout(60_000)
  let dir: string
  before(() => (dir = mkdtempSync(join(tmpdir(), 'prefixd-xsd-facets-'))))
  after(() => rmSync(dir, { recursive: true, force: true }))

  const lint = async (name: string, text: string) => {
    writeFileSync(join(dir, name), text)
    return prefixdBinary(['lint', name], '', dir)
  }

  it('lints an OWL 2 datatype restriction with xsd:pattern, xsd:minInclusive and the other OWL 2 facets without a warning', async () => {
    const facets = ['xsd:pattern "[_a-zA-Z][_a-zA-Z0-9]*"', 'xsd:minInclusive 1', 'xsd:maxExclusive 100', 'xsd:minLength 1', 'xsd:maxLength 64']
    const run = await lint('restriction.ttl', restriction(...facets, 'xsd:length 3', 'xsd:maxInclusive 9', 'xsd:minExclusive 0'))
    assert.equal(run.code, 0, run.stderr)
    assert.match(run.stdout.trim(), /^no problems in 1 file$/i) // (capitalized on a terminal)
  })

  it('still warns of a misspelt facet, with the facet as its did-you-mean', async () => {
    const run = await lint('typo.ttl', restriction('xsd:patern "[a-z]+"', 'xsd:minInclusive 1'))
    assert.equal(run.code, 0, run.stderr)
    assert.match(
      run.stdout,
      /typo\.ttl:6:\d+: warning: 'xsd:patern' is not a term of <http:\/\/www\.w3\.org\/2001\/XMLSchema#>; did you mean 'xsd:pattern'\? \[unknown-term\]/,
    )
    assert.match(run.stdout, /0 errors, 1 warning in 1 file/)
  })

  it('leaves out the XSD 1.1 facets that no specification names as RDF IRIs (enumeration, totalDigits, …): they still warn', async () => {
    const run = await lint('other.ttl', restriction('xsd:enumeration "a"', 'xsd:totalDigits 3', 'xsd:whiteSpace "collapse"'))
    for (const facet of ['enumeration', 'totalDigits', 'whiteSpace']) assert.match(run.stdout, new RegExp(`'xsd:${facet}' is not a term`), facet)
  })

  it('completes xsd:min to the facets xsd:minInclusive, xsd:minLength and xsd:minExclusive', async () => {
    const run = await prefixdBinary(['autocomplete', 'xsd:min'])
    assert.equal(run.code, 0, run.stderr)
    assert.deepEqual(run.stdout.trim().split('\n').sort(), ['xsd:minExclusive', 'xsd:minInclusive', 'xsd:minLength'])
  })
})
