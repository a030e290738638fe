// Message Markdown to HTML with markdown-it (render.ts): CommonMark, raw HTML escaped (never passed through).

import { renderMessage } from './render.js'

/**
 * The HTML of a message or reminder's Markdown source, without linkifiers (the fixture's messages and
 * reminders keep this rendering; messages sent through the API use `renderMessage` with the linkers).
 */
export function renderMarkdown(content: string): string {
  return renderMessage(content, [])
}

/** Which wildcard mentions a rendered message makes: only in its text, not in code, nor inside a word. */
export function wildcardMentions(html: string): { readonly channel: boolean; readonly topic: boolean } {
  const text = html.replace(/<pre>[\s\S]*?<\/pre>|<code>[\s\S]*?<\/code>/g, ' ')
  const mentioned = (names: string): boolean => new RegExp(`(?:^|[\\s>(])@<strong>(?:${names})</strong>`, 'i').test(text)
  return { channel: mentioned('all|everyone|channel|stream'), topic: mentioned('topic') }
}
