// Tests of the Turtle lexical forms pretty writes: IRIREF and string escapes, the shorthand literals.

import assert from 'node:assert/strict'
import { iriRef, isShorthand, quoted, shortestQuoted } from '../../packages/cli/src/turtle-terms.js'

const XSD = 'http://www.w3.org/2001/XMLSchema#'

describe('turtle terms', () => {
  it('writes an IRI as it is, or with UCHAR escapes for what IRIREF cannot hold', () => {
    assert.equal(iriRef('http://example.org/a#b?c=é'), '<http://example.org/a#b?c=é>')
    assert.equal(
      iriRef('http://example.org/a b<c>"{|}^`\\\n'),
      '<http://example.org/a\\u0020b\\u003Cc\\u003E\\u0022\\u007B\\u007C\\u007D\\u005E\\u0060\\u005C\\u000A>',
    )
  })

  it('quotes a string, escaping quotes, backslashes and controls, and nothing else', () => {
    assert.equal(quoted("it's é 😀"), `"it's é 😀"`)
    assert.equal(quoted('"\\\n\r\t\b\f\u0000\u001f\u007f'), '"\\"\\\\\\n\\r\\t\\b\\f\\u0000\\u001F\\u007F"')
  })

  it('writes a string in the shortest of the four string forms (a long one for text of several lines), and n3 reads each back', async () => {
    const { Parser } = await import('n3')
    const cases: [string, string][] = [
      ['plain', '"plain"'],
      ['say "hi"', `'say "hi"'`],
      [`it's "x"`, `'it\\'s "x"'`],
      [`it's "x" and "y"`, `'it\\'s "x" and "y"'`],
      [`"it's" 'x'`, `"\\"it's\\" 'x'"`],
      ['a\nb', '"""a\nb"""'],
      ['1\n2\n3\n4\n5\n6', '"""1\n2\n3\n4\n5\n6"""'],
      ['"\n"\n"\n"\n"\n"', '\'\'\'"\n"\n"\n"\n"\n"\'\'\''],
      ['tab\there\r\n\n\n\n\n\\', '"""tab\\there\\r\n\n\n\n\n\\\\"""'],
    ]
    for (const [value, written] of cases) {
      assert.equal(shortestQuoted(value), written, JSON.stringify(value))
      assert.equal(new Parser().parse(`<http://e.example/s> <http://e.example/p> ${written} .`)[0]!.object.value, value)
    }
  })

  it('writes numbers and booleans bare only when their lexical form is the shorthand one (Turtle §2.5.2)', () => {
    for (const [value, type] of [
      ['-42', 'integer'],
      ['+1.5', 'decimal'],
      ['.5', 'decimal'],
      ['1e3', 'double'],
      ['.5E-1', 'double'],
      ['1.e0', 'double'],
      ['true', 'boolean'],
    ]) {
      assert.equal(isShorthand(value!, XSD + type), true, `${value} ${type}`)
    }
    for (const [value, type] of [
      ['1.0', 'integer'],
      ['1.', 'decimal'],
      ['1', 'decimal'],
      ['NaN', 'double'],
      ['1.5', 'double'],
      ['1', 'boolean'],
      ['TRUE', 'boolean'],
      ['1', 'int'],
      [' 1', 'integer'],
    ]) {
      assert.equal(isShorthand(value!, XSD + type), false, `${value} ${type}`)
    }
  })
})
