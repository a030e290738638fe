// Tests of the prefixd command: the command line run in this process as the binary runs it (runCli with the
// process's streams swapped for in-memory ones), and the built binary itself where a test is about the
// process: its stdin over a pipe, its exit code, its usage text.
//
// Loading the default data costs most of a run, so only the tests about the defaults load them; the
// others run on a small table and vocabulary (`--no-defaults --prefixes small.json --vocab widgets.ttl`).

import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Parser } from 'n3'
import { prefixd, prefixdBinary } from './run-prefixd.js'

const FOAF = 'http://xmlns.com/foaf/0.1/'
const W = 'http://widgets.example/ns#'

const SMALL_TABLE = {
  w: W,
  foaf: FOAF,
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  owl: 'http://www.w3.org/2002/07/owl#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
}

const WIDGETS = `
@prefix w: <${W}> . @prefix owl: <http://www.w3.org/2002/07/owl#> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
w:Widget a owl:Class ; rdfs:label "Widget"@en .
w:Gadget a owl:Class ; rdfs:subClassOf w:Widget .
w:Sprocket a w:Gadget .
w:size a owl:DatatypeProperty .
w:sizeUnit a owl:ObjectProperty .
w:widgetCount a owl:DatatypeProperty .
`

describe('prefixd', function () {
  this.timeout(30_000)
  let dir: string
  const file = (name: string): string => join(dir, name)
  /** Options for a run on the small table and vocabulary only. */
  let small: string[]

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefixd-cli-'))
    small = ['--no-defaults', '--prefixes', file('small.json'), '--vocab', file('widgets.ttl')]
    await writeFile(file('small.json'), JSON.stringify(SMALL_TABLE))
    await writeFile(file('widgets.ttl'), WIDGETS)
    await writeFile(file('mine.json'), JSON.stringify({ foaf: 'http://example.org/myfoaf#', mine: 'http://example.org/mine/' }))
    await writeFile(file('mine.ttl'), `@prefix schema: <https://schema.org/> .\n@prefix w: <${W}> .\n`)
    await writeFile(file('bad-entries.json'), JSON.stringify({ '1bad': 'http://a/', rel: 'relative#', ok: 'http://ok.example/' }))
    await writeFile(file('ctx.jsonld'), JSON.stringify({ '@context': { go2: { '@id': 'http://purl.obolibrary.org/obo/GO_', '@prefix': true } } }))
    await writeFile(file('broken.json'), '{"a": ')
    await writeFile(
      file('records.json'),
      JSON.stringify([{ prefix: 'w', uri_prefix: W, prefix_synonyms: ['wid'], uri_prefix_synonyms: ['https://widgets.example/ns#'] }]),
    )
    await writeFile(
      file('shapes.ttl'),
      `@prefix sh: <http://www.w3.org/ns/shacl#> .\n@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n<> sh:declare [ sh:prefix "gizmo" ; sh:namespace "${W}"^^xsd:anyURI ] .\n`,
    )
    await writeFile(file('table.xml'), '<x/>')
  })

  after(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  describe('expand', () => {
    it('prints the IRI of each name from the default data and exits 0', async () => {
      const run = await prefixd(['expand', 'foaf:Person', 'schema:name', 'schema:a\\/b'])
      assert.equal(run.stdout, `${FOAF}Person\nhttp://schema.org/name\nhttp://schema.org/a/b\n`)
      assert.equal(run.stderr, '')
      assert.equal(run.code, 0)
    })

    it('prints an empty line and the reason for each miss, and exits 1', async () => {
      const run = await prefixd(['expand', ...small, 'nosuch:x', 'foaf:Person', 'foaf:a b'])
      assert.equal(run.stdout, `\n${FOAF}Person\n\n`)
      assert.match(run.stderr, /^prefixd: unknown prefix 'nosuch'$/m)
      assert.match(run.stderr, /^prefixd: invalid local name 'a b'/m)
      assert.equal(run.code, 1)
    })

    it('warns on stderr, once per prefix, for a name through a prefix that is not offered or is retired; exit code unchanged; --quiet silences', async () => {
      const run = await prefixdBinary(['expand', 'foaa:x', 'foaa:y', 'shema:Person', 'v:Person', 'foaf:Person'])
      assert.equal(run.code, 0)
      assert.equal(
        run.stdout,
        `https://kibanshoe.com/x\nhttps://kibanshoe.com/y\nhttp://schema.org/Person\nhttp://rdf.data-vocabulary.org/#Person\n${FOAF}Person\n`,
      )
      assert.deepEqual(run.stderr.trimEnd().split('\n'), [
        'prefixd: warning: foaa: is suspect: its namespace <https://kibanshoe.com/> is on a site that serves no vocabulary (a shop, search engine, file sharing or spam site)',
        'prefixd: warning: shema: is a typo alias of schema: (same namespace); write schema: instead',
        'prefixd: warning: v: is a retired vocabulary (<http://rdf.data-vocabulary.org/#>); its successor is schema:',
      ])
      const quiet = await prefixdBinary(['expand', '--quiet', 'foaa:x'])
      assert.deepEqual([quiet.code, quiet.stdout, quiet.stderr], [0, 'https://kibanshoe.com/x\n', ''])
      const filter = await prefixd(['expand'], 'card:a\ncard:b\n')
      assert.deepEqual(
        [filter.code, filter.stderr],
        [0, 'prefixd: warning: card: is suspect: its namespace <http://www.ashutosh.com/test/> is a personal test or demo page\n'],
      )
    })

    it('takes names literally with --curie', async () => {
      const run = await prefixd(['expand', ...small, '--curie', 'w:a/b'])
      assert.equal(run.stdout, `${W}a/b\n`)
      assert.equal(run.code, 0)
    })
  })

  describe('shrink', () => {
    it('prints the prefixed name of each IRI from the default data, escaped where needed, and exits 0', async () => {
      const run = await prefixd(['shrink', 'http://schema.org/Person', 'http://schema.org/a/b'])
      assert.equal(run.stdout, 'schema:Person\nschema:a\\/b\n')
      assert.equal(run.code, 0)
    })

    it('exits 1 with the reason when no namespace fits', async () => {
      const run = await prefixd(['shrink', ...small, 'http://nowhere.invalid/x', `${W}x`])
      assert.equal(run.stdout, '\nw:x\n')
      assert.match(run.stderr, /no known namespace/)
      assert.equal(run.code, 1)
    })

    it('writes any suffix with --curie', async () => {
      const run = await prefixd(['shrink', ...small, '--curie', `${W}a/b`])
      assert.equal(run.stdout, 'w:a/b\n')
    })

    it('writes names that expand back to the very IRI: https://schema.org/ as sdo:, and none where no registered prefix fits', async () => {
      const run = await prefixd(['shrink', 'https://schema.org/Person'])
      assert.equal(run.stdout, 'sdo:Person\n')
      const back = await prefixd(['expand', 'sdo:Person'])
      assert.equal(back.stdout, 'https://schema.org/Person\n')
      assert.equal(run.stderr + back.stderr, '')
      const none = await prefixd(['shrink', 'https://www.w3.org/2006/vcard/ns#hasEmail', 'https://ref.gs1.org/voc/Product'])
      assert.equal(none.code, 1)
    })

    it('standardizes with --standardize, and says on stderr which IRI it changed and to what', async () => {
      const run = await prefixd(['shrink', '--standardize', 'https://schema.org/Person', 'http://xmlns.com/foaf/0.1/knows'])
      assert.equal(run.stdout, 'schema:Person\nfoaf:knows\n')
      assert.equal(run.stderr, 'prefixd: standardized <https://schema.org/Person> to <http://schema.org/Person>\n')
      assert.equal(run.code, 0)
    })
  })

  describe('filter mode (no arguments: stdin to stdout)', () => {
    it('prints one result per line, an empty line for a miss, and exits 1 when any line misses', async () => {
      const run = await prefixd(['expand', ...small], 'foaf:Person\nnosuch:x\nw:Widget\n')
      assert.equal(run.stdout, `${FOAF}Person\n\n${W}Widget\n`)
      assert.equal(run.stderr, '')
      assert.equal(run.code, 1)
    })

    it('exits 0 when every line is found', async () => {
      const run = await prefixd(['shrink', ...small], `${FOAF}Person\n${W}Widget\n`)
      assert.equal(run.stdout, 'foaf:Person\nw:Widget\n')
      assert.equal(run.code, 0)
    })

    it('reads CRLF line ends and a last line without one', async () => {
      const run = await prefixd(['expand', ...small], 'foaf:Person\r\nw:Widget')
      assert.equal(run.stdout, `${FOAF}Person\n${W}Widget\n`)
      assert.equal(run.code, 0)
    })

    it('treats an empty line as a miss', async () => {
      const run = await prefixd(['expand', ...small], 'foaf:Person\r\n\r\nw:Widget\r\n')
      assert.equal(run.stdout, `${FOAF}Person\n\n${W}Widget\n`)
      assert.equal(run.code, 1)
    })

    it('prints nothing and exits 0 for empty input', async () => {
      const run = await prefixd(['shrink', ...small], '')
      assert.equal(run.stdout, '')
      assert.equal(run.code, 0)
    })

    it('keeps one output line per input line over many chunks (the binary, its stdin a pipe)', async () => {
      const lines = Array.from({ length: 20_000 }, (_, i) => (i % 3 === 0 ? `http://nowhere.invalid/${i}` : `${W}t${i}`))
      const run = await prefixdBinary(['shrink', ...small], lines.join('\n') + '\n')
      const out = run.stdout.split('\n')
      assert.equal(out.pop(), '')
      assert.equal(out.length, lines.length)
      assert.deepEqual(out.slice(0, 4), ['', 'w:t1', 'w:t2', ''])
      assert.equal(out[19_999], 'w:t19999')
      assert.equal(run.code, 1)
    })
  })

  describe('autocomplete', () => {
    it('completes a term of the default data with a --type filter', async () => {
      const run = await prefixd(['autocomplete', 'schema:Pers', '--type', 'rdfs:Class'])
      assert.equal(run.stdout, 'schema:Person\n')
      assert.equal(run.code, 0)
    })

    it('lists prefix: and then the terms of the namespace, most relevant first (w:Widget is a superclass), or by --sort alpha', async () => {
      const run = await prefixd(['autocomplete', ...small, 'w:'])
      assert.equal(run.stdout, 'w:\nw:Widget\nw:size\nw:Gadget\nw:sizeUnit\nw:Sprocket\nw:widgetCount\n')
      const alpha = await prefixd(['autocomplete', ...small, 'w:', '--sort', 'alpha'])
      assert.equal(alpha.stdout, 'w:\nw:Gadget\nw:size\nw:sizeUnit\nw:Sprocket\nw:Widget\nw:widgetCount\n')
    })

    it('puts the kind --prefer names first', async () => {
      const run = await prefixd(['autocomplete', ...small, 'w:', '--prefer', 'property'])
      assert.equal(run.stdout, 'w:\nw:size\nw:sizeUnit\nw:widgetCount\nw:Widget\nw:Gadget\nw:Sprocket\n')
    })

    it('filters by --type, counting subclasses from the vocabulary and built-in ones', async () => {
      const widgets = await prefixd(['autocomplete', ...small, 'w:', '--type', 'w:Widget'])
      assert.equal(widgets.stdout, 'w:Sprocket\n')
      const classes = await prefixd(['autocomplete', ...small, 'w:', '--type', 'rdfs:Class'])
      assert.equal(classes.stdout, 'w:Widget\nw:Gadget\n')
      const properties = await prefixd(['autocomplete', ...small, 'w:s', '--type', 'rdf:Property'])
      assert.equal(properties.stdout, 'w:size\nw:sizeUnit\n')
    })

    it('matches case-insensitively unless --case', async () => {
      const loose = await prefixd(['autocomplete', ...small, 'W:wIDGET'])
      assert.equal(loose.stdout, 'w:widgetCount\nw:Widget\n') // a lower-case first letter asks for a property first
      assert.equal((await prefixd(['autocomplete', ...small, 'W:WIDGET'])).stdout, 'w:Widget\nw:widgetCount\n')
      const exact = await prefixd(['autocomplete', ...small, 'w:widget', '--case'])
      assert.equal(exact.stdout, 'w:widgetCount\n')
      const none = await prefixd(['autocomplete', ...small, 'w:WIDGET', '--case'])
      assert.equal(none.stdout, '')
      assert.equal(none.code, 1)
    })

    it('prints IRIs with --expand and at most --limit results', async () => {
      const run = await prefixd(['autocomplete', ...small, 'w:', '--expand', '--limit', '3'])
      assert.equal(run.stdout, `${W}\n${W}Widget\n${W}size\n`)
      assert.equal(run.code, 0)
    })

    it('completes prefixes', async () => {
      const run = await prefixd(['autocomplete', ...small, 'r'])
      assert.equal(run.stdout, 'rdf:\nrdfs:\n')
    })

    it('says so on stderr and exits 1 for an unknown prefix', async () => {
      const run = await prefixd(['autocomplete', ...small, 'nosuch:x'])
      assert.equal(run.stdout, '')
      assert.match(run.stderr, /unknown prefix in 'nosuch:x'/)
      assert.equal(run.code, 1)
    })
  })

  describe('prefixes', () => {
    it('prints the default table as Turtle that n3 parses', async () => {
      const run = await prefixd(['prefixes', '--format', 'turtle'])
      assert.equal(run.code, 0)
      const prefixes: Record<string, string> = {}
      const quads = new Parser().parse(run.stdout + '<http://s> foaf:knows go:0008150 .\n', {
        onPrefix: (prefix: string, ns: { value: string }) => (prefixes[prefix] = ns.value),
      } as never)
      assert.equal(quads[0]?.object.value, 'http://purl.obolibrary.org/obo/GO_0008150')
      assert.equal(prefixes.foaf, FOAF)
      assert.ok(Object.keys(prefixes).length > 3000)
    })

    it('prints SPARQL PREFIX lines', async () => {
      const run = await prefixd(['prefixes', '--format', 'sparql', '--no-defaults', '--prefixes', file('mine.json')])
      assert.equal(run.stdout, 'PREFIX foaf: <http://example.org/myfoaf#>\nPREFIX mine: <http://example.org/mine/>\n')
    })

    it('prints JSON by default', async () => {
      const run = await prefixd(['prefixes', '--no-defaults', '--prefixes', file('mine.json')])
      assert.deepEqual(JSON.parse(run.stdout), { foaf: 'http://example.org/myfoaf#', mine: 'http://example.org/mine/' })
    })

    it('prints a JSON-LD @context with --format jsonld', async () => {
      const run = await prefixd(['prefixes', '--format', 'jsonld', '--no-defaults', '--prefixes', file('small.json'), '--prefixes', file('ctx.jsonld')])
      const context = { ...SMALL_TABLE, go2: { '@id': 'http://purl.obolibrary.org/obo/GO_', '@prefix': true } }
      assert.deepEqual(JSON.parse(run.stdout), { '@context': context })
    })
  })

  describe('--prefixes', () => {
    it('lets a JSON table override a default prefix and add new ones', async () => {
      const run = await prefixd(['expand', '--prefixes', file('mine.json'), 'foaf:x', 'mine:y', 'schema:name'])
      assert.equal(run.stdout, 'http://example.org/myfoaf#x\nhttp://example.org/mine/y\nhttp://schema.org/name\n')
      assert.equal(run.code, 0)
    })

    it('lets a Turtle table override a default prefix, for shrink too', async () => {
      const run = await prefixd(['shrink', '--prefixes', file('mine.ttl'), 'https://schema.org/Person', 'http://schema.org/Person'])
      const [https, http] = run.stdout.split('\n')
      assert.equal(https, 'schema:Person')
      assert.match(http!, /^(?!schema:)[\w-]+:Person$/) // the default http://schema.org/ falls back to another prefix
      assert.equal(run.code, 0)
    })

    it('reads an extended prefix map: prefix synonyms expand, namespace synonyms shrink to the preferred prefix only with --standardize', async () => {
      const exact = await prefixd(['shrink', '--no-defaults', '--prefixes', file('records.json'), 'https://widgets.example/ns#Gadget', `${W}Gadget`])
      assert.equal(exact.stdout, '\nw:Gadget\n') // no prefix expands to the synonym: no name reads back as its IRI
      assert.equal(exact.code, 1)
      const run = await prefixd([
        'shrink',
        '--standardize',
        '--no-defaults',
        '--prefixes',
        file('records.json'),
        'https://widgets.example/ns#Gadget',
        `${W}Gadget`,
      ])
      assert.equal(run.stdout, 'w:Gadget\nw:Gadget\n')
      const expanded = await prefixd(['expand', '--no-defaults', '--prefixes', file('records.json'), 'wid:Gadget'])
      assert.equal(expanded.stdout, `${W}Gadget\n`)
    })

    it("reads SHACL sh:declare from a Turtle file, not the file's own @prefix lines", async () => {
      const run = await prefixd(['expand', '--no-defaults', '--prefixes', file('shapes.ttl'), 'gizmo:Gadget', 'sh:declare'])
      assert.equal(run.stdout, `${W}Gadget\n\n`) // a miss keeps its line, empty
      assert.match(run.stderr, /unknown prefix 'sh'/)
    })

    it('writes the table as an extended prefix map and as SHACL declarations', async () => {
      const epm = await prefixd(['prefixes', '--no-defaults', '--prefixes', file('records.json'), '--format', 'epm'])
      assert.deepEqual(JSON.parse(epm.stdout), [{ prefix: 'w', uri_prefix: W, prefix_synonyms: ['wid'], uri_prefix_synonyms: ['https://widgets.example/ns#'] }])
      const shacl = await prefixd(['prefixes', '--no-defaults', '--prefixes', file('records.json'), '--format', 'shacl'])
      const declared = new Parser()
        .parse(shacl.stdout)
        .filter((q) => q.predicate.value === 'http://www.w3.org/ns/shacl#prefix')
        .map((q) => q.object.value)
      assert.deepEqual(declared, ['w', 'wid'])
    })

    it('warns about invalid entries on stderr and loads the rest', async () => {
      const run = await prefixd(['expand', '--no-defaults', '--prefixes', file('bad-entries.json'), 'ok:x'])
      assert.equal(run.stdout, 'http://ok.example/x\n')
      assert.match(run.stderr, /^prefixd: warning: .*bad-entries\.json: 1bad: http:\/\/a\/: /m)
      assert.match(run.stderr, /^prefixd: warning: .*bad-entries\.json: rel: relative#: /m)
      assert.equal(run.code, 0)
    })
  })

  describe('--vocab', () => {
    it('adds the terms of a Turtle file over the default data', async () => {
      const run = await prefixd(['autocomplete', 'w:', '--type', 'rdfs:Class', '--prefixes', file('mine.ttl'), '--vocab', file('widgets.ttl')])
      assert.equal(run.stdout, 'w:Widget\nw:Gadget\n')
      assert.equal(run.stderr, '')
    })
  })

  describe('usage errors', () => {
    async function usageError(args: readonly string[], message: RegExp, runner = prefixd): Promise<void> {
      const run = await runner(args)
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`)
      assert.equal(run.stdout, '', args.join(' '))
      assert.match(run.stderr, /^prefixd: /, args.join(' '))
      assert.match(run.stderr, message, args.join(' '))
    }

    it('exits 2 for an unknown command, also one named like an Object method', async () => {
      await Promise.all([
        usageError(['frobnicate'], /unknown command 'frobnicate'/),
        usageError(['constructor'], /unknown command 'constructor'/),
        usageError(['toString'], /unknown command 'toString'/),
      ])
    })

    it('exits 2 without a command or with an unknown option (the binary: its exit code)', async () => {
      await Promise.all([usageError([], /no command given/, prefixdBinary), usageError(['expand', '--bogus', 'x:y'], /'--bogus'/, prefixdBinary)])
    })

    it('says an unknown command or option in one line and where the help is in another — not the whole usage after it', async () => {
      for (const args of [['frobnicate'], ['expand', '--bogus', 'x:y']]) {
        const run = await prefixdBinary(args)
        assert.equal(run.code, 2)
        const lines = run.stderr.trimEnd().split('\n')
        assert.equal(lines.length, 2, run.stderr)
        assert.match(lines[0]!, /^prefixd: (unknown command 'frobnicate'|Unknown option '--bogus')/)
        assert.equal(lines[1], "Run 'prefixd --help' for the commands and options.")
      }
    })

    it('exits 2 for a bad --limit', async () => {
      await Promise.all([
        usageError(['autocomplete', ...small, 'w:', '--limit', 'abc'], /--limit must be a whole number/),
        usageError(['autocomplete', ...small, 'w:', '--limit=-1'], /--limit must be a whole number/),
        // 0 printed nothing and exited 1 ('not found'); the API refuses limit=0 too.
        usageError(['autocomplete', ...small, 'schema:P', '--limit', '0'], /--limit must be a whole number from 1 to 1000000000, got '0'/),
        usageError(['autocomplete', ...small, 'w:', '--sort', 'random'], /--sort takes relevance or alpha/),
        usageError(['autocomplete', ...small, 'w:', '--prefer', 'noun'], /--prefer takes class or property/),
      ])
    })

    it('exits 2 for a wrong number of autocomplete queries, or arguments to prefixes', async () => {
      await Promise.all([
        usageError(['autocomplete', ...small, 'a', 'b'], /autocomplete takes exactly one QUERY/),
        usageError(['prefixes', ...small, 'extra'], /prefixes takes no arguments/),
      ])
    })

    it('exits 2 for an unknown --format', async () => {
      await usageError(['prefixes', ...small, '--format', 'xml'], /unknown format 'xml'/)
    })

    it('exits 2 for a missing, broken or unknown file', async () => {
      await Promise.all([
        usageError(['expand', '--no-defaults', '--prefixes', file('missing.json'), 'a:b'], /cannot read .*missing\.json: ENOENT/),
        usageError(['expand', '--no-defaults', '--vocab', file('missing.ttl'), 'a:b'], /cannot read .*missing\.ttl: ENOENT/),
        usageError(['expand', '--no-defaults', '--prefixes', file('broken.json'), 'a:b'], /broken\.json: not valid JSON/),
        usageError(['expand', '--no-defaults', '--prefixes', file('table.xml'), 'a:b'], /table\.xml: cannot tell the format/),
        usageError(['expand', '--no-defaults', '--vocab', file('mine.json'), 'a:b'], /mine\.json: cannot tell the RDF syntax/),
      ])
    })
  })

  describe('help', () => {
    it('prints the usage on stdout and exits 0 (the binary)', async () => {
      const run = await prefixdBinary(['--help'])
      assert.match(run.stdout, /^Usage: prefixd <command>/)
      assert.equal(run.code, 0)
    })
  })
})
