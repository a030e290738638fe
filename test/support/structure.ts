// What the structure check measures in a package's src/: long files, long functions, folders that import each other.

import { readFileSync, statSync, existsSync } from 'node:fs'
import { basename, dirname, join, relative, sep } from 'node:path'
import { importCycles, importGraph, sourceFiles } from './import-graph.js'

/** The limits of issues 29 and 38: a file past them is hard to hold in one's head (500 lines until issue 38, 450 since). */
export const MAX_FILE_LINES = 450
export const MAX_FUNCTION_LINES = 80

export interface LongFile {
  /** Relative to the package (`src/x.ts`). */
  readonly file: string
  readonly lines: number
}

export interface LongFunction {
  readonly file: string
  /** The function's name, `(arrow)` when it has none a reader would find. */
  readonly name: string
  /** 1-based, where its header starts. */
  readonly line: number
  readonly lines: number
}

/** Lines of a text, a last line without its newline counted, a trailing newline not. */
function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

/** Source files of `src` longer than `max` lines, longest first. */
export function longFiles(packageDir: string, max = MAX_FILE_LINES): LongFile[] {
  return sourceFiles(join(packageDir, 'src'))
    .map((path) => ({ file: relative(packageDir, path).split(sep).join('/'), lines: lineCount(readFileSync(path, 'utf8')) }))
    .filter(({ lines }) => lines > max)
    .sort((a, b) => b.lines - a.lines || (a.file < b.file ? -1 : 1))
}

interface Token {
  readonly text: string
  readonly line: number
}

// Punctuation a function's shape is read from; `=>` and `?.` first so that `>` and `?` stay apart.
const PUNCTUATION = /=>|\?\.|\.\.\.|[{}()[\];,:=<>?.!&|+\-*/%^~@]/y
const WORD = /[#$A-Za-z_\u0080-\uffff][$\w\u0080-\uffff]*/y
const NUMBER = /[0-9][0-9A-Za-z_.]*/y
/** Before one of these, a `/` starts a regular expression; after anything else it divides. */
const BEFORE_REGEX = new Set([
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
  '=>',
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'await',
  'yield',
])

/**
 * TypeScript as tokens for this check: words, numbers and punctuation, each with its line; comments,
 * strings, template literals and regular expressions are skipped whole (a template's `${…}` too: a function
 * written inside one is not measured). Not a parser: enough to match braces and see function headers.
 */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  let line = 1
  let i = 0
  const skipTo = (end: number): void => {
    for (let k = i; k < end; k++) if (source.charCodeAt(k) === 10) line++
    i = end
  }
  while (i < source.length) {
    const c = source[i]!
    if (c === '\n') {
      line++
      i++
    } else if (c === ' ' || c === '\t' || c === '\r') i++
    else if (source.startsWith('//', i)) skipTo(source.indexOf('\n', i) < 0 ? source.length : source.indexOf('\n', i))
    else if (source.startsWith('/*', i)) skipTo(source.indexOf('*/', i + 2) < 0 ? source.length : source.indexOf('*/', i + 2) + 2)
    else if (c === "'" || c === '"') skipTo(stringEnd(source, i, c))
    else if (c === '`') skipTo(templateEnd(source, i))
    else if (c === '/' && (tokens.length === 0 || BEFORE_REGEX.has(tokens.at(-1)!.text))) skipTo(regexEnd(source, i))
    else {
      const match = [WORD, NUMBER, PUNCTUATION].map((re) => ((re.lastIndex = i), re.exec(source))).find((m) => m !== null)
      const text = match?.[0] ?? c
      tokens.push({ text, line })
      i += text.length
    }
  }
  return tokens
}

/** The index after the string literal that opens at `start` with `quote`. */
function stringEnd(source: string, start: number, quote: string): number {
  let i = start + 1
  while (i < source.length && source[i] !== quote && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1
  return Math.min(i + 1, source.length)
}

/** The index after the template literal that opens at `start`, its `${…}` parts (and templates in them) included. */
function templateEnd(source: string, start: number): number {
  let i = start + 1
  while (i < source.length && source[i] !== '`') {
    if (source[i] === '\\') i += 2
    else if (source.startsWith('${', i)) {
      let depth = 1
      i += 2
      while (i < source.length && depth > 0) {
        const c = source[i]!
        if (c === '`') i = templateEnd(source, i)
        else if (c === "'" || c === '"') i = stringEnd(source, i, c)
        else {
          depth += c === '{' ? 1 : c === '}' ? -1 : 0
          i++
        }
      }
    } else i++
  }
  return Math.min(i + 1, source.length)
}

/** The index after the regular expression literal at `start` (its flags included). */
function regexEnd(source: string, start: number): number {
  let i = start + 1
  let inClass = false
  while (i < source.length && source[i] !== '\n') {
    const c = source[i]!
    if (c === '\\') i++
    else if (c === '[') inClass = true
    else if (c === ']') inClass = false
    else if (c === '/' && !inClass) break
    i++
  }
  i++
  while (i < source.length && /[a-z]/.test(source[i]!)) i++
  return i
}

const CONTROL = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'typeof', 'await', 'yield', 'in', 'of'])
/** Words that start a declaration or a statement: a header that reaches one going back is not a function's. */
const DECLARES = new Set([
  'class',
  'interface',
  'enum',
  'namespace',
  'module',
  'type',
  'export',
  'import',
  'const',
  'let',
  'var',
  'implements',
  'else',
  'do',
  'try',
  'finally',
])
const OPEN = new Set(['(', '[', '{'])
const CLOSE = new Set([')', ']', '}'])

/**
 * The function whose body the `{` at `brace` opens, or `undefined` for any other block: an arrow's
 * (`=> {`), or one whose header ends `name(…) {` or `name(…): ReturnType {` where `name` is no keyword
 * of a statement (`if (…) {`). Returns its name and the index of the token its header starts at.
 */
function functionAt(tokens: readonly Token[], brace: number): { name: string; start: number } | undefined {
  if (tokens[brace - 1]?.text === '=>') {
    // `(a, b) => {` or `a => {`: the parameters, then `name =` or `name:` before them when there is one.
    let k = brace - 2
    if (tokens[k]?.text === ')') k = matchBackward(tokens, k)
    if (k < 0) return undefined
    if (tokens[k - 1]?.text === 'async') k--
    const before = tokens[k - 1]?.text
    const named = (before === '=' || before === ':') && /^[#$\w]/.test(tokens[k - 2]?.text ?? '')
    return { name: named ? tokens[k - 2]!.text : '(arrow)', start: named ? k - 2 : k }
  }
  // Back over a return type to the `)` that closes the parameters: the first at depth 0 followed by `{` or `:`.
  let depth = 0
  for (let k = brace - 1; k >= 0 && brace - k < 400; k--) {
    const text = tokens[k]!.text
    if (depth === 0 && text === ')' && (k === brace - 1 || tokens[k + 1]!.text === ':')) {
      const open = matchBackward(tokens, k)
      let nameAt = open - 1
      if (tokens[nameAt]?.text === '>') nameAt = genericStart(tokens, nameAt) - 1 // `name<T>(…)`
      const name = tokens[nameAt]?.text ?? ''
      if (open < 0 || !/^[#$\w]/.test(name) || CONTROL.has(name)) return undefined
      return { name: name === 'function' ? '(function)' : name, start: nameAt }
    }
    if (CLOSE.has(text)) depth++
    else if (OPEN.has(text)) {
      if (depth === 0) return undefined
      depth--
    } else if (depth === 0 && (text === ';' || text === '=' || DECLARES.has(text))) return undefined
  }
  return undefined
}

/** The index of the `(` that the `)` at `close` closes, or -1. */
function matchBackward(tokens: readonly Token[], close: number): number {
  let depth = 0
  for (let k = close; k >= 0; k--) {
    const text = tokens[k]!.text
    if (CLOSE.has(text)) depth++
    else if (OPEN.has(text) && --depth === 0) return k
  }
  return -1
}

/** The index of the `<` whose generic parameters end at the `>` at `end`. */
function genericStart(tokens: readonly Token[], end: number): number {
  let depth = 0
  for (let k = end; k >= 0; k--) {
    if (tokens[k]!.text === '>') depth++
    else if (tokens[k]!.text === '<' && --depth === 0) return k
  }
  return end
}

/** The functions of one source text (methods, arrows, function declarations and expressions) longer than `max` lines. */
export function longFunctionsIn(source: string, file: string, max = MAX_FUNCTION_LINES): LongFunction[] {
  const tokens = tokenize(source)
  const found: LongFunction[] = []
  const opens: number[] = []
  for (let k = 0; k < tokens.length; k++) {
    const text = tokens[k]!.text
    if (text === '{') opens.push(k)
    else if (text === '}' && opens.length > 0) {
      const open = opens.pop()!
      const fn = functionAt(tokens, open)
      if (fn === undefined) continue
      const line = tokens[fn.start]!.line
      const lines = tokens[k]!.line - line + 1
      if (lines > max) found.push({ file, name: fn.name, line, lines })
    }
  }
  return found.sort((a, b) => a.line - b.line)
}

/** The functions of `src` longer than `max` lines (route tables too: a table is a function), longest first. */
export function longFunctions(packageDir: string, max = MAX_FUNCTION_LINES): LongFunction[] {
  return sourceFiles(join(packageDir, 'src'))
    .flatMap((path) => longFunctionsIn(readFileSync(path, 'utf8'), relative(packageDir, path).split(sep).join('/'), max))
    .sort((a, b) => b.lines - a.lines || (a.file < b.file ? -1 : 1))
}

/** The room of a module: its first folder under src/, or the file itself for one at src/'s top (`errors.ts`). */
function roomOf(src: string, file: string): string {
  const parts = relative(src, file).split(sep)
  return parts.length === 1 ? parts[0]! : `${parts[0]}/`
}

/**
 * Folders (and src/'s own files) that import each other, directly or round a longer loop: each group of
 * rooms that reach one another, sorted, with one import for each room it leaves to show where.
 */
export function foldersImportingEachOther(packageDir: string): Array<{ readonly rooms: string[]; readonly imports: string[] }> {
  const src = join(packageDir, 'src')
  const modules = importGraph(src)
  const rooms = new Map<string, Set<string>>()
  const example = new Map<string, string>()
  for (const [from, targets] of modules) {
    const a = roomOf(src, from)
    for (const target of targets) {
      const b = roomOf(src, target)
      if (a === b) continue
      if (!rooms.has(a)) rooms.set(a, new Set())
      rooms.get(a)!.add(b)
      if (!example.has(`${a}→${b}`)) example.set(`${a}→${b}`, `${relative(src, from).split(sep).join('/')} → ${relative(src, target).split(sep).join('/')}`)
    }
  }
  // importCycles names nodes by path: each room gets one that no path rule rewrites (`/rooms/3`).
  const names = [...new Set([...rooms.keys(), ...[...rooms.values()].flatMap((targets) => [...targets])])]
  const id = (room: string): string => `/rooms/${names.indexOf(room)}`
  const graph = new Map([...rooms].map(([room, targets]) => [id(room), [...targets].map(id)]))
  return importCycles(graph, '/rooms').map((ids) => {
    const group = ids.map((n) => names[Number(n)]!).sort()
    const members = new Set(group)
    const imports = group.flatMap((a) => [...(rooms.get(a) ?? [])].filter((b) => members.has(b)).map((b) => example.get(`${a}→${b}`)!))
    return { rooms: group, imports: imports.sort() }
  })
}

/** Folders named as a module beside them (`index/` beside `index.ts`): two things a reader calls by one name. */
export function foldersNamedLikeFiles(packageDir: string): string[] {
  return sourceFiles(join(packageDir, 'src'))
    .map((file) => join(dirname(file), basename(file).replace(/\.tsx?$/, '')))
    .filter((folder) => existsSync(folder) && statSync(folder).isDirectory())
    .map((folder) => relative(packageDir, folder).split(sep).join('/') + '/')
}
