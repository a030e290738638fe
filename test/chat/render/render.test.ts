// Message rendering with linkers (packages/chat/src/render/render.ts, linkify/linkify.ts, reverse-linkify.ts).

import assert from 'node:assert/strict'
import { linkifierLinker, searchesRun } from '../../../packages/chat/src/linkify/linkify.js'
import { renderMessage, topicLinks } from '../../../packages/chat/src/render/render.js'
import { reverseLinkify } from '../../../packages/chat/src/linkify/reverse-linkify.js'
import type { TextLinker } from '../../../packages/chat/src/linkify/text-linker.js'

const ISSUES = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/example/project/issues/{id}' }
const issues = linkifierLinker([ISSUES])
const link = (id: string): string => `<a href="https://github.com/example/project/issues/${id}">#${id}</a>`
const render = (content: string, linkers: readonly TextLinker[] = [issues]): string => renderMessage(content, linkers)

describe('render', () => {
  describe('linkifier boundaries', () => {
    it('links a match followed by punctuation', () => {
      assert.equal(render('see #123.'), `<p>see ${link('123')}.</p>`)
    })
    it('links a match at the start and at the end of the text', () => {
      assert.equal(render('#1 and #2'), `<p>${link('1')} and ${link('2')}</p>`)
    })
    it('does not link a match preceded by a letter', () => {
      assert.equal(render('a#123'), '<p>a#123</p>')
    })
    it('does not link a match followed by a letter or a digit of another script', () => {
      assert.equal(render('#123a'), '<p>#123a</p>')
      assert.equal(render('#123é'), '<p>#123é</p>')
    })
    it('links a match in parentheses and after each allowed character', () => {
      assert.equal(render('(#123)'), `<p>(${link('123')})</p>`)
      for (const before of ["'", '"', ',', ':', '\u00a0', '\u2003']) {
        assert.equal(render(`x${before}#7`), `<p>x${before.replace('"', '&quot;')}${link('7')}</p>`, JSON.stringify(before))
      }
      assert.equal(render('x<#7'), `<p>x&lt;${link('7')}</p>`)
    })
    it('does not link after other punctuation', () => {
      assert.equal(render('x.#7 x/#7 x-#7'), '<p>x.#7 x/#7 x-#7</p>')
    })
    it('lets the pattern give back characters so that the follower is allowed', () => {
      const versions = linkifierLinker([{ pattern: 'v(?P<n>[0-9a-z]+)', url_template: 'https://x.org/{n}' }])
      assert.equal(render('v12 v1x', [versions]), '<p><a href="https://x.org/12">v12</a> <a href="https://x.org/1x">v1x</a></p>')
    })
    it('links adjacent matches separated by one allowed character', () => {
      assert.equal(render('#1,#2 #3'), `<p>${link('1')},${link('2')} ${link('3')}</p>`)
    })
    it('works with characters outside the BMP before a match', () => {
      assert.equal(render('😀 #5'), `<p>😀 ${link('5')}</p>`)
    })
  })

  describe('boundaries on the text a reader sees', () => {
    it('counts code, link texts and emphasis as the characters they show', () => {
      assert.equal(
        render('`x`#1 [a](https://x.org)#2 _x_#3 #4**5** (#6**)** `x` #7'),
        `<p><code>x</code>#1 <a href="https://x.org">a</a>#2 <em>x</em>#3 #4<strong>5</strong> (${link('6')}**)** <code>x</code> ${link('7')}</p>`,
      )
    })
    it('counts a line break as whitespace', () => {
      assert.equal(render('a\n#1  \n#2'), `<p>a\n${link('1')}<br>\n${link('2')}</p>`)
    })
    it('reads ^ and $ at the start and end of each paragraph, heading or list item', () => {
      const last = linkifierLinker([{ pattern: '#(?P<id>[0-9]+)$', url_template: 'https://github.com/example/project/issues/{id}' }])
      const first = linkifierLinker([{ pattern: '^#(?P<id>[0-9]+)', url_template: 'https://github.com/example/project/issues/{id}' }])
      assert.equal(render('a #12\n\nb #13', [last]), `<p>a ${link('12')}</p>\n<p>b ${link('13')}</p>`)
      assert.equal(render('#12 a\n\n#13 b\n\n- #14 c', [first]), `<p>${link('12')} a</p>\n<p>${link('13')} b</p>\n<ul>\n<li>${link('14')} c</li>\n</ul>`)
    })
  })

  describe('order and overlap', () => {
    const rfc = { pattern: 'RFC ?(?P<n>[0-9]+)', url_template: 'https://www.rfc-editor.org/rfc/rfc{n}' }
    const wide = { pattern: '#(?P<id>[0-9]+) RFC', url_template: 'https://wide.example/{id}' }
    it('lets an earlier linkifier win over an overlapping later one', () => {
      assert.equal(render('#12 RFC 42', [linkifierLinker([wide, rfc])]), '<p><a href="https://wide.example/12">#12 RFC</a> 42</p>')
      assert.equal(render('#12 RFC 42', [linkifierLinker([rfc, wide])]), '<p>#12 <a href="https://www.rfc-editor.org/rfc/rfc42">RFC 42</a></p>')
    })
    it('leaves the span of a linkifier whose URL may not be linked to the next one', () => {
      const unsafe = { pattern: 'GH-(?P<id>[0-9]+)', url_template: 'javascript:alert({id})' }
      const safe = { pattern: 'GH-(?P<id>[0-9]+)', url_template: 'https://ok.example/{id}' }
      assert.equal(render('GH-1', [linkifierLinker([unsafe, safe])]), '<p><a href="https://ok.example/1">GH-1</a></p>')
      assert.equal(render('GH-1', [linkifierLinker([unsafe])]), '<p>GH-1</p>')
    })
    it('applies each linkifier where the earlier ones leave room', () => {
      assert.equal(
        render('#1 RFC 9 and RFC 7', [linkifierLinker([ISSUES, rfc])]),
        `<p>${link('1')} <a href="https://www.rfc-editor.org/rfc/rfc9">RFC 9</a> and <a href="https://www.rfc-editor.org/rfc/rfc7">RFC 7</a></p>`,
      )
    })
    it('puts linkifiers before extra linkers, and drops an extra span that overlaps', () => {
      const word: TextLinker = (text) =>
        [...text.matchAll(/[#\w]+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length, url: `https://words/${m[0]}` }))
      assert.equal(render('#4 foo', [issues, word]), `<p>${link('4')} <a href="https://words/foo">foo</a></p>`)
      assert.equal(render('#4 foo', [word, issues]), '<p><a href="https://words/#4">#4</a> <a href="https://words/foo">foo</a></p>')
    })
    it('ignores malformed spans of an extra linker and unsafe URLs', () => {
      const bad: TextLinker = (text) => [
        { start: 2, end: 1, url: 'https://a' },
        { start: 0, end: text.length + 5, url: 'https://b' },
        { start: 0, end: 1, url: 'javascript:alert(1)' },
      ]
      assert.equal(render('abc', [bad]), '<p>abc</p>')
    })
    it('expands the URL template with RFC 6570 encoding', () => {
      const search = linkifierLinker([{ pattern: 'find:(?P<q>[^ ]+)', url_template: 'https://s.example/?q={q}' }])
      assert.equal(render('find:a&b', [search]), '<p><a href="https://s.example/?q=a%26b">find:a&amp;b</a></p>')
    })
    it('leaves a group that took no part in the match out of the URL, as RFC 6570 omits an undefined variable', () => {
      const optional = linkifierLinker([{ pattern: '(?P<q>x[0-9]+)(?:/(?P<r>[a-z]+))?', url_template: 'https://w.example/{q}{?r}' }])
      assert.equal(render('x1 x2/ab', [optional]), '<p><a href="https://w.example/x1">x1</a> <a href="https://w.example/x2?r=ab">x2/ab</a></p>')
    })
    it('skips a pattern that does not compile', () => {
      assert.equal(render('#3', [linkifierLinker([{ pattern: '(', url_template: 'https://x' }, ISSUES])]), `<p>${link('3')}</p>`)
    })
    it('keeps a pattern that ends in an open \\Q quote', () => {
      const quoted = linkifierLinker([{ pattern: '\\Qa+b', url_template: 'https://q.example/' }])
      assert.equal(render('x a+b.', [quoted]), '<p>x <a href="https://q.example/">a+b</a>.</p>')
    })
    it('returns the same compiled linker for the same list', () => {
      const first = linkifierLinker([ISSUES])
      assert.equal(linkifierLinker([{ ...ISSUES }]), first)
      assert.notEqual(linkifierLinker([{ ...ISSUES, url_template: 'https://other.example/{id}' }]), first)
    })
  })

  describe('what is left alone', () => {
    it('does not link inside code spans, fences and indented code', () => {
      assert.equal(render('`#1` #2'), `<p><code>#1</code> ${link('2')}</p>`)
      assert.equal(render('```\n#1\n```'), '<pre><code>#1\n</code></pre>')
      assert.equal(render('    #1'), '<pre><code>#1\n</code></pre>')
    })
    it('does not link inside existing links, autolinks or bare URLs', () => {
      assert.equal(render('[see #1](https://x.org) #2'), `<p><a href="https://x.org">see #1</a> ${link('2')}</p>`)
      assert.equal(render('https://x.org/#1'), '<p><a href="https://x.org/#1">https://x.org/#1</a></p>')
      assert.equal(render('<https://x.org/#1> #2'), `<p><a href="https://x.org/#1">https://x.org/#1</a> ${link('2')}</p>`)
    })
    it('does not link a match that contains a backslash-escaped character', () => {
      // (An escaped backslash is a character like any other: not a boundary before `#3`.)
      assert.equal(render('\\#1 #2 \\\\#3 (\\#4)'), `<p>#1 ${link('2')} \\#3 (#4)</p>`)
      // An escape only keeps its own span from linking: the text around it is linked as usual.
      const versions = linkifierLinker([{ pattern: 'v(?P<n>[0-9]+)', url_template: 'https://x.org/{n}' }])
      assert.equal(render('v1\\! \\*v2', [versions]), '<p><a href="https://x.org/1">v1</a>! *v2</p>')
      // A character written as an entity is text like any other.
      assert.equal(render('&#35;4 a &amp; #5'), `<p>${link('4')} a &amp; ${link('5')}</p>`)
    })
    it('links inside emphasis, headings and list items', () => {
      assert.equal(render('**#1**'), `<p><strong>${link('1')}</strong></p>`)
      assert.equal(render('# about #1'), `<h1>about ${link('1')}</h1>`)
      assert.equal(render('- #1'), `<ul>\n<li>${link('1')}</li>\n</ul>`)
    })
    it('escapes the surrounding text and the link text as markdown-it does', () => {
      assert.equal(render('<b>#1</b> & "#2"'), `<p>&lt;b&gt;#1&lt;/b&gt; &amp; &quot;${link('2')}&quot;</p>`)
      const html = linkifierLinker([{ pattern: 'x(?P<v>[<>&]+)', url_template: 'https://x.org/{v}' }])
      assert.equal(render('x<&>', [html]), '<p><a href="https://x.org/%3C%26%3E">x&lt;&amp;&gt;</a></p>')
    })
    it('renders as before without linkers', () => {
      assert.equal(render('see #1', []), '<p>see #1</p>')
    })
  })

  /** The rendering of `content` and how many RE2 searches it ran (each is linear in the text it reads). */
  const renderCounted = (content: string, linkers: readonly TextLinker[]): { html: string; searches: number } => {
    const before = searchesRun()
    const html = render(content, linkers)
    return { html, searches: searchesRun() - before }
  }
  /**
   * A few searches per candidate, whatever the text's length: each is linear, so the pass is. A search that
   * moved on one character at a time would run one per character of these 40,000-character texts.
   */
  const FEW_SEARCHES = 8

  it('matches a catastrophic pattern on a long input correctly, in a few searches', () => {
    // RE2 is linear by construction, so a bounded number of searches bounds the work without a clock.
    const catastrophic = linkifierLinker([{ pattern: '(?P<a>(a+)+$)', url_template: 'https://x.org/{a}' }])
    const long = 'a'.repeat(50_000)
    const unlinked = renderCounted(`${long}b`, [catastrophic])
    assert.equal(unlinked.html, `<p>${long}b</p>`)
    assert.ok(unlinked.searches <= FEW_SEARCHES, `${unlinked.searches} searches`)
    const linked = renderCounted(`x ${long}`, [catastrophic])
    assert.equal(linked.html, `<p>x <a href="https://x.org/${long}">${long}</a></p>`)
    assert.ok(linked.searches <= FEW_SEARCHES, `${linked.searches} searches`)
  })

  it('reads a long candidate that cannot start a link once, not once per character', () => {
    const jira = linkifierLinker([{ pattern: '(?P<p>[A-Z][A-Z0-9]+)-(?P<n>[0-9]+)', url_template: 'https://jira.example/{p}-{n}' }])
    const words = linkifierLinker([{ pattern: '(?P<w>[a-z]+)', url_template: 'https://x.org/{w}' }])
    const python = linkifierLinker([{ pattern: '(?P<g>[^\\s]+\\.py)', url_template: 'https://x.org/{g}' }])
    const long = 'ABCDEFGHIJ'.repeat(4000)
    const cases: [content: string, linker: TextLinker, html: string][] = [
      // Preceded by a letter, so nothing links: the search jumps to the next boundary.
      [`x${long}-1`, jira, `<p>x${long}-1</p>`],
      [`_${'a'.repeat(40_000)}`, words, `<p>_${'a'.repeat(40_000)}</p>`],
      [`(x-${'a'.repeat(40_000)}`, words, `<p>(<a href="https://x.org/x">x</a>-${'a'.repeat(40_000)}</p>`],
      // A candidate after a boundary but followed by a letter, with no shorter match: the search jumps on
      // to the next bounded match.
      [`${','.repeat(40_000)}x.pyz`, python, `<p>${','.repeat(40_000)}x.pyz</p>`],
    ]
    for (const [content, linker, html] of cases) {
      const counted = renderCounted(content, [linker])
      assert.equal(counted.html, html)
      assert.ok(counted.searches <= FEW_SEARCHES, `${counted.searches} searches for ${content.slice(0, 12)}…`)
    }
  })

  describe('topicLinks', () => {
    it('gives the links of a topic name in order, bare URLs included', () => {
      assert.deepEqual(topicLinks('crash #12 see https://x.org/a and #3', [issues]), [
        { text: '#12', url: 'https://github.com/example/project/issues/12' },
        { text: 'https://x.org/a', url: 'https://x.org/a' },
        { text: '#3', url: 'https://github.com/example/project/issues/3' },
      ])
    })
    it('is empty for a topic without links, and follows the boundary rules', () => {
      assert.deepEqual(topicLinks('plain a#1', [issues]), [])
    })
  })

  describe('reverseLinkify', () => {
    const linkifiers = [
      { ...ISSUES, reverse_template: null, alternative_url_templates: [] },
      {
        pattern: 'GH-(?P<id>[0-9]+)',
        url_template: 'https://github.com/example/project/issues/{id}',
        reverse_template: 'GH-{id}',
        alternative_url_templates: ['https://github.com/example/project/pull/{id}', 'https://mirror.example/{+path}/x/{id}'],
      },
      { pattern: 'doc:(?P<path>[a-z/]+)', url_template: 'https://docs.example/{+path}', reverse_template: 'doc:{path}', alternative_url_templates: [] },
    ]
    it('reads the variables of the url_template back into reverse_template, skipping linkifiers without one', () => {
      assert.equal(reverseLinkify('https://github.com/example/project/issues/12', linkifiers), 'GH-12')
    })
    it('uses the alternative URL templates', () => {
      assert.equal(reverseLinkify('https://github.com/example/project/pull/7', linkifiers), 'GH-7')
      assert.equal(reverseLinkify('https://mirror.example/a/b/x/9', linkifiers), 'GH-9')
    })
    it('lets {+var} take slashes and {var} not', () => {
      assert.equal(reverseLinkify('https://docs.example/guide/intro', linkifiers), 'doc:guide/intro')
      assert.equal(reverseLinkify('https://github.com/example/project/pull/7/files', linkifiers), undefined)
    })
    it('gives undefined when nothing matches, or when the text would not match the pattern', () => {
      assert.equal(reverseLinkify('https://elsewhere.example/1', linkifiers), undefined)
      assert.equal(reverseLinkify('https://github.com/example/project/issues/abc', linkifiers), undefined)
      assert.equal(reverseLinkify('https://github.com/example/project/issues/', linkifiers), undefined)
    })
    it('gives only text that renders back to a link to the same place', () => {
      const first = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://gh.example/{id}', reverse_template: '#{id}', alternative_url_templates: [] }
      const shadowed = { ...first, url_template: 'https://github.com/o/p/issues/{id}' }
      // #12 would link to the first linkifier's URL, not to the one pasted.
      assert.equal(reverseLinkify('https://github.com/o/p/issues/12', [first, shadowed]), undefined)
      assert.equal(reverseLinkify('https://gh.example/12', [first, shadowed]), '#12')
      // doc:guide/intro links to …/guide/intro, not to …/guide%2Fintro.
      assert.equal(reverseLinkify('https://docs.example/guide%2Fintro', linkifiers), undefined)
      assert.equal(
        reverseLinkify('https://t.example/a%c3%a9', [
          { pattern: 'tag:(?P<t>[^ ]+)', url_template: 'https://t.example/{t}', reverse_template: 'tag:{t}', alternative_url_templates: [] },
        ]),
        'tag:aé',
      )
    })
    it('decodes percent-escapes', () => {
      const tag = [{ pattern: 'tag:(?P<t>[^ ]+)', url_template: 'https://t.example/{t}', reverse_template: 'tag:{t}', alternative_url_templates: [] }]
      assert.equal(reverseLinkify('https://t.example/a%26b', tag), 'tag:a&b')
      assert.equal(reverseLinkify('https://t.example/a%zz', tag), undefined)
    })
  })
})
