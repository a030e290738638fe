// A definition as its publisher meant it, before the knowledge tier stores it: two slips of the vocabulary
// packages repaired where they are known, nothing else touched (definitionText in core reads the markup later).

import { listLines } from '@prefixd/core'

/**
 * Packages whose definitions hold a line break as a backslash and an n (escaped twice on the way into N-Quads):
 * schema.org's, in 108 definitions (`Data type: Number.\n\nUsage guidelines:…`). Only where known: a backslash
 * and an n is text elsewhere (LaTeX's `\nu` in QUDT, dash's "no line breaks ('\n' or '\r')").
 */
const ESCAPED_TWICE = new Set(['http://schema.org/'])

/**
 * Where a package's site-relative Markdown links lead: schema.org writes `[background notes](/docs/datamodel.html…)`
 * for pages of its site, which a reader of the tier (away from schema.org) could not follow.
 */
const LINK_BASE: Readonly<Record<string, string>> = { 'http://schema.org/': 'https://schema.org/' }

/** `text`, a definition in the package of `namespace`, with that package's known slips repaired. */
export function repairDefinition(text: string, namespace: string): string {
  let repaired = ESCAPED_TWICE.has(namespace) ? text.replace(/\\n/g, '\n') : text
  const base = LINK_BASE[namespace]
  if (base !== undefined)
    repaired = repaired.replace(/(\[[^\]\n]+\]\()(\/[^\s)]*)\)/g, (_, label: string, path: string) => `${label}${new URL(path, base).href})`)
  return repaired
}

/** Whitespace as a reader expects it: paragraphs kept, and each Markdown list item on a line of its own; other breaks and indentation folded. */
export function tidy(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => listLines(paragraph))
    .filter((paragraph) => paragraph !== '')
    .join('\n\n')
}
