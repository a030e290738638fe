// Message Markdown to HTML with markdown-it: CommonMark, raw HTML escaped (never passed through).

import MarkdownIt from 'markdown-it'

const renderer = new MarkdownIt({ html: false, linkify: true, breaks: false })

/** The HTML of a message or reminder's Markdown source. */
export function renderMarkdown(content: string): string {
  return renderer.render(content).trimEnd()
}

/** Which wildcard mentions a rendered message makes: only in its text, not in code, nor inside a word. */
export function wildcardMentions(html: string): { readonly channel: boolean; readonly topic: boolean } {
  const text = html.replace(/<pre>[\s\S]*?<\/pre>|<code>[\s\S]*?<\/code>/g, ' ')
  const mentioned = (names: string): boolean => new RegExp(`(?:^|[\\s>(])@<strong>(?:${names})</strong>`, 'i').test(text)
  return { channel: mentioned('all|everyone|channel|stream'), topic: mentioned('topic') }
}
