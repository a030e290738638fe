// `prefixd pretty` as a process on lv2core.ttl's shape: by default no prefix is made up for a namespace nothing
// names (the ontology's own IRI was written `ns:lv2core`); with --derive-prefixes one is, and the output says so.

import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Parser } from 'n3'
import { colouredLines } from '../support/rdf-isomorphism.js'
import { prefixdBinary } from './run-prefixd.js'

/** The head of LV2's lv2core.ttl: the ontology's IRI has no `#`, so no declaration of the file names it. */
const LV2CORE = `@prefix doap: <http://usefulinc.com/ns/doap#> .
@prefix lv2: <http://lv2plug.in/ns/lv2core#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .

<http://lv2plug.in/ns/lv2core> a owl:Ontology ;
  rdfs:seeAlso <http://lv2plug.in/ns/lv2core.html> , <http://lv2plug.in/ns/meta.ttl> ;
  doap:name "LV2" .
lv2:Plugin a rdfs:Class ; rdfs:isDefinedBy <http://lv2plug.in/ns/lv2core> .
lv2:Port a rdfs:Class ; rdfs:isDefinedBy <http://lv2plug.in/ns/lv2core> .
lv2:port a rdf:Property ; rdfs:isDefinedBy <http://lv2plug.in/ns/lv2core> .
`.replace('a rdf:Property', 'a rdfs:Class')

describe('prefixd pretty names nothing it was not given', function () {
  this.timeout(60_000)
  let dir: string
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'prefixd-names-'))
    writeFileSync(join(dir, 'lv2core.ttl'), LV2CORE)
  })
  after(() => rmSync(dir, { recursive: true, force: true }))

  it('writes <http://lv2plug.in/ns/lv2core> whole by default (formatted and streamed), declaring only given prefixes', async () => {
    for (const args of [
      ['pretty', 'lv2core.ttl'],
      ['pretty', '--stream', 'lv2core.ttl'],
    ]) {
      const { code, stdout, stderr } = await prefixdBinary(args, '', dir)
      assert.equal(code, 0, stderr)
      assert.match(stdout, /^<http:\/\/lv2plug\.in\/ns\/lv2core> a owl:Ontology/m, args.join(' '))
      const declared = [...stdout.matchAll(/^@prefix (\S*): /gm)].map((m) => m[1])
      assert.ok(
        declared.every((p) => ['doap', 'lv2', 'owl', 'rdfs'].includes(p!)),
        `${args.join(' ')}: ${declared.join(' ')}`,
      )
      assert.deepEqual(colouredLines(new Parser().parse(stdout)), colouredLines(new Parser().parse(LV2CORE)))
    }
  })

  it('--derive-prefixes makes one up, never ns:, and names it in a comment', async () => {
    const { code, stdout, stderr } = await prefixdBinary(['pretty', '--derive-prefixes', 'lv2core.ttl'], '', dir)
    assert.equal(code, 0, stderr)
    assert.match(stdout, /^# made up by prefixd pretty --derive-prefixes \(no table names their namespaces\): lv2plug:$/m)
    assert.match(stdout, /^@prefix lv2plug: <http:\/\/lv2plug\.in\/ns\/> \.$/m)
    assert.doesNotMatch(stdout, /@prefix ns:/)
    // Streamed output makes up none: asking for both is an error, not a flag silently left unused.
    const both = await prefixdBinary(['pretty', '--stream', '--derive-prefixes', 'lv2core.ttl'], '', dir)
    assert.equal(both.code, 2)
    assert.equal(both.stderr, 'prefixd: --derive-prefixes applies to formatted output, not to --stream\n')
  })
})
