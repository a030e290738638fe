// Which URLs a rendered message may link to: markdown-it's own rule, shared by every linker.

import MarkdownIt from 'markdown-it'

// Only for its URL rule, which no option changes (every instance has the same one); rendering's configuration is render/markdown.ts.
const md = new MarkdownIt()

/**
 * Whether markdown-it would link to `url`: not `javascript:`, `vbscript:`, `file:`, nor `data:` but
 * images. A linker's span whose URL fails this is not a link, and leaves its text to the next linker.
 * @example isLinkableUrl('javascript:alert(1)') // false
 */
export function isLinkableUrl(url: string): boolean {
  return md.validateLink(url)
}
