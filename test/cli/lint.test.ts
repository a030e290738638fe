// `prefixd lint` from the CLI binary, on a fresh git repository with errors as a CI job meets it: text, JSON and
// SARIF 2.1.0 (validated against the schema the @microsoft/jest-sarif package ships), exit codes, .prefixd.json
// rules and ignore globs, and --fix, whose output N3.js reads as the very same triples.

import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AjvDraft04 from 'ajv-draft-04'
import { Parser, type Quad } from 'n3'
import { PEOPLE_DATA, PEOPLE_SHAPES } from '../support/shacl-people.js'
import { prefixdBinary, type Run } from './run-prefixd.js'

/** `prefixd lint ...args` run as the binary in `cwd`. */
function lint(cwd: string, args: readonly string[]): Promise<Run> {
  return prefixdBinary(['lint', ...args], '', cwd)
}

const BROKEN = [
  '@prefix foaf: <http://xmlns.com/foaf/0.1/> .',
  '@prefix skos: <http://www.w3.org/2004/02/skos/core#> .',
  '@prefix dcterm: <http://purl.org/dc/terms/> .',
  '<a> foaf:nmae "A" ; schema:name "B" ; dcterm:title "t" .',
  '<c> <d> .',
  '',
].join('\n')

describe('prefixd lint', function () {
  this.timeout(60_000)
  let repo: string
  before(() => {
    repo = mkdtempSync(join(tmpdir(), 'prefixd-lint-'))
    execFileSync('git', ['init', '-q', repo])
    mkdirSync(join(repo, 'data'))
    mkdirSync(join(repo, 'queries'))
    mkdirSync(join(repo, 'vendor'))
    mkdirSync(join(repo, 'node_modules'))
    writeFileSync(join(repo, 'data', 'people.ttl'), BROKEN)
    writeFileSync(join(repo, 'data', 'clean.ttl'), '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n<a> a foaf:Person .\n')
    writeFileSync(join(repo, 'queries', 'q.rq'), 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\nSELECT * { ?a foaf:knows ?b ')
    writeFileSync(join(repo, 'vendor', 'skip.ttl'), 'x:a x:b x:c .\n')
    writeFileSync(join(repo, 'node_modules', 'skip.ttl'), 'x:a x:b x:c .\n')
    writeFileSync(join(repo, 'notes.txt'), 'not RDF')
    writeFileSync(join(repo, '.prefixd.json'), JSON.stringify({ rules: { 'unused-prefix': 'warning' }, ignore: ['vendor/**'] }))
    execFileSync('git', ['-C', repo, 'add', '.'])
  })
  after(() => rmSync(repo, { recursive: true, force: true }))

  it('reports file:line:col, severity, message and rule for every file of the folders, and exits 1 on an error', async () => {
    const { code, stdout, stderr } = await lint(repo, ['.'])
    assert.equal(stderr, '')
    assert.equal(code, 1)
    assert.deepEqual(stdout.trimEnd().split('\n'), [
      "data/people.ttl:2:1: warning: prefix 'skos:' is declared but never used [unused-prefix]",
      "data/people.ttl:3:9: warning: the prefix table grades 'dcterm:' suspect (a typo alias); 'dcterms:' is usually written [suspect-prefix]",
      "data/people.ttl:4:5: warning: 'foaf:nmae' is not a term of <http://xmlns.com/foaf/0.1/>; did you mean 'foaf:name'? [unknown-term]",
      "data/people.ttl:4:21: error: prefix 'schema:' is not declared (the table has <http://schema.org/>) [undeclared-prefix]",
      'data/people.ttl:5:9: error: Expected entity but got . [syntax]',
      "queries/q.rq:2:26: error: expected '}'; the query ends [syntax]",
      '3 errors, 3 warnings in 3 files',
    ])
  })

  it('exits 0 on a clean file, and 1 on a warning with --fail-on warning', async () => {
    assert.equal((await lint(repo, ['data/clean.ttl'])).code, 0)
    assert.equal((await lint(repo, ['data/clean.ttl', '--fail-on', 'hint'])).code, 0)
    const text = join(repo, 'warn.ttl')
    writeFileSync(text, '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n<a> foaf:nmae "A" .\n')
    try {
      assert.equal((await lint(repo, ['warn.ttl'])).code, 0)
      assert.equal((await lint(repo, ['warn.ttl', '--fail-on', 'warning'])).code, 1)
    } finally {
      rmSync(text)
    }
  })

  it("writes JSON with 1-based places and each fix's data", async () => {
    const { code, stdout } = await lint(repo, ['data/people.ttl', '--format', 'json'])
    assert.equal(code, 1)
    const [file] = JSON.parse(stdout) as { file: string; findings: { line: number; column: number; rule: string; data?: unknown }[] }[]
    assert.equal(file!.file, 'data/people.ttl')
    const unknown = file!.findings.find((f) => f.rule === 'unknown-term')!
    assert.deepEqual([unknown.line, unknown.column, unknown.data], [4, 5, { kind: 'unknown-term', replacement: 'foaf:name' }])
  })

  it('writes SARIF 2.1.0 that its JSON schema accepts, each result at its region, relative to %SRCROOT%', async () => {
    const { stdout } = await lint(repo, ['.', '--format', 'sarif'])
    const schemaFile = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json')
    // ajv-draft-04 is CommonJS: its class is the module's default export. The schema's patterns are not all valid as
    // Unicode regular expressions (a stray `]`), so ajv reads them as plain ones; formats (uri, date-time) are not checked.
    const Ajv = AjvDraft04.default
    const validate = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, validateFormats: false }).compile(
      JSON.parse(readFileSync(schemaFile, 'utf8')),
    )
    type Result = { ruleId: string; level: string; message?: unknown; locations: { physicalLocation: { artifactLocation: { uri: string }; region: object } }[] }
    const log = JSON.parse(stdout) as { runs: { results: Result[] }[] }
    assert.ok(validate(log), JSON.stringify(validate.errors, null, 1))
    const results = log.runs[0]!.results
    assert.equal(results.length, 6)
    const syntax = results.find((r) => r.ruleId === 'syntax')!
    assert.equal(syntax.level, 'error')
    assert.deepEqual(syntax.locations[0]!.physicalLocation.artifactLocation, { uri: 'data/people.ttl', uriBaseId: '%SRCROOT%' })
    assert.deepEqual(syntax.locations[0]!.physicalLocation.region, { startLine: 5, startColumn: 9, endLine: 5, endColumn: 10 })
    // The schema must be able to fail: a result without its message is refused.
    delete results[0]!.message
    assert.equal(validate(log), false)
  })

  it('--fix removes unused prefixes and renames a typo alias, keeping every triple; what is left is reported', async () => {
    const file = join(repo, 'fix.ttl')
    const before =
      '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n@prefix dcterm: <http://purl.org/dc/terms/> .\n<a> foaf:nmae "A" ; dcterm:title "t" , "u" .\n'
    writeFileSync(file, before)
    try {
      const { code, stdout } = await lint(repo, ['fix.ttl', '--fix'])
      const after = readFileSync(file, 'utf8')
      assert.equal(
        after,
        '@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n@prefix dcterms: <http://purl.org/dc/terms/> .\n<a> foaf:nmae "A" ; dcterms:title "t" , "u" .\n',
      )
      const quads = (text: string) =>
        new Parser()
          .parse(text)
          .map((q: Quad) => `${q.subject.value} ${q.predicate.value} ${q.object.value}`)
          .sort()
      assert.deepEqual(quads(after), quads(before))
      assert.equal(code, 0, 'an unknown term is a warning')
      assert.match(stdout, /fix\.ttl:3:5: warning: 'foaf:nmae'/)
      assert.match(stdout, /0 errors, 1 warning in 1 file; 2 fixed\n$/)
    } finally {
      rmSync(file)
    }
  })

  it("validates data with the project's SHACL shapes, each result at the statement at fault with the shape's message", async () => {
    const project = mkdtempSync(join(tmpdir(), 'prefixd-lint-shacl-'))
    try {
      mkdirSync(join(project, 'shapes'))
      writeFileSync(join(project, 'shapes', 'person.ttl'), PEOPLE_SHAPES)
      writeFileSync(join(project, 'people.ttl'), PEOPLE_DATA)
      const found = await lint(project, ['.'])
      assert.deepEqual(found.stdout.trimEnd().split('\n'), [
        'people.ttl:5:3: error: age must be an integer (path <http://example.org/age>) [shacl]',
        'people.ttl:7:1: warning: Less than 1 values (path <http://example.org/name>) [shacl]',
        '1 error, 1 warning in 2 files',
      ])
      assert.equal(found.code, 1)
      // Named in .prefixd.json, the shapes need not be among the files linted; the rule's severity applies to violations.
      writeFileSync(join(project, '.prefixd.json'), JSON.stringify({ shapes: ['shapes/*.ttl'], rules: { shacl: 'warning' } }))
      const named = await lint(project, ['people.ttl'])
      assert.match(named.stdout, /^people\.ttl:5:3: warning: age must be an integer/)
      assert.equal(named.code, 0)
    } finally {
      rmSync(project, { recursive: true, force: true })
    }
  })

  it('refuses what it cannot read with status 2 and a clear message', async () => {
    const missing = await lint(repo, ['nope.ttl'])
    assert.deepEqual([missing.code, missing.stderr], [2, 'prefixd: cannot read nope.ttl: ENOENT\n'])
    const text = await lint(repo, ['notes.txt'])
    assert.equal(text.code, 2)
    assert.match(text.stderr, /notes\.txt: not a Turtle, TriG or SPARQL file/)
    const format = await lint(repo, ['.', '--format', 'xml'])
    assert.match(format.stderr, /lint --format takes text, json, sarif, not 'xml'/)
    writeFileSync(join(repo, 'bad.json'), '{ "rules": { "unused-prefix": "loud" } }')
    const config = await lint(repo, ['.', '--config', 'bad.json'])
    assert.equal(config.code, 2)
    assert.match(config.stderr, /bad\.json: rule "unused-prefix" must be one of error, warning, information, hint, off \(not "loud"\)/)
    assert.equal((await lint(repo, [])).code, 2)
  })
})
