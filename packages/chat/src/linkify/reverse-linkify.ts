// Reverse linkification: a pasted URL back to the linkifier text that links to it (chat-api.md §2.6 reverse_template).

import { parseReverseTemplate } from './linkifier-rules.js'
import { linkifierLinker } from './linkify.js'
import { templatePattern, urlTemplateExpander } from './url-template.js'

/** What reverse linkification reads of a linkifier (chat-api.md §2.6). */
export interface ReverseLinkifier {
  readonly pattern: string
  readonly url_template: string
  readonly reverse_template: string | null
  readonly alternative_url_templates: readonly string[]
}

/**
 * The linkifier text for `url`: the first linkifier (in order) with a reverse_template whose url_template
 * or one of its alternative_url_templates matches the whole URL gives its reverse_template filled with
 * the captured variables (percent-decoded). The text must round-trip: the template filled with those
 * values gives the URL back (so `%2F` read by `{+var}` does not pass for `/`), and rendering the text
 * with all the linkifiers links all of it to what this linkifier's url_template makes of them — not an
 * earlier linkifier's URL, not a shorter match. Otherwise the next template or linkifier is tried.
 * Linkifiers without reverse_template are skipped. Matching is linear (RE2).
 * @example reverseLinkify('https://github.com/example/project/issues/12', linkifiers) // '#12'
 */
export function reverseLinkify(url: string, linkifiers: readonly ReverseLinkifier[]): string | undefined {
  const forward = linkifierLinker(linkifiers)
  for (const linkifier of linkifiers) {
    if (linkifier.reverse_template === null) continue
    const reverse = parseReverseTemplate(linkifier.reverse_template)
    if (!reverse.ok) continue
    for (const template of [linkifier.url_template, ...linkifier.alternative_url_templates]) {
      const values = readTemplate(template, url)
      if (values === undefined || !sameUrl(urlTemplateExpander(template)(values), url)) continue
      let text = ''
      let complete = true
      for (const part of reverse.parts) {
        if ('text' in part) text += part.text
        else if (Object.hasOwn(values, part.group)) text += values[part.group]
        else complete = false
      }
      if (!complete) continue
      const links = forward(text)
      const target = urlTemplateExpander(linkifier.url_template)(values)
      if (links.length === 1 && links[0]!.start === 0 && links[0]!.end === text.length && target !== undefined && sameUrl(links[0]!.url, target)) return text
    }
  }
  return undefined
}

/** Two URLs alike but for the case of their percent-escapes' hex digits (`%c3` and `%C3`). */
function sameUrl(a: string | undefined, b: string): boolean {
  const upper = (u: string): string => u.replace(/%[0-9a-fA-F]{2}/g, (escape) => escape.toUpperCase())
  return a !== undefined && upper(a) === upper(b)
}

/** The variables of `template` read from the whole of `url`, or `undefined` when it does not match. */
function readTemplate(template: string, url: string): Record<string, string> | undefined {
  const pattern = templatePattern(template)
  if (pattern === undefined) return undefined
  const matcher = pattern.regex.matcher(url)
  if (!matcher.matches()) return undefined
  const values: Record<string, string> = {}
  for (const [index, name] of pattern.variables.entries()) {
    let value: string
    try {
      value = decodeURIComponent(matcher.group(index + 1) ?? '')
    } catch {
      return undefined // a malformed escape: not a URL the template made
    }
    // A variable used twice must read the same both times.
    if (Object.hasOwn(values, name) && values[name] !== value) return undefined
    values[name] = value
  }
  return values
}
