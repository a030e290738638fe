// Tests of @prefixd/data's tier modules: what tierModule writes is the tier when imported, tierJson reads it back,
// and a minifier keeps it a plain string (the form browsers load fastest; see data/index.js).

import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { transform } from 'esbuild'
import fc from 'fast-check'
import { FULL_INDEX_FILE, pieceJson, PREFIXES_INDEX_FILE, termRunNamespace, tierJson, tierModule, tierPieces } from '@prefixd/data'

/** The module's default export, as an engine reads it. */
async function imported(source: string): Promise<unknown> {
  return ((await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { default: unknown }).default
}

/** Text with what a JS string or template would need escaped, and characters beyond ASCII and the BMP. */
const awkward = fc.string({ unit: fc.constantFrom('a', '"', "'", '\\', '`', '$', '{', '\t', '\n', '\u2028', 'é', '€', '😀', '\ud800') })

describe('tierModule and tierJson', () => {
  it('write a tier that imports as its data and reads back as the same JSON, in ASCII on one line', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), awkward, fc.boolean(), async (value, text, asText) => {
        const json = JSON.stringify([value, text])
        const source = tierModule(json, { text: asText })
        assert.match(source, /^[\x00-\x7f]*\n$/)
        assert.ok(!source.slice(0, -1).includes('\n'))
        assert.deepEqual(JSON.parse(tierJson(source)), JSON.parse(json)) // (not [value, text]: JSON writes -0 as 0)
        assert.equal(tierPieces(source).map(pieceJson).join('\t'), tierJson(source))
        const got = await imported(source)
        assert.deepEqual(asText ? JSON.parse(got as string) : got, JSON.parse(json))
        if (asText) assert.equal(got, tierJson(source))
      }),
      { numRuns: 150 },
    )
  })

  it("writes the full tier's terms last, each run of one namespace after a tab, so that they parse apart", async () => {
    const source = await readFile(FULL_INDEX_FILE, 'utf8')
    const json = tierJson(source)
    assert.equal(tierPieces(source).map(pieceJson).join('\t'), json)
    const open = json.indexOf('\t')
    assert.ok(json.slice(0, open).endsWith('"terms":['))
    const pieces = json.slice(open + 1).split('\t')
    assert.equal(pieces.at(-1), ']}')
    const runs = pieces.slice(0, -1).map((piece) => JSON.parse(`[${piece.replace(/,$/, '')}]`) as Array<[string]>)
    const { terms } = JSON.parse(json) as { terms: Array<[string]> }
    assert.deepEqual(runs.flat(), terms)
    assert.ok(runs.length > 100 && runs.length < 300, `${runs.length} runs`)
    for (const run of runs)
      assert.ok(
        run.every(([iri]) => termRunNamespace(iri) === termRunNamespace(run[0]![0])),
        run[0]![0],
      )
    assert.equal(termRunNamespace('http://xmlns.com/foaf/0.1/Person'), 'http://xmlns.com/foaf/0.1/')
    assert.equal(termRunNamespace('http://www.w3.org/2002/07/owl#Class'), 'http://www.w3.org/2002/07/owl#')
  })

  it('refuses text with a line break, and a source it did not write', () => {
    assert.throws(() => tierModule('[1,\n2]'), TypeError)
    assert.throws(() => tierJson('export default {}\n'), TypeError)
  })

  it('is kept a single-quoted string by a minifier, not rewritten as a template literal', async () => {
    const shapes = [
      await readFile(PREFIXES_INDEX_FILE, 'utf8'),
      tierModule(`{"terms":[\t{"i":0,"d":"It's “quoted”, \\"a\\" and \`b\` ${'$'}{c}"},\t{"i":1}\t]}`, { text: true }),
    ]
    for (const source of shapes) {
      const { code } = await transform(source, { minify: true, format: 'esm' })
      assert.match(code.slice(0, 40), /^var \w+=(JSON\.parse\()?'/, code.slice(0, 40))
    }
  })
})
