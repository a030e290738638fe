// The prefix glue of the chat: prefixLinker, shrinkPastedIris and loadChatPrefixIndex.

import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PrefixError, PrefixIndex } from '@prefixd/core'
import { shrinkPastedIris } from '../../../packages/chat/src/prefix-glue/pasted-iris.js'
import { loadChatPrefixIndex } from '../../../packages/chat/src/prefix-glue/prefix-index-option.js'
import { prefixLinker } from '../../../packages/chat/src/prefix-glue/prefix-linker.js'
import { renderMessage } from '../../../packages/chat/src/render/render.js'
import type { TextLink, TextLinker } from '../../../packages/chat/src/linkify/text-linker.js'

const FOAF = 'http://xmlns.com/foaf/0.1/'
const SCHEMA = 'http://schema.org/'
const EX = 'http://example.org/ns#'

/** The linked texts and their URLs, easier to read in a failure than offsets. */
function linked(linker: TextLinker, text: string): Array<[string, string]> {
  return linker(text).map((link) => [text.slice(link.start, link.end), link.url])
}

describe('prefixLinker', () => {
  let defaults: PrefixIndex
  let linker: TextLinker
  const small = PrefixIndex.fromPrefixes({ ex: EX, foaf: FOAF, schema: SCHEMA, urn: 'http://example.org/urn/', '': 'http://example.org/empty#' })
  const smallLinker = prefixLinker(small)

  before(async () => {
    defaults = await PrefixIndex.loadDefault()
    linker = prefixLinker(defaults)
  })

  it('links a known prefixed name to its IRI, with offsets', () => {
    assert.deepEqual(linker('foaf:Person'), [{ start: 0, end: 11, url: `${FOAF}Person` }])
    assert.deepEqual(linker('a foaf:Person here'), [{ start: 2, end: 13, url: `${FOAF}Person` }])
  })

  it('ends a name at a trailing dot, as Turtle does', () => {
    assert.deepEqual(linked(linker, 'see schema:name.'), [['schema:name', `${SCHEMA}name`]])
    assert.deepEqual(linked(linker, 'see schema:name... or not'), [['schema:name', `${SCHEMA}name`]])
    assert.deepEqual(linked(smallLinker, 'ex:a.b. ex:c'), [
      ['ex:a.b', `${EX}a.b`],
      ['ex:c', `${EX}c`],
    ])
  })

  it('keeps a run of dots inside a name, as Turtle and the editor do (ex:a..b), and leaves trailing ones out', () => {
    assert.deepEqual(linked(smallLinker, 'see ex:a..b and ex:c.. then ex:d...e'), [
      ['ex:a..b', `${EX}a..b`],
      ['ex:c', `${EX}c`],
      ['ex:d...e', `${EX}d...e`],
    ])
  })

  it('ends a name at a trailing colon (prose), though Turtle would keep it', () => {
    assert.deepEqual(linked(linker, 'foaf:Person: a class'), [['foaf:Person', `${FOAF}Person`]])
    assert.deepEqual(linked(smallLinker, 'ex:a:b'), [['ex:a:b', `${EX}a:b`]])
  })

  it('does not link an unknown prefix', () => {
    assert.deepEqual(linker('nosuchprefixhere:Person'), [])
    assert.deepEqual(smallLinker('dc:title'), [])
  })

  it('does not link prefixes alone, nor the empty prefix', () => {
    assert.deepEqual(linker('the foaf: namespace'), [])
    assert.deepEqual(linker('Re: time: 5pm'), [])
    assert.deepEqual(smallLinker(':smile: and :a'), [])
  })

  it('does not link inside URLs', () => {
    assert.deepEqual(linker('http://example.org/a:b'), [])
    assert.deepEqual(linker('see http://example.org/foaf:Person,foaf:Agent (ok)'), [])
    assert.deepEqual(linker('<https://example.org/x/(schema:name)>'), [])
    assert.deepEqual(linked(smallLinker, 'file:/x/ex:a and ex:b'), [['ex:b', `${EX}b`]])
  })

  it('does not link in emails nor names in the middle of words', () => {
    assert.deepEqual(smallLinker('ex:bob@example.org'), [])
    assert.deepEqual(smallLinker('bob@ex:a'), [])
    assert.deepEqual(smallLinker('a/ex:b x-ex:c'), [])
    assert.deepEqual(smallLinker('ex:a/b ex:a#b ex:a%zz ex:a\\q'), [])
  })

  it('skips URI schemes written without // even when the table binds them', () => {
    assert.deepEqual(smallLinker('urn:isbn:0451450523 urn:ex:a'), [])
    assert.deepEqual(prefixLinker(small, { ignore: [] })('urn:isbn'), [{ start: 0, end: 8, url: 'http://example.org/urn/isbn' }])
  })

  it('does not link times and numbers', () => {
    assert.deepEqual(linker('at 12:30, or 9:00:00'), [])
    assert.deepEqual(smallLinker('ex2:a 1ex:a'), [])
  })

  it('links names next to punctuation on either side', () => {
    const text = `(foaf:Person), "schema:name"; 'ex:a'! <ex:b>? foaf:knows,schema:name`
    assert.deepEqual(linked(prefixLinker(PrefixIndex.fromPrefixes({ ex: EX, foaf: FOAF, schema: SCHEMA })), text), [
      ['foaf:Person', `${FOAF}Person`],
      ['schema:name', `${SCHEMA}name`],
      ['ex:a', `${EX}a`],
      ['ex:b', `${EX}b`],
      ['foaf:knows', `${FOAF}knows`],
      ['schema:name', `${SCHEMA}name`],
    ])
    assert.deepEqual(linked(smallLinker, '“ex:a” foaf:Person’s «ex:b»'), [
      ['ex:a', `${EX}a`],
      ['foaf:Person', `${FOAF}Person`],
      ['ex:b', `${EX}b`],
    ])
  })

  it('links a name after the colon of an unknown leading word', () => {
    assert.deepEqual(linked(smallLinker, 'type:foaf:Person'), [['foaf:Person', `${FOAF}Person`]])
    assert.deepEqual(linked(smallLinker, 'foaf:ex:a'), [['foaf:ex:a', `${FOAF}ex:a`]])
  })

  it('does not link what cannot follow or precede a name', () => {
    assert.deepEqual(smallLinker('ex:a+b ex:a=b ex:a.b/c'), [])
    assert.deepEqual(smallLinker('ex:a.x'), [{ start: 0, end: 6, url: `${EX}a.x` }])
    assert.deepEqual(smallLinker('=ex:a [ex:b'), [])
  })

  it('links escaped local names to the unescaped IRI', () => {
    assert.deepEqual(linked(smallLinker, 'ex:a\\/b ex:c\\.'), [
      ['ex:a\\/b', `${EX}a/b`],
      ['ex:c\\.', `${EX}c.`],
    ])
    assert.deepEqual(linked(smallLinker, 'ex:%41b ex:_x ex:1-2·3'), [
      ['ex:%41b', `${EX}%41b`],
      ['ex:_x', `${EX}_x`],
      ['ex:1-2·3', `${EX}1-2·3`],
    ])
    assert.deepEqual(smallLinker('ex:-a ex:.a ex:·a'), [])
  })

  it('in a message, leaves a name with a Markdown-escaped character unlinked', () => {
    assert.equal(renderMessage('foaf\\:Person foaf:Person', [smallLinker]), `<p>foaf:Person <a href="${FOAF}Person">foaf:Person</a></p>`)
    // Nor one that runs on into emphasis: the reader sees foaf:Personx.
    assert.equal(renderMessage('foaf:Person**x**', [smallLinker]), '<p>foaf:Person<strong>x</strong></p>')
  })

  it('links names with non-ASCII characters, astral ones included', () => {
    const index = PrefixIndex.fromPrefixes({ é: 'http://example.org/e/', ex: EX })
    assert.deepEqual(linked(prefixLinker(index), 'é:café ex:𝔸b'), [
      ['é:café', 'http://example.org/e/café'],
      ['ex:𝔸b', `${EX}𝔸b`],
    ])
  })

  it('finds several names in one text, in order and without overlap', () => {
    const text = 'foaf:Person knows foaf:knows and schema:Person, rdf:type rdfs:Class; owl:Thing.'
    assert.deepEqual(
      linked(linker, text).map(([name]) => name),
      ['foaf:Person', 'foaf:knows', 'schema:Person', 'rdf:type', 'rdfs:Class', 'owl:Thing'],
    )
    assert.equal(linked(linker, text)[4]?.[1], 'http://www.w3.org/2000/01/rdf-schema#Class')
  })

  it('handles a 10 KB text of many names, and pathological ones, in one pass', () => {
    const unit = 'foaf:Person, schema:name. nosuch:x 12:30 http://a/b:c '
    const text = unit.repeat(Math.ceil(10_240 / unit.length))
    const links = linker(text)
    const count = Math.ceil(10_240 / unit.length)
    assert.equal(links.length, 2 * count)
    let last = -1
    for (const link of links) {
      assert.ok(link.start > last, 'in order, not overlapping')
      last = link.end - 1
      assert.ok(link.url === `${FOAF}Person` || link.url === `${SCHEMA}name`)
    }
    // Worst cases of a naive scanner: long colon chains, long local names, long dot runs.
    assert.deepEqual(linker('a:'.repeat(5000)), [])
    assert.deepEqual(linker('x'.repeat(10_000) + ':y'), [])
    assert.equal(smallLinker('ex:' + 'a.'.repeat(5000)).length, 1)
    assert.deepEqual(smallLinker('ex:a' + '.'.repeat(10_000) + 'x'), [{ start: 0, end: 10_005, url: `${EX}a${'.'.repeat(10_000)}x` }])
  })

  it('gives spans that a renderer can slice', () => {
    const text = 'x foaf:Person y'
    const [link] = linker(text) as [TextLink]
    assert.equal(text.slice(link.start, link.end), 'foaf:Person')
  })
})

describe('shrinkPastedIris', () => {
  let defaults: PrefixIndex
  const small = PrefixIndex.fromPrefixes({ ex: EX, foaf: FOAF, schema: SCHEMA })

  before(async () => {
    defaults = await PrefixIndex.loadDefault()
  })

  it('writes a pasted IRI as a prefixed name', () => {
    assert.equal(shrinkPastedIris('a http://xmlns.com/foaf/0.1/Person', defaults), 'a foaf:Person')
    assert.equal(shrinkPastedIris('http://schema.org/name', defaults), 'schema:name')
  })

  it('unwraps an IRI in angle brackets', () => {
    assert.equal(shrinkPastedIris('see <http://xmlns.com/foaf/0.1/Person>.', defaults), 'see foaf:Person.')
  })

  it('keeps trailing punctuation and unbalanced parentheses outside the name', () => {
    assert.equal(
      shrinkPastedIris('(see http://xmlns.com/foaf/0.1/Person), http://schema.org/name! and http://schema.org/name:', defaults),
      '(see foaf:Person), schema:name! and schema:name:',
    )
  })

  it('leaves code spans and fenced and indented code alone', () => {
    const iri = 'http://xmlns.com/foaf/0.1/Person'
    assert.equal(shrinkPastedIris(`\`${iri}\` ${iri} \`\` a \` ${iri} \`\``, small), `\`${iri}\` foaf:Person \`\` a \` ${iri} \`\``)
    assert.equal(shrinkPastedIris(`text\n\`\`\`\n${iri}\n\`\`\`\n${iri}`, small), `text\n\`\`\`\n${iri}\n\`\`\`\nfoaf:Person`)
    assert.equal(shrinkPastedIris(`~~~ttl\n${iri}\n`, small), `~~~ttl\n${iri}\n`)
    assert.equal(shrinkPastedIris(`- item\n  \`\`\`\n  ${iri}\n  \`\`\``, small), `- item\n  \`\`\`\n  ${iri}\n  \`\`\``)
    assert.equal(shrinkPastedIris(`para\n\n    ${iri}\n`, small), `para\n\n    ${iri}\n`)
    // A code span over two lines; an escaped backtick opens none, so the IRI after it is prose.
    assert.equal(shrinkPastedIris(`\`a\n${iri}\` \\\`${iri}`, small), `\`a\n${iri}\` \\\`${iri}`)
    assert.equal(shrinkPastedIris(`\\\` ${iri} \``, small), `\\\` foaf:Person \``)
  })

  it('leaves Markdown links, link texts and reference definitions alone', () => {
    const iri = 'http://xmlns.com/foaf/0.1/Person'
    for (const text of [`[Person](${iri})`, `[Person](<${iri}>)`, `[see ${iri}](http://x.org/)`, `[r]: ${iri}`, `![img](${iri})`, `[${iri}]`]) {
      assert.equal(shrinkPastedIris(text, small), text)
    }
  })

  it('leaves IRIs in link texts and image descriptions alone, over several lines too', () => {
    const content = [
      '[see http://xmlns.com/foaf/0.1/Person here](http://x.org) and http://xmlns.com/foaf/0.1/Person',
      '[a',
      'http://xmlns.com/foaf/0.1/Person',
      'b](http://x.org) ![http://schema.org/name](http://x.org/i.png) <http://schema.org/name>',
    ].join('\n')
    assert.equal(
      shrinkPastedIris(content, defaults),
      content
        .replace('here](http://x.org) and http://xmlns.com/foaf/0.1/Person', 'here](http://x.org) and foaf:Person')
        .replace('<http://schema.org/name>', 'schema:name'),
    )
  })

  it('shrinks in quotes, lists, headings and tables, and keeps line endings', () => {
    const iri = 'http://xmlns.com/foaf/0.1/Person'
    assert.equal(shrinkPastedIris(`> ${iri}\r\n- ${iri}\r\n# ${iri}`, small), '> foaf:Person\r\n- foaf:Person\r\n# foaf:Person')
    assert.equal(shrinkPastedIris(`| a | b |\n|---|---|\n| ${iri} | \`${iri}\` |`, small), `| a | b |\n|---|---|\n| foaf:Person | \`${iri}\` |`)
  })

  it('leaves IRIs that cannot be shrunk, or not safely, alone', () => {
    for (const text of [
      'http://unknown.example/x', // no namespace
      'http://schema.org/a/b', // only as schema:a\/b, whose escape Markdown would eat
      'http://schema.org/{a}', // not an IRI Turtle can write
      'http://example.org/ns#_a_', // ex:_a_ renders as emphasis
      'http://example.org/ns#', // the namespace: ex: alone is not linked
      'http://xmlns.com/foaf/0.1/Person_', // the trailing _ is prose: the name would swallow it
      'xhttp://xmlns.com/foaf/0.1/Person',
      'see:http://xmlns.com/foaf/0.1/Person',
      '*http://xmlns.com/foaf/0.1/Person*',
      'urn:ex:a',
    ]) {
      assert.equal(shrinkPastedIris(text, small), text, text)
    }
  })

  it('only writes names the renderer links back to the same IRI', () => {
    const other: TextLinker = () => []
    assert.equal(shrinkPastedIris('http://xmlns.com/foaf/0.1/Person', small, { linker: other }), 'http://xmlns.com/foaf/0.1/Person')
  })

  it('matches code spans among many backtick runs of different lengths', () => {
    const iri = 'http://xmlns.com/foaf/0.1/Person'
    // Runs of 1 to 50 backticks, four times: each run opens a span that the next run of its length closes.
    const runs = Array.from({ length: 200 }, (_, i) => '`'.repeat(1 + (i % 50)))
    const text = [runs[0], iri, ...runs.slice(1), iri].join(' x ')
    const out = shrinkPastedIris(text, small)
    assert.ok(out.startsWith(`\` x ${iri} x `), 'inside the span of the first run')
    assert.ok(out.endsWith(' x foaf:Person'), 'after the last span')
  })

  it('returns text without IRIs as it is', () => {
    const text = 'just foaf:Person and `code`'
    assert.equal(shrinkPastedIris(text, small), text)
  })
})

describe('loadChatPrefixIndex', () => {
  let dir: string
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefixd-chat-prefixes-'))
  })
  after(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('loads the default data for "default"', async () => {
    const index = await loadChatPrefixIndex('default')
    assert.equal(index.expand('foaf:Person'), `${FOAF}Person`)
  })

  it('loads a JSON prefix table alone', async () => {
    const file = join(dir, 'prefixes.json')
    await writeFile(file, JSON.stringify({ ex: EX }))
    const index = await loadChatPrefixIndex(file)
    assert.equal(index.expand('ex:a'), `${EX}a`)
    assert.equal(index.expand('foaf:Person'), undefined)
  })

  it('loads the @prefix lines of a Turtle file', async () => {
    const file = join(dir, 'prefixes.ttl')
    await writeFile(file, `@prefix ex: <${EX}> .\nPREFIX s: <${SCHEMA}>\n`)
    const index = await loadChatPrefixIndex(file)
    assert.deepEqual(index.prefixes(), { ex: EX, s: SCHEMA })
  })

  it('loads an extended prefix map with its synonyms, and the sh:declare of a SHACL file', async () => {
    const epm = join(dir, 'records.json')
    await writeFile(epm, JSON.stringify([{ prefix: 'ex', uri_prefix: EX, prefix_synonyms: ['e'], uri_prefix_synonyms: ['https://example.org/mirror/'] }]))
    const index = await loadChatPrefixIndex(epm)
    assert.equal(index.expand('e:a'), `${EX}a`)
    assert.equal(index.shrink('https://example.org/mirror/a'), undefined) // ex: would read as another IRI
    assert.equal(index.shrink('https://example.org/mirror/a', { standardize: true }), 'ex:a')
    const shacl = join(dir, 'shapes.ttl')
    await writeFile(shacl, `@prefix sh: <http://www.w3.org/ns/shacl#> .\n<> sh:declare [ sh:prefix "s" ; sh:namespace "${SCHEMA}" ] .\n`)
    assert.deepEqual((await loadChatPrefixIndex(shacl)).prefixes(), { s: SCHEMA })
  })

  it('rejects a missing file with a PrefixError naming it', async () => {
    const file = join(dir, 'missing.json')
    await assert.rejects(loadChatPrefixIndex(file), (error: unknown) => {
      assert.ok(error instanceof PrefixError)
      assert.equal(error.code, 'INVALID_SOURCE')
      assert.match(error.message, /missing\.json: cannot read it \(ENOENT\)/)
      return true
    })
  })

  it('rejects unknown extensions, bad JSON, bad entries and empty tables', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['prefixes.txt', 'ex: x', /cannot tell the format/],
      ['bad.json', '{', /not valid JSON/],
      ['entries.json', JSON.stringify({ ex: 'relative/', '1x': EX }), /ex: relative\/: .*; 1x: /],
      ['empty.ttl', '# nothing\n', /declares no prefixes/],
      ['broken.ttl', `@prefix ex: <${EX}> .\n@prefix oops\n`, /syntax error/],
    ]
    for (const [name, text, message] of cases) {
      const file = join(dir, name)
      await writeFile(file, text)
      await assert.rejects(
        loadChatPrefixIndex(file),
        (error: unknown) => error instanceof PrefixError && error.code === 'INVALID_SOURCE' && message.test(error.message),
        name,
      )
    }
  })

  it('takes a non-string or empty spec as misuse', async () => {
    await assert.rejects(loadChatPrefixIndex(''), TypeError)
  })
})
