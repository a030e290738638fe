// The formatters' options, their defaults, and their validation (misuse is a TypeError).

/**
 * How a document is laid out. The defaults follow the Turtle most people read (the W3C recommendation's
 * examples, rdflib's and Jena's output): four spaces, each predicate of a subject on a line of its own, the
 * objects of a predicate on its line while they fit, SPARQL keywords in upper case.
 */
export interface FormatOptions {
  /** Spaces per level of indentation, or `'tab'` (default 4). */
  readonly indent?: number | 'tab'
  /** The line width past which a group (objects, a `[ … ]`, a list) is broken over lines (default 80). */
  readonly width?: number
  /** SPARQL's keywords and Turtle's `PREFIX`, `BASE`, `GRAPH` and `VERSION`: `'upper'` (default), `'lower'` or `'keep'`. */
  readonly keywordCase?: 'upper' | 'lower' | 'keep'
  /** Each predicate of a subject on its own line (`'lines'`, default), or on one line while they fit (`'fill'`). */
  readonly predicates?: 'lines' | 'fill'
  /** The objects of a predicate on one line while they fit (`'fill'`, default), or each on its own (`'lines'`). */
  readonly objects?: 'fill' | 'lines'
  /** Align the namespaces of consecutive prefix declarations in a column (default false). */
  readonly alignPrefixes?: boolean
  /**
   * Sort statements by subject, and prefix declarations by prefix (default false: the order written is kept).
   * Only within runs that no other directive interrupts: a statement never moves past an `@base` or a prefix
   * declaration that changes what it means.
   */
  readonly sort?: boolean
  /** Blank lines kept where the author left some (default 1: runs of them become one; 0 removes them). */
  readonly blankLines?: 0 | 1
  /**
   * The line ending written: `'auto'` (default) keeps the text's own — CRLF when its first line break outside a
   * string is one, else LF — and `'lf'` or `'crlf'` choose. Line breaks inside a long string are data, kept as written.
   */
  readonly endOfLine?: 'auto' | 'lf' | 'crlf'
}

export type ResolvedOptions = Required<FormatOptions>

export const DEFAULT_FORMAT_OPTIONS: ResolvedOptions = {
  indent: 4,
  width: 80,
  keywordCase: 'upper',
  predicates: 'lines',
  objects: 'fill',
  alignPrefixes: false,
  sort: false,
  blankLines: 1,
  endOfLine: 'auto',
}

const CHOICES: { readonly [K in keyof FormatOptions]?: readonly unknown[] } = {
  keywordCase: ['upper', 'lower', 'keep'],
  predicates: ['lines', 'fill'],
  objects: ['fill', 'lines'],
  alignPrefixes: [true, false],
  sort: [true, false],
  blankLines: [0, 1],
  endOfLine: ['auto', 'lf', 'crlf'],
}

/** The options with their defaults; a value of the wrong kind is a TypeError that names it. */
export function resolveOptions(options: FormatOptions = {}): ResolvedOptions {
  if (options === null || typeof options !== 'object') throw new TypeError('format options must be an object')
  const resolved = { ...DEFAULT_FORMAT_OPTIONS }
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue
    if (key === 'indent' || key === 'width') {
      const max = key === 'indent' ? 16 : 1000
      if (!(value === 'tab' && key === 'indent') && !(Number.isInteger(value) && value >= 0 && value <= max)) {
        throw new TypeError(`format option ${key} must be a whole number from 0 to ${max}${key === 'indent' ? " or 'tab'" : ''}`)
      }
    } else {
      const choices = CHOICES[key as keyof FormatOptions]
      if (choices === undefined) throw new TypeError(`unknown format option '${key}'`)
      if (!choices.includes(value)) throw new TypeError(`format option ${key} must be one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`)
    }
    ;(resolved as Record<string, unknown>)[key] = value
  }
  return resolved
}

/** The text of one level of indentation. */
export function indentUnit(options: ResolvedOptions): string {
  return options.indent === 'tab' ? '\t' : ' '.repeat(options.indent)
}

/** `word` in the keyword case asked for. */
export function keywordCase(word: string, options: ResolvedOptions): string {
  return options.keywordCase === 'upper' ? word.toUpperCase() : options.keywordCase === 'lower' ? word.toLowerCase() : word
}

/** The line ending to write: the one asked for, or under `'auto'` CRLF where the text's first line break (outside strings) is one. */
export function lineEnding(crlf: boolean, options: ResolvedOptions): '\n' | '\r\n' {
  if (options.endOfLine !== 'auto') return options.endOfLine === 'crlf' ? '\r\n' : '\n'
  return crlf ? '\r\n' : '\n'
}
