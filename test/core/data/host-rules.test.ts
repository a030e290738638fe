// Tests of what a namespace's host says about it: placeholder hosts, sites without vocabularies, prefix.cc.

import assert from 'node:assert/strict'
import { hostKind, hostOf } from '../../../packages/core/src/data/host-rules.js'

describe('hostKind', () => {
  it('finds the host of an IRI, without user info, port or a trailing dot', () => {
    assert.equal(hostOf('http://user@Example.COM.:8080/x'), 'example.com')
    assert.equal(hostOf('urn:isbn:123'), undefined)
  })

  it('knows test and placeholder hosts: reserved TLDs, example domains, localhost, IP addresses', () => {
    for (const ns of [
      'http://this.invalid/x#',
      'http://a.test/',
      'http://x.example/',
      'http://localhost:3030/ds/',
      'http://foo.localhost/',
      'http://example.com/',
      'https://www.example.org/ns#',
      'http://example.edu/',
      'http://10.0.3.120/o#',
      'http://[::1]/x',
    ]) {
      assert.equal(hostKind(ns), 'placeholder', ns)
    }
  })

  it('knows sites that serve no vocabulary, their subdomains and, for marked ones, any top-level domain', () => {
    for (const ns of [
      'http://www.google.com/',
      'https://mail.google.com/mail/u/1/#',
      'http://google.de/',
      'https://www.amazon.de/',
      'https://www.amazon.co.uk/x/',
      'https://es.scribd.com/doc/1/',
      'http://t.me/x/1:',
      'https://kibanshoe.com/',
    ]) {
      assert.equal(hostKind(ns), 'no-vocabulary', ns)
    }
  })

  it('leaves vocabulary hosts alone, lookalikes included', () => {
    for (const ns of [
      'http://schemas.google.com/g/2005#',
      'http://schema.googleapis.com/',
      'http://decision-ontology.googlecode.com/svn/',
      'http://blogs.yandex.ru/schema/foaf/',
      'http://xmlns.com/foaf/0.1/',
      'http://amazon.example.org.uk.ns.org/',
      'http://notexample.com/',
      'http://example.company.org/',
    ]) {
      assert.notEqual(hostKind(ns), 'no-vocabulary', ns)
    }
    assert.equal(hostKind('http://xmlns.com/foaf/0.1/'), undefined)
    assert.equal(hostKind('http://notexample.com/'), undefined)
  })

  it('knows registrations of prefix.cc itself', () => {
    assert.equal(hostKind('http://prefix.cc/nsogi:'), 'prefix.cc')
  })
})
