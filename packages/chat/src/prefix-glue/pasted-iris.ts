// Pasted IRIs in a message's Markdown source written as prefixed names: http://xmlns.com/foaf/0.1/Person → foaf:Person.

import { isAbsoluteIri, type PrefixIndex } from '@prefixd/core'
import { prefixLinker } from './prefix-linker.js'
import type { TextLinker } from '../linkify/text-linker.js'
// The renderer's own markdown-it, to tell which IRIs it links as bare URLs; and the same options with linkify
// off, for the block structure (linkify changes no block, and costs a scan) and a name's own rendering as text.
import { markdown, markdownWithoutLinkify } from '../render/markdown.js'

export interface ShrinkPastedIrisOptions {
  /**
   * The prefix linker messages are rendered with: a name replaces an IRI only when this linker links it,
   * in place, back to the same IRI. Default `prefixLinker(index)`.
   */
  readonly linker?: TextLinker
}

/**
 * Rewrites the IRIs pasted into a message's Markdown source as prefixed names (`index.shrink`), so that
 * `see http://xmlns.com/foaf/0.1/Person` becomes `see foaf:Person` and renders as a link to the same IRI.
 * Meant for the content of a message on send (and on edit), before it is stored and rendered.
 *
 * Only bare IRIs are touched: a whitespace-delimited word of paragraph, heading or table text that is
 * `scheme://…` or `<scheme://…>` (an autolink, whose brackets go), less trailing `. , ; : ! ? * _ ~` and an
 * unbalanced `)`, as GFM autolinks end, and that markdown-it links as a bare URL or an autolink (one
 * parse of the whole source confirms every candidate). Left alone: fenced and indented code, code spans,
 * link targets and texts (`[t](http://…)`, `[see http://… here](…)`, `[t]: http://…`), image
 * descriptions, IRIs inside other words, IRIs without `//` (`urn:…` cannot be
 * told from a prefixed name), and every IRI that no namespace shrinks to a name that survives Markdown
 * and the linker: a name needing a `\` escape (Markdown would eat it), one Markdown would render
 * otherwise (`ex:_a_`), one the linker would not link back to the same IRI. Pure: same input, same output.
 *
 * @example
 * shrinkPastedIris('a <http://xmlns.com/foaf/0.1/Person>, `http://schema.org/name`', index)
 * // 'a foaf:Person, `http://schema.org/name`'
 */
export function shrinkPastedIris(content: string, index: PrefixIndex, options: ShrinkPastedIrisOptions = {}): string {
  if (!content.includes('://')) return content // nearly every message: no parse
  const linker = options.linker ?? prefixLinker(index)
  const lines = lineStarts(content)
  const lineStart = (line: number): number => lines[line] ?? content.length
  const edits: Edit[] = []
  let scanned = 0
  for (const token of markdownWithoutLinkify.parse(content, {})) {
    // Text with inline Markdown: paragraphs and headings (their inline token has the lines), table rows
    // (their cells' inline tokens have none). Every other line (code, reference definitions) is skipped.
    if ((token.type !== 'inline' && token.type !== 'tr_open') || token.map === null) continue
    const from = lineStart(token.map[0])
    const to = lineStart(token.map[1])
    if (from < scanned) continue
    edits.push(...textEdits(content, from, to, index, linker))
    scanned = to
  }
  let out = ''
  let copied = 0
  for (const edit of bareOnly(content, edits)) {
    out += content.slice(copied, edit.start) + edit.name
    copied = edit.end
  }
  return out + content.slice(copied)
}

/** An IRI of the source to write as a prefixed name: `content.slice(start, end)` (with its `<>`) becomes `name`. */
interface Edit {
  readonly start: number
  readonly end: number
  readonly name: string
  readonly bracketed: boolean
}

/** A marker link's text (linkify may take trailing punctuation along: the `z` ends the number). */
const MARKER = /^https:\/\/prefixd-pasted-iri\.invalid\/([0-9]+)z/

/**
 * The edits whose IRI markdown-it links as a bare URL or an autolink — not one inside a link's text,
 * an image description or anything else the word scan cannot see. Each IRI is replaced by a marker
 * URL of plain characters, the whole source is parsed once, and the markers found as bare links say
 * which IRIs were.
 */
function bareOnly(content: string, edits: readonly Edit[]): Edit[] {
  if (edits.length === 0) return []
  const marker = (i: number): string => `https://prefixd-pasted-iri.invalid/${i}z`
  let marked = ''
  let copied = 0
  edits.forEach((edit, i) => {
    marked += content.slice(copied, edit.start) + (edit.bracketed ? `<${marker(i)}>` : marker(i))
    copied = edit.end
  })
  marked += content.slice(copied)
  const bare = new Set<number>()
  for (const block of markdown.parse(marked, {})) {
    const children = block.type === 'inline' ? (block.children ?? []) : []
    children.forEach((token, k) => {
      const text = children[k + 1]
      if (token.type !== 'link_open' || (token.markup !== 'linkify' && token.markup !== 'autolink') || text?.type !== 'text') return
      const found = MARKER.exec(text.content)
      if (found !== null) bare.add(Number(found[1]))
    })
  }
  return edits.filter((_, i) => bare.has(i))
}

/** Offsets where lines start, breaking lines as markdown-it does (it reads `\r\n`, `\r` and `\n` as one break). */
function lineStarts(content: string): number[] {
  const starts = [0]
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i)
    if (c === 0x0d && content.charCodeAt(i + 1) === 0x0a) i++
    if (c === 0x0a || c === 0x0d) starts.push(i + 1)
  }
  return starts
}

/** The edits of one block's text, `content.slice(from, to)`: its bare IRIs outside code spans that shrink. */
function textEdits(content: string, from: number, to: number, index: PrefixIndex, linker: TextLinker): Edit[] {
  const code = codeSpans(content, from, to)
  const edits: Edit[] = []
  let k = 0
  let i = from
  while (i < to) {
    if (isSpace(content.charCodeAt(i))) {
      i++
      continue
    }
    let end = i
    while (end < to && !isSpace(content.charCodeAt(end))) end++
    while (k < code.length && code[k]![1] <= i) k++
    const inCode = k < code.length && code[k]![0] < end
    const word = content.slice(i, end)
    const edit = inCode || !word.includes('://') ? undefined : shrinkWord(word, index, linker)
    if (edit !== undefined) edits.push({ ...edit, start: i + edit.start, end: i + edit.end })
    i = end
  }
  return edits
}

const TRAILING = new Set(['.', ',', ';', ':', '!', '?', '*', '_', '~'])
const SCHEME_SLASHES = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//

/** One whitespace-delimited word: the edit of its IRI (offsets in the word) when it shrinks safely. */
function shrinkWord(word: string, index: PrefixIndex, linker: TextLinker): Edit | undefined {
  // Trailing punctuation is prose, not IRI (GFM autolinks end the same way); `)` only when unbalanced.
  let opens = 0
  let closes = 0
  for (const ch of word) {
    if (ch === '(') opens++
    else if (ch === ')') closes++
  }
  let cut = word.length
  for (;;) {
    const ch = word[cut - 1]
    if (ch === undefined) break
    if (TRAILING.has(ch)) cut--
    else if (ch === ')' && closes > opens) {
      cut--
      closes--
    } else break
  }
  const core = word.slice(0, cut)
  const rest = word.slice(cut)
  const bracketed = core.length > 2 && core.startsWith('<') && core.endsWith('>')
  const iri = bracketed ? core.slice(1, -1) : core
  // Brackets are never part of a pasted IRI here: they are Markdown's ([text](…), [ref]).
  if (!SCHEME_SLASHES.test(iri) || !isAbsoluteIri(iri) || iri.includes('[') || iri.includes(']')) return undefined
  const name = index.shrink(iri)
  if (name === undefined || name.includes('\\')) return undefined // Markdown would turn `\/` into `/`
  if (!rendersAsText(name)) return undefined
  // The rendered text is the name followed by `rest` (then a space or the end): linked, whole, to the IRI?
  const link = linker(name + rest)[0]
  if (link === undefined || link.start !== 0 || link.end !== name.length || link.url !== iri) return undefined
  return { start: 0, end: core.length, name, bracketed }
}

/** Whether Markdown shows `name` as itself (no emphasis, entity or other markup in it). */
function rendersAsText(name: string): boolean {
  const children = markdownWithoutLinkify.parseInline(name, {})[0]?.children ?? []
  let text = ''
  for (const child of children) {
    if (child.type !== 'text') return false
    text += child.content
  }
  return text === name
}

/**
 * The code spans of `content.slice(from, to)` as [start, end) pairs in order (CommonMark §6.1): a run of
 * n backticks opens one that the next run of exactly n closes; a run that no such run follows is
 * literal. A backslash before a run escapes its first backtick (not inside a span, where the run only
 * closes). Linear: the next closing run of each length is found in one backward pass.
 */
function codeSpans(content: string, from: number, to: number): Array<[number, number]> {
  const starts: number[] = []
  const lengths: number[] = []
  const escaped: boolean[] = []
  for (let i = from; i < to;) {
    if (content.charCodeAt(i) !== 0x60) {
      i++
      continue
    }
    let backslashes = 0
    while (i - backslashes - 1 >= from && content.charCodeAt(i - backslashes - 1) === 0x5c) backslashes++
    let end = i
    while (end < to && content.charCodeAt(end) === 0x60) end++
    starts.push(i)
    lengths.push(end - i)
    escaped.push(backslashes % 2 === 1)
    i = end
  }
  const closer = new Array<number>(starts.length).fill(-1)
  const nextOfLength = new Map<number, number>()
  for (let r = starts.length - 1; r >= 0; r--) {
    const openLength = lengths[r]! - (escaped[r] ? 1 : 0)
    if (openLength > 0) closer[r] = nextOfLength.get(openLength) ?? -1
    nextOfLength.set(lengths[r]!, r)
  }
  const spans: Array<[number, number]> = []
  for (let r = 0; r < starts.length; r++) {
    const c = closer[r]!
    if (c < 0) continue
    spans.push([starts[r]! + (escaped[r] ? 1 : 0), starts[c]! + lengths[c]!])
    r = c
  }
  return spans
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0c || c === 0x0b
}
