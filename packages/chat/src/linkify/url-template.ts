// RFC 6570 URL templates in one place: one scan of a template into literals and expressions, and what
// is built on it — the variables (validation), the expansion (url-template does it) and the reading of
// a URL back into variables (reverse linkification).

import { RE2JS } from 're2js'
import { parseTemplate } from 'url-template'

/**
 * A piece of a template as url-template splits it: an expression (`{…}` with a non-empty body and no
 * brace inside), a run of literal text, or a stray brace, which url-template leaves in the URL as it is.
 */
export type TemplatePart =
  | { readonly kind: 'expression'; readonly operator: string; readonly varspecs: readonly string[]; readonly text: string }
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'stray'; readonly text: '{' | '}' }

/** The operators of RFC 6570 §2.2 that url-template expands (level 2–3; `= , ! @ |` are reserved). */
const OPERATORS = '+#./;?&'
const PARTS = /\{([^{}]+)\}|([^{}]+)|([{}])/g

/** The parts of `template`, in order; every template has a split (the strays keep it total). */
export function scanTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = []
  for (const [text, body, literal] of template.matchAll(PARTS)) {
    if (body !== undefined) {
      const operator = OPERATORS.includes(body[0]!) ? body[0]! : ''
      parts.push({ kind: 'expression', operator, varspecs: body.slice(operator.length).split(','), text })
    } else if (literal !== undefined) parts.push({ kind: 'literal', text })
    else parts.push({ kind: 'stray', text: text as '{' | '}' })
  }
  return parts
}

/** A single variable of RFC 6570 §2.3: varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded. */
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/
/** modifier-level4 (RFC 6570 §2.4): a prefix `:1`–`:9999` or an explode `*`. */
const MODIFIER = /^(?::[1-9][0-9]{0,3}|\*)?$/

/**
 * The variable names of an RFC 6570 template in order of first use, or `undefined` when it is not a valid
 * template (RFC 6570 §2: literals, expressions with an optional level 2–3 operator — the reserved
 * operators `= , ! @ |` are refused — and varspecs with an optional level 4 modifier).
 * @example templateVariables('https://x.org/{id}{?q,page}') // ['id', 'q', 'page']
 */
export function templateVariables(template: string): string[] | undefined {
  const names: string[] = []
  for (const part of scanTemplate(template)) {
    if (part.kind === 'stray') return undefined
    if (part.kind === 'literal') {
      if (!validLiteral(part.text)) return undefined
      continue
    }
    for (const varspec of part.varspecs) {
      const modifier = /(?::[0-9]*|\*)$/.exec(varspec)
      const name = modifier === null ? varspec : varspec.slice(0, modifier.index)
      if (!VARNAME.test(name) || !MODIFIER.test(modifier?.[0] ?? '')) return undefined
      if (!names.includes(name)) names.push(name)
    }
  }
  return names
}

/**
 * RFC 6570 §2.1 literals: printable ASCII but space, `" ' % < > \ ^ \` { | }`, any character from U+00A0
 * up (ucschar and iprivate, taken together; control characters and NUL are never literals), and
 * percent-encoded triplets.
 */
function validLiteral(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x25) {
      if (!/^%[0-9A-Fa-f]{2}/.test(text.slice(i, i + 3))) return false
      i += 2
    } else if (code < 0xa0 && (code <= 0x20 || code >= 0x7f || '"\'<>\\^`|'.includes(text[i]!))) return false
  }
  return true
}

/**
 * Expands an RFC 6570 template with the groups of a match; url-template implements the expansion. It
 * expands each part of a template on its own, and literals do not depend on the values: they are
 * expanded once here, and only the expressions per match. Undefined when a value cannot be encoded.
 * @example urlTemplateExpander('https://x.org/issues/{id}')({ id: '12' }) // 'https://x.org/issues/12'
 */
export function urlTemplateExpander(template: string): (groups: Readonly<Record<string, string>>) => string | undefined {
  const parts = scanTemplate(template).map((part) =>
    part.kind === 'stray' ? part.text : part.kind === 'literal' ? parseTemplate(part.text).expand({}) : parseTemplate(part.text),
  )
  return (groups) => {
    let url = ''
    try {
      for (const part of parts) url += typeof part === 'string' ? part : part.expand(groups)
    } catch {
      return undefined // a prefix modifier (`{id:1}`) cut a surrogate pair, which cannot be percent-encoded
    }
    return url
  }
}

/**
 * What each RFC 6570 operator (§3.2) puts before a single variable's value, and what the value may hold
 * when read back. `{var}` takes a non-empty segment without `/` (simple expansion encodes `/`), `{+var}`
 * and `{#var}` anything (reserved expansion keeps it). The form-style operators read `name=value`.
 */
const CAPTURES: Readonly<Record<string, (name: string) => string>> = {
  '': () => '([^/]+)',
  '+': () => '(.+)',
  '#': () => '#(.+)',
  '/': () => '/([^/]+)',
  '.': () => '\\.([^/.]+)',
  '?': (name) => `\\?${RE2JS.quote(name)}=([^&#]*)`,
  '&': (name) => `&${RE2JS.quote(name)}=([^&#]*)`,
}

/** A URL template read as a pattern: the regex and the variable each capturing group gives. */
export interface TemplatePattern {
  readonly regex: RE2JS
  readonly variables: readonly string[]
}

/**
 * A URL template as a pattern: literal parts exact, each expression capturing its variable. Only
 * expressions of one variable without a modifier can be read back; a template with another kind
 * (`{a,b}`, `{id:3}`, `{list*}`, `{;a}`) or an unclosed `{` gives `undefined` and is not used.
 */
export function templatePattern(template: string): TemplatePattern | undefined {
  let source = ''
  const variables: string[] = []
  for (const part of scanTemplate(template)) {
    if (part.kind !== 'expression') {
      if (part.text === '{') return undefined
      source += RE2JS.quote(part.text)
      continue
    }
    const capture = CAPTURES[part.operator]
    const name = part.varspecs[0]!
    if (capture === undefined || part.varspecs.length !== 1 || !/^[A-Za-z0-9_.%]+$/.test(name)) return undefined
    source += capture(name)
    variables.push(name)
  }
  try {
    // (?s): `.` takes any character, newlines too (a URL has none, but nothing should hang on one).
    return { regex: RE2JS.compile(`(?s:${source})`), variables }
  } catch {
    return undefined
  }
}
