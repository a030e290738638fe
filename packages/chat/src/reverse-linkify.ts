// Reverse linkification: a pasted URL back to the linkifier text that links to it (chat-api.md §2.6 reverse_template).

import { RE2JS } from 're2js'
import { compilePattern, matchGroups, parseReverseTemplate } from './linkifier-rules.js'

/** What reverse linkification reads of a linkifier (chat-api.md §2.6). */
export interface ReverseLinkifier {
  readonly pattern: string
  readonly url_template: string
  readonly reverse_template: string | null
  readonly alternative_url_templates: readonly string[]
}

/**
 * What each RFC 6570 operator (§3.2) puts before a single variable's value, and what the value may hold
 * when read back. `{var}` takes a non-empty segment without `/` (simple expansion encodes `/`), `{+var}`
 * and `{#var}` anything (reserved expansion keeps it). The form-style operators read `name=value`.
 */
const OPERATORS: Readonly<Record<string, (name: string) => string>> = {
  '': () => '([^/]+)',
  '+': () => '(.+)',
  '#': () => '#(.+)',
  '/': () => '/([^/]+)',
  '.': () => '\\.([^/.]+)',
  '?': (name) => `\\?${RE2JS.quote(name)}=([^&#]*)`,
  '&': (name) => `&${RE2JS.quote(name)}=([^&#]*)`,
}

/** A URL template read as a pattern: the regex and the variable each capturing group gives. */
interface TemplatePattern {
  readonly regex: RE2JS
  readonly variables: readonly string[]
}

/**
 * A URL template as a pattern: literal parts exact, each expression capturing its variable. Only
 * expressions of one variable without a modifier can be read back; a template with another kind
 * (`{a,b}`, `{id:3}`, `{list*}`) gives `undefined` and is not used.
 */
export function templatePattern(template: string): TemplatePattern | undefined {
  let source = ''
  const variables: string[] = []
  let i = 0
  while (i < template.length) {
    const open = template.indexOf('{', i)
    const literalEnd = open < 0 ? template.length : open
    if (literalEnd > i) source += RE2JS.quote(template.slice(i, literalEnd))
    if (open < 0) break
    const close = template.indexOf('}', open + 1)
    if (close < 0) return undefined
    let body = template.slice(open + 1, close)
    const operator = body !== '' && '+#./?&'.includes(body[0]!) ? body[0]! : ''
    body = body.slice(operator.length)
    const capture = OPERATORS[operator]
    if (capture === undefined || !/^[A-Za-z0-9_.%]+$/.test(body)) return undefined
    source += capture(body)
    variables.push(body)
    i = close + 1
  }
  try {
    // (?s): `.` takes any character, newlines too (a URL has none, but nothing should hang on one).
    return { regex: RE2JS.compile(`(?s:${source})`), variables }
  } catch {
    return undefined
  }
}

/**
 * The linkifier text for `url`: the first linkifier (in order) with a reverse_template whose url_template
 * or one of its alternative_url_templates matches the whole URL gives its reverse_template filled with
 * the captured variables (percent-decoded). The text must match the linkifier's pattern, so that it
 * links back; a capture that does not (`/issues/abc` for `#(?P<id>[0-9]+)`) tries the next template.
 * Linkifiers without reverse_template are skipped. Matching is linear (RE2).
 * @example reverseLinkify('https://github.com/example/project/issues/12', linkifiers) // '#12'
 */
export function reverseLinkify(url: string, linkifiers: readonly ReverseLinkifier[]): string | undefined {
  for (const linkifier of linkifiers) {
    if (linkifier.reverse_template === null) continue
    const reverse = parseReverseTemplate(linkifier.reverse_template)
    if (!reverse.ok) continue
    for (const template of [linkifier.url_template, ...linkifier.alternative_url_templates]) {
      const values = readTemplate(template, url)
      if (values === undefined) continue
      let text = ''
      let complete = true
      for (const part of reverse.parts) {
        if ('text' in part) text += part.text
        else if (Object.hasOwn(values, part.group)) text += values[part.group]
        else complete = false
      }
      if (!complete) continue
      const compiled = compilePattern(linkifier.pattern)
      if (compiled.ok && matchGroups(compiled.regex, text) !== undefined) return text
    }
  }
  return undefined
}

/** The variables of `template` read from the whole of `url`, or `undefined` when it does not match. */
function readTemplate(template: string, url: string): Record<string, string> | undefined {
  const pattern = templatePattern(template)
  if (pattern === undefined) return undefined
  const matcher = pattern.regex.matcher(url)
  if (!matcher.matches()) return undefined
  const values: Record<string, string> = {}
  for (const [index, name] of pattern.variables.entries()) {
    let value: string
    try {
      value = decodeURIComponent(matcher.group(index + 1) ?? '')
    } catch {
      return undefined // a malformed escape: not a URL the template made
    }
    // A variable used twice must read the same both times.
    if (Object.hasOwn(values, name) && values[name] !== value) return undefined
    values[name] = value
  }
  return values
}
