// The core rule that runs a render's text linkers (linkifiers, prefix glue) over the text outside code and links.

import type { StateCore, Token } from 'markdown-it'
import { isLinkableUrl } from '../linkify/link-url.js'
import { mergeLinks } from '../linkify/linkify.js'
import type { TextLink, TextLinker } from '../linkify/text-linker.js'

/** Where a render's linkers travel to the core rule: markdown-it hands `env` to every rule. */
export const LINKERS = Symbol('text linkers')

/** The spans of all linkers in one text, earlier linkers winning, with URLs markdown-it accepts. */
export function findLinks(text: string, linkers: readonly TextLinker[]): TextLink[] {
  let links: TextLink[] = []
  for (const linker of linkers) {
    const found = linker(text).filter((link) => isLinkableUrl(link.url))
    if (found.length > 0) links = mergeLinks(links, found, text.length)
  }
  return links
}

/** Adjacent text tokens outside links: a run of the text that may be linked. */
interface TextRun {
  readonly tokens: Token[]
  /** Where the run starts in its block's text. */
  readonly start: number
  readonly text: string
  /** Offsets in `text` of backslash-escaped characters, which no link may contain. */
  readonly escaped: readonly number[]
}

/**
 * An inline block's text as a reader sees it — text, code spans, link texts, image descriptions, line
 * breaks; emphasis marks add nothing — and the runs of it outside code and links. The boundaries of a
 * match are judged on this text: `x`#1 is preceded by a letter, #12**3** followed by a digit.
 */
function blockText(children: readonly Token[]): { readonly text: string; readonly runs: readonly TextRun[] } {
  const runs: TextRun[] = []
  let text = ''
  let inLink = 0
  let run: { tokens: Token[]; start: number; text: string; escaped: number[] } | undefined
  for (const token of children) {
    if (token.type === 'link_open') inLink += 1
    else if (token.type === 'link_close') inLink -= 1
    if (inLink === 0 && (token.type === 'text' || token.type === 'text_special')) {
      if (run === undefined) runs.push((run = { tokens: [], start: text.length, text: '', escaped: [] }))
      if (token.type === 'text_special' && token.info === 'escape') run.escaped.push(run.text.length)
      run.tokens.push(token)
      run.text += token.content
    } else {
      run = undefined
    }
    // Markup tokens (emphasis, link marks) have no content; an image's is its description.
    text += token.type === 'softbreak' || token.type === 'hardbreak' ? '\n' : token.content
  }
  return { text, runs: runs.filter((r) => r.text !== '') }
}

/**
 * The core rule: in each inline block (a paragraph, a heading, a list item's or a table cell's text),
 * the linkers run over the block's text, and each span that lies within one run of linkable text and
 * contains no escaped character turns that run into text and link tokens. `^` and `$` in a linkifier
 * are the start and end of the block.
 */
export function linkTextTokens(state: StateCore): void {
  const linkers = state.env[LINKERS] as readonly TextLinker[] | undefined
  if (linkers === undefined || linkers.length === 0) return
  for (const block of state.tokens) {
    if (block.type !== 'inline' || block.children === null) continue
    const { text, runs } = blockText(block.children)
    if (runs.length === 0) continue
    const byRun = new Map<TextRun, TextLink[]>()
    let at = 0
    for (const link of findLinks(text, linkers)) {
      while (at + 1 < runs.length && runs[at + 1]!.start <= link.start) at++
      const run = runs[at]!
      const start = link.start - run.start
      const end = link.end - run.start
      if (start < 0 || end > run.text.length || run.escaped.some((e) => e >= start && e < end)) continue
      const list = byRun.get(run) ?? []
      list.push({ start, end, url: link.url })
      byRun.set(run, list)
    }
    if (byRun.size === 0) continue
    // The linked runs' tokens give way to text and link tokens; every other token is kept.
    const replaced = new Map([...byRun.keys()].map((run) => [run.tokens[0]!, run]))
    const dropped = new Set([...byRun.keys()].flatMap((run) => run.tokens.slice(1)))
    const children: Token[] = []
    for (const token of block.children) {
      const run = replaced.get(token)
      if (run !== undefined) splitText(state, run.text, token.level, byRun.get(run)!, children)
      else if (!dropped.has(token)) children.push(token)
    }
    block.children = children
  }
}

/** Pushes `text` as text and link tokens, as markdown-it's own linkify rule builds them. */
function splitText(state: StateCore, text: string, level: number, links: readonly TextLink[], out: Token[]): void {
  const pushText = (content: string, at: number): void => {
    const part = new state.Token('text', '', 0)
    part.content = content
    part.level = at
    out.push(part)
  }
  let last = 0
  for (const link of links) {
    if (link.start > last) pushText(text.slice(last, link.start), level)
    const open = new state.Token('link_open', 'a', 1)
    open.attrs = [['href', link.url]]
    open.level = level
    open.markup = 'linker'
    open.info = 'auto'
    out.push(open)
    pushText(text.slice(link.start, link.end), level + 1)
    const close = new state.Token('link_close', 'a', -1)
    close.level = level
    close.markup = 'linker'
    close.info = 'auto'
    out.push(close)
    last = link.end
  }
  if (last < text.length) pushText(text.slice(last), level)
}
