// Tests of the namespace and term checks of @prefixd/core/checks beyond the language server's first ones:
// unregistered and suspect prefixes, http/https mismatches, deprecated terms, and the rules that turn them off
// or change their severity (read from a project's .prefixd.json).

import assert from 'node:assert/strict'
import { PrefixIndex } from '@prefixd/core'
import { checkDocument, DEFAULT_RULES, readProjectConfig, readRules, type Finding } from '@prefixd/core/checks'

describe('namespace checks', function () {
  this.timeout(30_000)
  let index: PrefixIndex
  before(async () => (index = await PrefixIndex.loadDefault()))
  const found = (text: string, findings: Finding[]) => findings.map((f) => [f.code, f.severity, text.slice(f.start, f.end)])

  it('notes a prefix the table does not have, naming the registered one for its namespace', () => {
    const text = '@prefix friend: <http://xmlns.com/foaf/0.1/> .\n@prefix mine: <http://example.com/mine#> .\nmine:a friend:name "A" .\n'
    const { findings } = checkDocument(text, 'turtle', index)
    assert.deepEqual(found(text, findings), [
      ['unregistered-prefix', 'hint', 'friend:'],
      ['unregistered-prefix', 'hint', 'mine:'],
    ])
    assert.deepEqual(findings[0]!.data, { kind: 'unregistered-prefix', prefix: 'friend', registered: 'foaf' })
    assert.match(findings[0]!.message, /as 'foaf:'/)
    assert.deepEqual(findings[1]!.data, { kind: 'unregistered-prefix', prefix: 'mine' })
  })

  it('warns of a suspect prefix (a typo alias) and names the one usually written', () => {
    const text = '@prefix dcterm: <http://purl.org/dc/terms/> .\n<a> dcterm:title "t" .\n'
    const { findings } = checkDocument(text, 'turtle', index)
    assert.deepEqual(found(text, findings), [['suspect-prefix', 'warning', 'dcterm:']])
    assert.deepEqual(findings[0]!.data, { kind: 'suspect-prefix', prefix: 'dcterm', reason: 'typo-alias', usually: 'dcterms' })
    assert.match(findings[0]!.message, /\(a typo alias\); 'dcterms:' is usually written/)
  })

  it("says nothing of a suspect prefix bound to the document's own namespace, so lint --fix renames nothing", () => {
    // card: is prefix.cc's personal test page and dcterm: a typo alias, but not of these namespaces.
    const text = '@prefix card: <http://example.org/cards#> .\n@prefix dcterm: <http://example.org/mine#> .\ncard:a dcterm:b "c" .\n'
    const { findings } = checkDocument(text, 'turtle', index)
    assert.deepEqual(
      findings.filter((f) => f.code === 'suspect-prefix'),
      [],
    )
  })

  it('warns of one namespace written with http and https: a second declaration, an IRI', () => {
    const text = [
      '@prefix schema: <http://schema.org/> .',
      '@prefix sdo: <https://schema.org/> .',
      '@prefix ex: <https://example.org/> .',
      '<http://example.org/a> schema:name "A" ; sdo:name "B" ; <https://schema.org/url> <https://example.org/b> .',
      '',
    ].join('\n')
    const { findings } = checkDocument(text, 'turtle', index)
    const mismatches = findings.filter((f) => f.code === 'scheme-mismatch')
    assert.deepEqual(
      mismatches.map((f) => text.slice(f.start, f.end)),
      ['<http://example.org/a>', '<https://schema.org/>'],
      'the IRI in http of https://example.org/ (declared once), the second declaration; not <https://schema.org/url> (both are declared)',
    )
    assert.deepEqual(mismatches[0]!.data, { kind: 'scheme-mismatch', namespace: 'http://example.org/', declared: 'https://example.org/' })
  })

  it('warns of a deprecated term, under a synonym namespace too', () => {
    const text = '@prefix schema: <http://schema.org/> .\n@prefix sdo: <https://schema.org/> .\n<m> schema:actors <p> ; sdo:actors <q> ; schema:actor <r> .\n'
    const { findings } = checkDocument(text, 'turtle', index, { rules: { 'scheme-mismatch': 'off' } })
    assert.deepEqual(found(text, findings), [
      ['deprecated-term', 'warning', 'schema:actors'],
      ['deprecated-term', 'warning', 'sdo:actors'],
    ])
    assert.deepEqual(findings[0]!.data, { kind: 'deprecated-term', iri: 'http://schema.org/actors' })
  })

  it('takes severities from the rules, and checks nothing of a rule turned off', () => {
    const text = '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n<a> foaf:nmae "A" ; ex:b "B" .\n'
    const rules = { 'unused-prefix': 'error', 'unknown-term': 'off', 'undeclared-prefix': 'information' } as const
    const { findings, undeclared } = checkDocument(text, 'turtle', index, { rules })
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity]),
      [
        ['undeclared-prefix', 'information'],
        ['unused-prefix', 'error'],
      ],
    )
    assert.deepEqual(undeclared, ['ex'], 'the parsers are told of undeclared prefixes whatever their rule')
  })
})

describe('readRules and readProjectConfig', () => {
  it('reads rules and a configuration, and refuses what it does not know with where and why', () => {
    assert.deepEqual(readRules({ 'unused-prefix': 'off', syntax: 'warning' }, 'x'), { 'unused-prefix': 'off', syntax: 'warning' })
    assert.throws(() => readRules({ 'no-such-rule': 'error' }, 'a.json'), /a\.json: unknown rule "no-such-rule"/)
    assert.throws(() => readRules({ 'unused-prefix': 'fatal' }, 'a.json'), /must be one of error, warning, information, hint, off \(not "fatal"\)/)
    assert.throws(() => readRules([], 'a.json'), TypeError)
    const config = readProjectConfig(
      '{ "rules": { "shacl": "warning" }, "shapes": ["shapes/*.ttl"], "ignore": ["vendor/**"], "prefixes": { "ex": "http://example.org/" } }',
    )
    assert.deepEqual(config, { rules: { shacl: 'warning' }, shapes: ['shapes/*.ttl'], ignore: ['vendor/**'], prefixes: { ex: 'http://example.org/' } })
    assert.throws(() => readProjectConfig('{ "rules": {,} }', 'p/.prefixd.json'), /^TypeError: p\/\.prefixd\.json:1:13: not valid JSON/)
    assert.throws(() => readProjectConfig('{ "rule": {} }'), /unknown setting "rule"/)
    assert.throws(() => readProjectConfig('{ "shapes": "a.ttl" }'), /"shapes" must be a list/)
    assert.throws(() => readProjectConfig('[]'), /must be a JSON object/)
    assert.equal(Object.keys(DEFAULT_RULES).length, 11) // retired-prefix the eleventh
  })
})
