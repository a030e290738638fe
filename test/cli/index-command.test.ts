// `prefixd index`: RDF files and folders into a prefixd-usage/1 file — gzip'd N-Quads, a syntax error with
// file:line:column and no file left behind, and refusals of a bad command line.

import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { Usage } from '@prefixd/core'
import { prefixd } from './run-prefixd.js'

const EX = 'http://example.org/'
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'

describe('prefixd index', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'prefixd-index-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('reads gzip’d N-Quads and a folder of Turtle into one usage file that Usage.fromJSON reads', async () => {
    const nq = Array.from({ length: 50 }, (_, i) => `<${EX}s${i}> <${RDF_TYPE}> <${EX}Thing> <${EX}g> .\n<${EX}s${i}> <${EX}name> "n${i}" <${EX}g> .\n`).join(
      '',
    )
    await writeFile(join(dir, 'dump.nq.gz'), gzipSync(nq))
    await mkdir(join(dir, 'vocab', '.git'), { recursive: true })
    await writeFile(
      join(dir, 'vocab', 'v.ttl'),
      `@prefix ex: <${EX}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\nex:Thing a rdfs:Class ; rdfs:label "Thing" .\n`,
    )
    await writeFile(join(dir, 'vocab', '.git', 'ignored.ttl'), 'not turtle at all')
    await writeFile(join(dir, 'vocab', 'notes.md'), '# not RDF')
    const out = join(dir, 'usage.json')
    const run = await prefixd(['index', join(dir, 'dump.nq.gz'), join(dir, 'vocab'), '--out', out])
    assert.equal(run.stderr, '')
    assert.equal(run.code, 0)
    assert.match(run.stdout, /usage\.json: 2 files, 102 statements, 1 defined term,/)
    const usage = Usage.fromJSON(JSON.parse(await readFile(out, 'utf8')))
    assert.equal(usage.instances(EX + 'Thing'), 50)
    assert.equal(usage.uses(EX + 'name'), 50)
    assert.deepEqual([usage.definition(EX + 'Thing')!.label, usage.definition(EX + 'Thing')!.file], ['Thing', join(dir, 'vocab', 'v.ttl')])
  })

  it('reads JSON-LD (.jsonld in a folder) with its inline context, and stops at one whose context is remote, fetching nothing', async () => {
    const context = { ex: EX, name: 'ex:name' }
    const graph = Array.from({ length: 3 }, (_, i) => ({ '@id': `ex:t${i}`, '@type': 'ex:Tool', name: `t${i}` }))
    await mkdir(join(dir, 'data'))
    await writeFile(join(dir, 'data', 'tools.jsonld'), JSON.stringify({ '@context': context, '@graph': graph }))
    const out = join(dir, 'usage.json')
    const run = await prefixd(['index', join(dir, 'data'), '--out', out])
    assert.equal(run.stderr, '')
    assert.equal(run.code, 0)
    assert.match(run.stdout, /usage\.json: 1 file, 6 statements,/)
    const usage = Usage.fromJSON(JSON.parse(await readFile(out, 'utf8')))
    assert.deepEqual([usage.instances(EX + 'Tool'), usage.uses(EX + 'name')], [3, 3])
    // Its context's ex: is declared as a Turtle @prefix is; `name` (an IRI ending in a letter) is no prefix.
    assert.deepEqual(usage.prefixes(), [{ prefix: 'ex', namespace: EX, files: 1 }])
    await writeFile(join(dir, 'data', 'remote.jsonld'), JSON.stringify({ '@context': 'https://schema.org/', name: 'x' }))
    const refused = await prefixd(['index', join(dir, 'data'), '--out', join(dir, 'other.json')])
    assert.equal(refused.code, 2)
    assert.equal(
      refused.stderr,
      `prefixd: ${join(dir, 'data', 'remote.jsonld')}: not JSON-LD that reads: the remote context <https://schema.org/> is not loaded: prefixd reads no network: put the context in the document, or read it as Turtle\n`,
    )
    assert.equal(existsSync(join(dir, 'other.json')), false)
  })

  it('stops at a syntax error with file:line:column, exit 2, and leaves neither the file nor a temporary one', async () => {
    await writeFile(join(dir, 'a.ttl'), `@prefix ex: <${EX}> .\nex:a ex:b ex:c .\n`)
    await writeFile(join(dir, 'b.ttl'), `@prefix ex: <${EX}> .\nex:a ex:b ex:c .\nex:a ex:b ] .\n`)
    const out = join(dir, 'usage.json')
    const run = await prefixd(['index', join(dir, 'a.ttl'), join(dir, 'b.ttl'), '--out', out])
    assert.equal(run.code, 2)
    assert.equal(run.stderr, `prefixd: ${join(dir, 'b.ttl')}:3:11: Expected entity but got ]\n`)
    assert.equal(existsSync(out), false)
    assert.deepEqual((await readdir(dir)).sort(), ['a.ttl', 'b.ttl'])
    // An error of n3's lexer, which has no token to place it by: where the string starts, quoted as `prefixd lint` quotes it.
    await writeFile(join(dir, 'b.ttl'), `@prefix ex: <${EX}> .\nex:a ex:b ex:c .\nex:d ex:e "unterminated .\nex:f ex:g ex:h .\n`)
    const lexed = await prefixd(['index', join(dir, 'a.ttl'), join(dir, 'b.ttl'), '--out', out])
    assert.equal(lexed.stderr, `prefixd: ${join(dir, 'b.ttl')}:3:11: Unexpected '"unterminated'\n`)
    assert.equal(existsSync(out), false)
  })

  it('reads a file named twice once: a folder and a file in it, or the same file two ways, count as the folder alone', async () => {
    const folder = join(dir, 'twice')
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, 'a.ttl'), `@prefix ex: <${EX}> .\nex:a a ex:Widget ; ex:weight 1 .\n`)
    await writeFile(join(folder, 'b.ttl'), `@prefix ex: <${EX}> .\nex:b a ex:Widget ; ex:weight 2 .\n`)
    const alone = await prefixd(['index', folder, '--out', join(dir, 'alone.json')])
    assert.equal(alone.code, 0, alone.stderr)
    const again = await prefixd(['index', folder, join(folder, 'a.ttl'), `${folder}/./a.ttl`, '--out', join(dir, 'again.json')])
    assert.equal(again.code, 0, again.stderr)
    assert.match(again.stdout, /: 2 files, 4 statements,/)
    const [first, second] = [
      Usage.fromJSON(JSON.parse(await readFile(join(dir, 'alone.json'), 'utf8'))),
      Usage.fromJSON(JSON.parse(await readFile(join(dir, 'again.json'), 'utf8'))),
    ]
    assert.deepEqual([second.instances(EX + 'Widget'), second.uses(EX + 'weight'), second.triples], [2, 2, 4])
    assert.deepEqual(second.toJSON(), first.toJSON())
  })

  it('keeps an existing file whole when a new reading fails', async () => {
    const out = join(dir, 'usage.json')
    await writeFile(join(dir, 'good.ttl'), `<${EX}a> <${EX}b> <${EX}c> .`)
    assert.equal((await prefixd(['index', join(dir, 'good.ttl'), '--out', out])).code, 0)
    const before = await readFile(out, 'utf8')
    await writeFile(join(dir, 'bad.nt'), `<${EX}a> <${EX}b> .\n`)
    assert.equal((await prefixd(['index', join(dir, 'bad.nt'), '--out', out])).code, 2)
    assert.equal(await readFile(out, 'utf8'), before)
  })

  it('refuses a bad command line with a clear message', async () => {
    const file = join(dir, 'x.data')
    await writeFile(file, `<${EX}a> <${EX}b> <${EX}c> .`)
    const cases: Array<[string[], RegExp]> = [
      [['index', file], /needs --out FILE/],
      [['index', '--out', join(dir, 'o.json')], /needs DATA/],
      [['index', file, '--out', join(dir, 'o.json')], /cannot tell its syntax by its name; give --format/],
      [['index', file, '--format', 'rdfxml', '--out', join(dir, 'o.json')], /unknown format 'rdfxml'/],
      [['index', join(dir, 'missing.ttl'), '--out', join(dir, 'o.json')], /cannot read .*missing\.ttl: ENOENT/],
    ]
    for (const [args, message] of cases) {
      const run = await prefixd(args)
      assert.equal(run.code, 2, args.join(' '))
      assert.match(run.stderr, message)
    }
    const ok = await prefixd(['index', file, '--format', 'n-triples', '--out', join(dir, 'o.json')])
    assert.equal(ok.code, 0, ok.stderr)
  })
})

describe('prefixd index on a terminal', () => {
  it('draws its progress on stderr and clears the line before the summary', async () => {
    const { runIndex } = await import('../../packages/cli/src/index-command.js')
    const { PassThrough } = await import('node:stream')
    const dir = await mkdtemp(join(tmpdir(), 'prefixd-index-'))
    try {
      await writeFile(join(dir, 'a.nt'), `<${EX}a> <${EX}b> <${EX}c> .\n`)
      const stderr = Object.assign(new PassThrough(), { isTTY: true })
      let shown = ''
      stderr.setEncoding('utf8').on('data', (chunk: string) => (shown += chunk))
      await runIndex([join(dir, 'a.nt')], { out: join(dir, 'u.json') }, stderr)
      assert.match(shown, /^\r\x1b\[Kindexing: 0\/1 files, 0\.0 MiB \(100%\)\r\x1b\[K$/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
