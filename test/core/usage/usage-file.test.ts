// The prefixd-usage/1 file: written, read back equal, and refused with a clear message when it is not one.

import assert from 'node:assert/strict'
import { readUsage, Usage, USAGE_FORMAT } from '@prefixd/core'

const TEXT = `@prefix ex: <http://example.org/> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Thing a rdfs:Class ; rdfs:label "Thing" ; rdfs:comment "Any." .
ex:p rdfs:domain ex:Thing ; rdfs:range ex:Thing .
ex:a a ex:Thing ; ex:p ex:b ; ex:q 1 .`

describe('the prefixd-usage/1 file', () => {
  it('reads back what was written, through JSON text', async () => {
    const usage = await readUsage([TEXT], { format: 'turtle', name: 'v.ttl' })
    const back = Usage.fromJSON(JSON.parse(JSON.stringify(usage)))
    assert.deepEqual(back.toJSON(), usage.toJSON())
    assert.equal(back.toJSON().format, USAGE_FORMAT)
    assert.deepEqual(back.definitions(), usage.definitions())
    assert.equal(back.definition('http://example.org/Thing')!.file, 'v.ttl')
    assert.deepEqual(back.prefixes(), usage.prefixes())
  })

  it('refuses another format or a broken file, saying what is wrong', async () => {
    const good = (await readUsage([TEXT], { format: 'turtle' })).toJSON()
    assert.throws(() => Usage.fromJSON([]), /not a usage file/)
    assert.throws(() => Usage.fromJSON({ ...good, format: 'prefixd-usage/9' }), /not a prefixd-usage\/1 file: its format is "prefixd-usage\/9"/)
    assert.throws(() => Usage.fromJSON({ ...good, classes: [0] }), /not a multiple of 2/)
    assert.throws(() => Usage.fromJSON({ ...good, properties: [99999, 1] }), /names IRI 99999/)
    assert.throws(() => Usage.fromJSON({ ...good, classes: [0, -5] }), /-5, which is not a count/)
    assert.throws(() => Usage.fromJSON({ ...good, follows: [-1, 0, -1] }), /-1, which is not a count/)
    assert.throws(() => Usage.fromJSON({ ...good, triples: -1 }), /triples is not a count/)
  })
})
