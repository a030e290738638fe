// A definition's safe Markdown (core's definitionText: HTML escaped, web links kept) as DOM nodes: never innerHTML.

import { h } from '../common/dom.js'

/** Links to web addresses, `**strong**`, `*emphasis*`, `` `code` ``, backslash escapes and the three entities core writes. */
const INLINE = /\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)|\*\*(\S[^\n]*?)\*\*|(?<![\\*\w])\*(\S[^*\n]*?)\*(?![*\w])|`([^`\n]+)`/g

/** A definition as paragraphs: `markdown` when the resolver sent it (links and emphasis), else the plain `text`. */
export function definitionBlock(text: string, markdown: string | null | undefined, className = 'definition'): HTMLElement {
  const paragraphs = (markdown ?? text).split(/\n\n+/)
  return h('div', { class: className }, ...paragraphs.map((p) => h('p', {}, ...(markdown == null ? [p] : inline(p)))))
}

/** One paragraph's inline Markdown as text nodes and elements; what is not Markdown stays text. */
function inline(paragraph: string): Array<Node | string> {
  const parts: Array<Node | string> = []
  let at = 0
  for (const match of paragraph.matchAll(INLINE)) {
    if (match.index > at) parts.push(plain(paragraph.slice(at, match.index)))
    const [, label, href, strong, em, code] = match
    if (href !== undefined) parts.push(h('a', { href, rel: 'noopener' }, plain(label!)))
    else if (strong !== undefined) parts.push(h('strong', {}, plain(strong)))
    else if (em !== undefined) parts.push(h('em', {}, plain(em)))
    else parts.push(h('code', {}, plain(code!)))
    at = match.index + match[0].length
  }
  if (at < paragraph.length) parts.push(plain(paragraph.slice(at)))
  return parts
}

/** Markdown's text as the characters it stands for (set as text, so nothing in it is markup). */
function plain(text: string): string {
  return text
    .replace(/\\([\\`*_[\]])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}
