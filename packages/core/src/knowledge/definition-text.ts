// A vocabulary's definition as people read it: plain text, and safe Markdown where the source had links or emphasis.

/** A definition read: `text` for any display, `markdown` (HTML escaped, links kept) when the source said more than text. */
export interface DefinitionText {
  readonly text: string
  readonly markdown?: string
}

/** A Markdown link whose target is a web address; other targets keep their text only. */
const LINK = /\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g
/**
 * A tag of HTML's own (lower case, as QUDT and DBpedia write them): only those are markup. `<Number>` in schema.org's
 * "of the form '<Number> <Length unit>'" is text.
 */
const HTML_TAG =
  /<\/?(?:p|br|em|i|strong|b|code|a|span|div|ul|ol|li|sub|sup|pre|tt|h[1-6]|table|tr|td|th|tbody|thead|font|small|big|u|s|ref)(?:\s[^<>]*)?\s*\/?>/
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
/**
 * A Wikipedia citation as DBpedia copies it, `<ref>https://…</ref>` (often with its brackets escaped): written as a
 * link named by its host, set off by a space and parentheses, so that neither the sentence before nor the address
 * runs into the other. `(?<!\s)`: a match starts only where a run of spaces does — tried from inside the run as well,
 * `\s*` made a long run cost its length squared (200,000 spaces: 12 s).
 */
const CITATION = /(?<!\s)\s*(?:<|&lt;)ref(?:>|&gt;)\s*(https?:\/\/[^\s<>&]+)\s*(?:<|&lt;)\/ref(?:>|&gt;)/gi

/**
 * Reads a definition as its vocabulary wrote it — schema.org's Markdown (`[[Thing]]`, `[text](url)`, paragraphs
 * as blank lines), QUDT's HTML (`<p>`, `<em>`, entities) or plain text — into plain text (paragraphs kept as a
 * blank line, links as their text) and, when there were links, emphasis or code, Markdown in which every `<`, `>`
 * and `&` of the text is escaped, so that no renderer takes the source's markup for HTML.
 */
export function definitionText(source: string): DefinitionText {
  const cited = source.replace(CITATION, (_, url: string) => ` ([${/^https?:\/\/([\w.-]+)/.exec(url)?.[1] ?? 'source'}](${url}))`)
  const markdown = paragraphs(fromHtml(cited).replace(/\[\[([^\]\n]+)\]\]/g, '$1'))
    .join('\n\n')
    // A link to anything but a web address (javascript:, data:) is written as text: its brackets escaped.
    .replace(/\[([^\]\n]*)\]\((?!https?:\/\/)/g, '\\[$1\\](')
  const plain = markdown
    .replace(LINK, '$1')
    // A link the Markdown keeps as text (a site-relative or script target): its text alone, as a web link's.
    .replace(/\\\[([^\]\n]*)\\\]\((?:[^()\s]|\([^()\s]*\))*\)/g, '$1')
    .replace(/(\*\*|__|`)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/(?<![\\*\w])\*(?=\S)([^*\n]*?\S)\*(?![*\w])/g, '$1')
    .replace(/\\([\\`*_[\]])/g, '$1')
    .replace(/&(lt|gt|amp);/g, (_, name: string) => ENTITIES[name]!)
  return plain === markdown ? { text: plain } : { text: plain, markdown }
}

/** HTML markup as Markdown or text: paragraphs and breaks as line breaks, emphasis, code and links as Markdown; the rest dropped, entities decoded, then `<`, `>`, `&` escaped. */
function fromHtml(source: string): string {
  if (!HTML_TAG.test(source) && !/&[a-z]+;|&#\d+;/i.test(source)) return escapeHtml(source)
  const marked = source
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/?\s*p(?:\s[^>]*)?>/gi, '\n\n')
    .replace(/<\/?\s*(?:em|i)(?:\s[^>]*)?>/gi, '*')
    .replace(/<\/?\s*(?:strong|b)(?:\s[^>]*)?>/gi, '**')
    .replace(/<\/?\s*code(?:\s[^>]*)?>/gi, '`')
    .replace(/<a\s[^>]*href="(https?:\/\/[^"]+)"[^>]*>([^<]*)<\/a>/gi, '[$2]($1)')
    .replace(new RegExp(HTML_TAG.source, 'gi'), '')
  const decoded = marked.replace(/&(#\d+|[a-z]+);/gi, (entity, name: string) =>
    name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? entity),
  )
  return escapeHtml(decoded)
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Paragraphs (split at blank lines), each with its whitespace folded but a Markdown list item kept on a line of its own; empty ones left out. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => listLines(p))
    .filter((p) => p !== '')
}

/**
 * A paragraph with its whitespace folded, but each Markdown list item (a line starting `* ` or `- `) on a line of
 * its own. Line by line, never a pattern with `\s*` on both sides of the break: that cost a run of spaces its length squared.
 */
export function listLines(paragraph: string): string {
  const lines: string[] = []
  for (const line of paragraph.split('\n')) {
    const folded = line.replace(/\s+/g, ' ').trim()
    if (folded === '') continue
    if (lines.length === 0 || /^[*-] /.test(folded)) lines.push(folded)
    else lines[lines.length - 1] += ` ${folded}`
  }
  return lines.join('\n')
}
