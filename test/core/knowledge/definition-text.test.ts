// Tests of definitionText: a vocabulary's definition as plain text and as safe Markdown (schema.org's Markdown, QUDT's HTML).

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { definitionText, loadKnowledge, PrefixIndex } from '@prefixd/core'

describe('definitionText', () => {
  it('keeps plain text as it is, with no Markdown', () => {
    assert.deepEqual(definitionText('A person.'), { text: 'A person.' })
  })

  it("reads schema.org's Markdown: paragraphs as a blank line, [[Thing]] as its name, web links kept only in the Markdown", () => {
    const source = 'A body.\n\n\nSee the [approved vocabulary](https://www.w3.org/2021/a11y/) and [[Thing]], **bold** `code`.'
    assert.deepEqual(definitionText(source), {
      text: 'A body.\n\nSee the approved vocabulary and Thing, bold code.',
      markdown: 'A body.\n\nSee the [approved vocabulary](https://www.w3.org/2021/a11y/) and Thing, **bold** `code`.',
    })
  })

  it("reads QUDT's HTML: paragraphs, emphasis and links as Markdown, entities decoded, the rest escaped", () => {
    assert.deepEqual(definitionText('<p class="lm-para">A <em>Quantity Kind</em> &amp; <a href="https://qudt.org/">QUDT</a></p><p>x < y</p>'), {
      text: 'A Quantity Kind & QUDT\n\nx < y',
      markdown: 'A *Quantity Kind* &amp; [QUDT](https://qudt.org/)\n\nx &lt; y',
    })
  })

  it('takes only HTML tags for markup (schema.org’s <Number> is text), and never writes a link to anything but the web', () => {
    assert.equal(definitionText("the form '<Number> <unit>'").text, "the form '<Number> <unit>'")
    const risky = definitionText('[a](javascript:alert(1)) and [b](https://b.org/) <script>alert(1)</script>')
    assert.equal(risky.markdown, '\\[a\\](javascript:alert(1)) and [b](https://b.org/) &lt;script&gt;alert(1)&lt;/script&gt;')
    assert.equal(risky.text, 'a and b <script>alert(1)</script>')
  })

  it("reads DBpedia's Wikipedia citation as a link named by its host, apart from the sentence before it", () => {
    const source = 'o nivel absoluto do mar.&lt;ref&gt;https://gl.wikipedia.org/wiki/Altitude&lt;/ref&gt;'
    assert.deepEqual(definitionText(source), {
      text: 'o nivel absoluto do mar. (gl.wikipedia.org)',
      markdown: 'o nivel absoluto do mar. ([gl.wikipedia.org](https://gl.wikipedia.org/wiki/Altitude))',
    })
    assert.equal(definitionText('a.<ref>https://x.org/a</ref> b').text, 'a. (x.org) b')
    assert.equal(definitionText('a.   <ref>https://x.org/a</ref>').text, 'a. (x.org)')
  })

  it('reads a long run of spaces in one pass (it cost its length squared: 200,000 spaces, seconds)', function () {
    this.timeout(10_000) // the answer is checked; the old pass took ~12 s here, this one about a millisecond
    const spaces = ' '.repeat(200_000)
    assert.equal(definitionText(`a${spaces}b`).text.replace(/ +/g, ' '), 'a b')
    assert.equal(definitionText(`a${spaces}<ref>https://x.org/a</ref>`).text, 'a (x.org)')
  })

  it('gives a link to anything but the web as its text alone in the plain text, escaped in the Markdown', () => {
    assert.deepEqual(definitionText('See [notes](/docs/a.html) and [b](https://b.org/).'), {
      text: 'See notes and b.',
      markdown: 'See \\[notes\\](/docs/a.html) and [b](https://b.org/).',
    })
  })

  it('keeps a Markdown list item on a line of its own', () => {
    assert.equal(definitionText('Usage:\n\n* Use a.\n* Use b.').text, 'Usage:\n\n* Use a.\n* Use b.')
  })

  it('never lets a raw < or an unescaped non-web link into the Markdown, whatever the source (fast-check)', () => {
    const piece = fc.constantFrom('<', '>', '&', '<p>', '</em>', '[x](', 'javascript:', 'https://a.b/', ')', '**', '\n\n', ' ', 'a', '&amp;', '&#60;', '[[T]]')
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const { text, markdown } = definitionText(pieces.join(''))
        assert.ok(!/\n{3}/.test(text))
        if (markdown === undefined) return
        assert.ok(!markdown.includes('<'), markdown)
        assert.ok(!/(?<!\\)\[[^\]\n]*(?<!\\)\]\((?!https?:\/\/)/.test(markdown), markdown)
      }),
      { numRuns: 3000 },
    )
  })

  it('gives every definition of the knowledge tier as text without Markdown links or HTML tags, 119 schema.org ones with links as Markdown', async function () {
    this.timeout(30_000)
    const [knowledge, index] = await Promise.all([loadKnowledge(), PrefixIndex.loadDefault()])
    let linked = 0
    for (const { iri } of index.terms()) {
      const facts = knowledge.facts(iri)
      if (facts?.definition === undefined) continue
      assert.ok(!/\]\(|<\/?(?:p|em|br|a)[\s>]/i.test(facts.definition), iri)
      // A line break written as a backslash and an n (schema.org's package escapes them twice): none as a paragraph's
      // or a list item's break anywhere, none at all in schema.org's. dash's "no line breaks ('\n' or '\r')" stays.
      assert.ok(!/\\n\\n|\\n[*-] /.test(facts.definition) && !(iri.startsWith('http://schema.org/') && facts.definition.includes('\\n')), iri)
      assert.ok(!/\]\((?!https?:\/\/)/.test(facts.definitionMarkdown?.replace(/\\[[\]]/g, '') ?? ''), iri)
      if (facts.definitionMarkdown?.includes('](https://') || facts.definitionMarkdown?.includes('](http://')) linked++
    }
    assert.ok(linked >= 100, `${linked} definitions with links`)
    const dataset = knowledge.facts('http://schema.org/accessibilityAPI')!
    assert.match(
      dataset.definitionMarkdown!,
      /\[approved vocabulary\]\(https:\/\/www\.w3\.org\/2021\/a11y-discov-vocab\/latest\/#accessibilityAPI-vocabulary\)/,
    )
    assert.equal(
      dataset.definition,
      'Indicates that the resource is compatible with the referenced accessibility API. Values should be drawn from the approved vocabulary.',
    )
  })
})
