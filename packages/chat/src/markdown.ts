// Message Markdown to HTML with markdown-it: CommonMark, raw HTML escaped (never passed through).

import MarkdownIt from 'markdown-it'

const renderer = new MarkdownIt({ html: false, linkify: true, breaks: false })

/** The HTML of a message or reminder's Markdown source. */
export function renderMarkdown(content: string): string {
  return renderer.render(content).trimEnd()
}
