// The default data's offered prefixes, each held to a registry that maps it to its namespace (prefix.cc, @zazuko/prefixes, the @vocabulary/* packages, a vocabulary's own vann declarations).

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'
import { registries } from '../../support/registries.js'

describe('the offered prefixes of the default data', () => {
  let index: PrefixIndex
  let offered: Array<[string, string]>
  before(async () => {
    index = await PrefixIndex.loadDefault({ tier: 'prefixes' })
    offered = (index.complete('', { limit: 100_000 })?.suggestions ?? []).map((s) => [s.slice(0, -1), index.namespace(s.slice(0, -1))!])
  })

  it('offers only prefixes a registry maps to their namespace, each with its evidence', () => {
    const evidence = registries()
    const without = offered.filter(([prefix, namespace]) => evidence(prefix, namespace).length === 0)
    assert.deepEqual(without, [])
    assert.ok(offered.length > 900, `${offered.length} offered`)
    assert.deepEqual(evidence('sdo', 'https://schema.org/'), ['prefix.cc #238'])
    assert.ok(evidence('schema', 'http://schema.org/').includes('@zazuko/prefixes'))
  })

  it('offers no registered junk: every offered prefix is curated or popular, and only a retired one carries a rule', () => {
    for (const [prefix] of offered) {
      const info = index.vocabulary(prefix)
      assert.ok(info?.quality === 'curated' || info?.quality === 'popular', prefix)
      assert.ok(info.reason === undefined || info.reason === 'retired', `${prefix}: ${info.reason}`)
    }
    for (const junk of ['vcards', 'gs1ref', 'card', 'json', 'uni', 'foaa', 'leaks']) assert.equal(index.isOffered(junk), false, junk)
  })

  it('writes no name where no registered prefix fits, and every name it writes reads back', () => {
    for (const iri of ['https://www.w3.org/2006/vcard/ns#hasEmail', 'https://ref.gs1.org/voc/Product', 'http://www.ashutosh.com/test/x'])
      assert.equal(index.shrink(iri), undefined, iri)
    assert.equal(index.expand('vcards:x'), undefined)
    assert.equal(index.shrink('https://schema.org/Person'), 'sdo:Person')
    assert.equal(index.expand('latitude:hasEmail'), 'https://www.w3.org/2006/vcard/ns#hasEmail') // prefix.cc's long-tail name still expands
  })

  it('names the successor of a retired vocabulary and offers it after the live prefixes', () => {
    assert.deepEqual([index.vocabulary('v')?.reason, index.vocabulary('v')?.successor], ['retired', 'schema'])
    const v = index.autocomplete('v', { limit: 100 })!
    assert.equal(v.at(-1), 'v:')
    assert.ok(v.length > 5)
  })
})
