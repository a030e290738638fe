// What a rendered message (render.ts) says beyond its HTML: the wildcard mentions it makes.

/** Which wildcard mentions a rendered message makes: only in its text, not in code, nor inside a word. */
export function wildcardMentions(html: string): { readonly channel: boolean; readonly topic: boolean } {
  const text = html.replace(/<pre>[\s\S]*?<\/pre>|<code>[\s\S]*?<\/code>/g, ' ')
  const mentioned = (names: string): boolean => new RegExp(`(?:^|[\\s>(])@<strong>(?:${names})</strong>`, 'i').test(text)
  return { channel: mentioned('all|everyone|channel|stream'), topic: mentioned('topic') }
}
