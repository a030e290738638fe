// Linkifier validation rules (packages/chat/src/linkify/linkifier-rules.ts, url-template.ts), as pure functions.

import assert from 'node:assert/strict'
import fc from 'fast-check'
import { parseTemplate } from 'url-template'
import { checkLinkifier, compilePattern, parseReverseTemplate } from '../../../packages/chat/src/linkify/linkifier-rules.js'
import { templateVariables, urlTemplateExpander } from '../../../packages/chat/src/linkify/url-template.js'

const base = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/example/project/issues/{id}' }
const errorsOf = (input: Parameters<typeof checkLinkifier>[0]): Record<string, string[]> => {
  const checked = checkLinkifier(input)
  assert.equal(checked.ok, false, 'expected a failure')
  return checked.ok ? {} : checked.errors
}

describe('linkifier rules', () => {
  describe('compilePattern', () => {
    it('compiles Python named groups and lists them sorted', () => {
      const compiled = compilePattern('(?P<repo>[a-z]+)#(?P<id>[0-9]+)')
      assert.ok(compiled.ok)
      assert.deepEqual(compiled.groups, ['id', 'repo'])
    })

    it('understands the Unicode classes \\pL, \\pN and \\pZ', () => {
      const compiled = compilePattern('(?P<w>\\pL+)\\pZ(?P<n>\\pN+)')
      assert.ok(compiled.ok)
      assert.equal(compiled.regex.matches('héllo\u00a0٣٤'), true)
      assert.equal(compiled.regex.matches('hello 12x'), false)
    })

    it('refuses what RE2 refuses, with the reason', () => {
      for (const [pattern, reason] of [
        ['(', /missing closing \)/],
        ['(?=a)', /invalid or unsupported Perl syntax/],
        ['(a)\\1', /invalid escape sequence/],
        ['(?P<x>a)(?P<x>b)', /duplicate capture group name/],
        ['[z-a]', /invalid character class range/],
      ] as const) {
        const compiled = compilePattern(pattern)
        assert.equal(compiled.ok, false, pattern)
        if (!compiled.ok) assert.match(compiled.reason, reason)
      }
    })
  })

  describe('templateVariables', () => {
    it('lists the variables of every expression, once each, in order of use', () => {
      assert.deepEqual(templateVariables('https://x.org/{id}/{+path}{?q,page}{&id}'), ['id', 'path', 'q', 'page'])
      assert.deepEqual(templateVariables('https://x.org/{a.b}{/list*}{;k:3}{#frag}'), ['a.b', 'list', 'k', 'frag'])
      assert.deepEqual(templateVariables('https://x.org/plain%20text'), [])
    })

    it('refuses what is not an RFC 6570 template', () => {
      for (const template of [
        'https://x.org/{id',
        'https://x.org/id}',
        'https://x.org/{}',
        'https://x.org/{a b}',
        'https://x.org/{=a}',
        'https://x.org/{a:0}',
        'https://x.org/{a:10000}',
        'https://x.org/{a,}',
        'https://x.org/a b',
        'https://x.org/%zz',
        'https://x.org/\u0000',
        'https://x.org/{a-b}',
      ]) {
        assert.equal(templateVariables(template), undefined, template)
      }
    })
  })

  describe('urlTemplateExpander', () => {
    it('expands with RFC 6570 encoding', () => {
      assert.equal(urlTemplateExpander('https://x.org/issues/{id}')({ id: '12' }), 'https://x.org/issues/12')
      assert.equal(urlTemplateExpander('https://x.org/{q}')({ q: 'a b/c' }), 'https://x.org/a%20b%2Fc')
      assert.equal(urlTemplateExpander('https://x.org/{+path}{?q,n}')({ path: 'a/b c', q: 'x&y', n: '' }), 'https://x.org/a/b%20c?q=x%26y&n=')
    })
    it('gives no URL where a prefix modifier would cut a character in two', () => {
      assert.equal(urlTemplateExpander('https://x.org/{id:1}')({ id: '😀' }), undefined)
      assert.equal(urlTemplateExpander('https://x.org/{id:2}')({ id: '😀' }), 'https://x.org/%F0%9F%98%80')
    })
    it('gives what url-template gives for the whole template', () => {
      const piece = fc.oneof(
        fc.constantFrom('https://x.org/', 'a', 'é', '%41', '%zz', ' ', '{', '}', '{}', '/', '?', '[', ']'),
        fc.tuple(fc.constantFrom('', '+', '#', '.', '/', ';', '?', '&'), fc.constantFrom('a', 'b', 'a,b', 'a:2', 'b*')).map(([op, vars]) => `{${op}${vars}}`),
      )
      const value = fc.string({ unit: fc.constantFrom('x', ' ', '/', '%', 'é', '😀', '&', '=', '', '?') })
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 8 }), value, value, (pieces, a, b) => {
          const template = pieces.join('')
          let expected: string | undefined
          try {
            expected = parseTemplate(template).expand({ a, b })
          } catch {
            expected = undefined // a prefix modifier that cuts a surrogate pair: url-template throws
          }
          assert.equal(urlTemplateExpander(template)({ a, b }), expected)
        }),
      )
    })
  })

  describe('parseReverseTemplate', () => {
    it('splits text and groups and unescapes doubled braces', () => {
      assert.deepEqual(parseReverseTemplate('{{#{id}}}'), { ok: true, parts: [{ text: '{#' }, { group: 'id' }, { text: '}' }] })
    })

    it('gives the spec messages for malformed fields', () => {
      assert.deepEqual(parseReverseTemplate('#{id'), { ok: false, error: "Invalid auto-conversion field: missing '}' character." })
      assert.deepEqual(parseReverseTemplate('#{}'), { ok: false, error: 'Invalid auto-conversion field: empty field name.' })
      assert.deepEqual(parseReverseTemplate('#}'), { ok: false, error: "Invalid auto-conversion field: single '}' character." })
    })
  })

  describe('checkLinkifier', () => {
    it('accepts the reference linkifier and stores the pattern trimmed, empty optional fields as null', () => {
      assert.deepEqual(checkLinkifier({ ...base, pattern: '  #(?P<id>[0-9]+)\n', example_input: '#123', reverse_template: '#{id}' }), {
        ok: true,
        value: { ...base, example_input: '#123', reverse_template: '#{id}', alternative_url_templates: [] },
      })
      assert.deepEqual(checkLinkifier({ ...base, example_input: '', reverse_template: '' }), {
        ok: true,
        value: { ...base, example_input: null, reverse_template: null, alternative_url_templates: [] },
      })
    })

    it('reports blank and bad patterns and templates under their field', () => {
      assert.deepEqual(errorsOf({ pattern: '  ', url_template: '' }), {
        pattern: ['This field cannot be blank.'],
        url_template: ['This field cannot be blank.'],
      })
      assert.deepEqual(errorsOf({ ...base, pattern: '#(?P<id>[0-9]+' }), { pattern: ['Bad regular expression: missing closing ): `#(?P<id>[0-9]+`'] })
      assert.deepEqual(errorsOf({ ...base, url_template: 'https://x.org/{id' }), { url_template: ['Invalid URL template.'] })
    })

    it('names the alphabetically first group missing on either side', () => {
      assert.deepEqual(errorsOf({ pattern: '(?P<b>x)(?P<a>y)', url_template: 'https://x.org/{z}/{c}/{a}/{b}' }), {
        __all__: ["Group 'c' in URL template is not present in linkifier pattern."],
      })
      assert.deepEqual(errorsOf({ pattern: '(?P<b>x)(?P<a>y)(?P<c>z)', url_template: 'https://x.org/{c}' }), {
        __all__: ["Group 'a' in linkifier pattern is not present in URL template."],
      })
    })

    it('requires the example input to match the whole pattern', () => {
      assert.deepEqual(errorsOf({ ...base, example_input: 'see #123' }), { __all__: ['Example input does not match the linkifier pattern.'] })
      assert.deepEqual(errorsOf({ ...base, example_input: '#12a' }), { __all__: ['Example input does not match the linkifier pattern.'] })
    })

    it('checks the auto-conversion field against the pattern and the example', () => {
      assert.deepEqual(errorsOf({ ...base, reverse_template: '#{id}' }), { __all__: ['Example input is required when an auto-conversion field is given.'] })
      assert.deepEqual(errorsOf({ ...base, example_input: '#123', reverse_template: '#{nr}' }), {
        __all__: ["Group 'nr' in auto-conversion field is not present in linkifier pattern."],
      })
      assert.deepEqual(errorsOf({ ...base, example_input: '#123', reverse_template: 'issue {id}' }), {
        __all__: ['Example text does not match auto-conversion field.'],
      })
      assert.deepEqual(errorsOf({ ...base, example_input: '#123', reverse_template: '#{id' }), {
        reverse_template: ["Invalid auto-conversion field: missing '}' character."],
      })
      assert.deepEqual(errorsOf({ ...base, example_input: '#123', reverse_template: '#{}' }), {
        reverse_template: ['Invalid auto-conversion field: empty field name.'],
      })
      const braces = checkLinkifier({ pattern: '\\{(?P<id>[0-9]+)\\}', url_template: 'https://x.org/{id}', example_input: '{7}', reverse_template: '{{{id}}}' })
      assert.ok(braces.ok)
    })

    it('does not take a prototype property for a group', () => {
      assert.deepEqual(errorsOf({ ...base, example_input: '#1', reverse_template: '#{constructor}' }), {
        __all__: ["Group 'constructor' in auto-conversion field is not present in linkifier pattern."],
      })
    })

    it('checks alternative URL templates: valid RFC 6570, only the pattern groups', () => {
      assert.ok(checkLinkifier({ ...base, alternative_url_templates: ['https://example.com/i/{id}'] }).ok)
      assert.deepEqual(errorsOf({ ...base, alternative_url_templates: ['https://example.com/{id', ''] }), {
        alternative_url_templates: ['Invalid URL template.', 'Invalid URL template.'],
      })
      assert.deepEqual(errorsOf({ ...base, alternative_url_templates: ['https://example.com/{id}/{x}'] }), {
        __all__: ["Group 'x' in alternative URL template is not present in linkifier pattern."],
      })
    })

    it('bounds every field', () => {
      const long = 'a'.repeat(1001)
      assert.deepEqual(Object.keys(errorsOf({ pattern: long, url_template: `https://x.org/${long}`, example_input: long, reverse_template: long })), [
        'pattern',
        'url_template',
        'example_input',
        'reverse_template',
      ])
      assert.deepEqual(errorsOf({ ...base, alternative_url_templates: Array(21).fill('https://x.org/{id}') }), {
        alternative_url_templates: ['Ensure this list has at most 20 templates.'],
      })
    })

    it('accepts a catastrophic pattern and checks a long example in linear time', () => {
      const input = 'a'.repeat(999) + 'b'
      assert.deepEqual(errorsOf({ pattern: '(?P<a>a+)+$', url_template: 'https://x.org/{a}', example_input: input }), {
        __all__: ['Example input does not match the linkifier pattern.'],
      })
      assert.ok(checkLinkifier({ pattern: '(?P<a>a+)+$', url_template: 'https://x.org/{a}', example_input: 'a'.repeat(1000) }).ok)
    })
  })
})
