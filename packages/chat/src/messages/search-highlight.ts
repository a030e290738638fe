// Search highlights of GET /messages (`match_content`, `match_subject`): the words a search looked for,
// wrapped in <span class="highlight"> in a message's rendered HTML and in its escaped topic.

const START = '<span class="highlight">'
const END = '</span>'

/**
 * One scan of rendered HTML: a tag (copied whole: attribute values are never highlighted), a character
 * reference (copied whole: `&amp;` holds no word), or a word as the search indexes split text — letters,
 * digits and their combining marks (FTS5's unicode61 and PostgreSQL's parser both split at `_`, `'`, `-`).
 */
const TOKENS = /<[^>]*>?|&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);|[\p{L}\p{N}\p{M}]+/gu

/** A word as the indexes compare it: lower case, without diacritics (FTS5's remove_diacritics 2). */
function comparable(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
}

/** The words of a search (narrow.ts's searchWords) as the highlighter compares them. */
export function highlightWords(words: readonly string[]): ReadonlySet<string> {
  return new Set(
    words
      .flatMap((word) => word.split('_'))
      .filter((word) => word !== '')
      .map(comparable),
  )
}

/**
 * `html` with every whole word of `words` wrapped in a highlight span, outside tags and character references
 * only, so the result is the same HTML with spans added (the reference server's match_content).
 * @example highlightHtml('<p>Turtle <a href="turtle">here</a></p>', highlightWords(['turtle'])) // '<p><span class="highlight">Turtle</span> <a href="turtle">here</a></p>'
 */
export function highlightHtml(html: string, words: ReadonlySet<string>): string {
  if (words.size === 0) return html
  return html.replace(TOKENS, (token) => (token[0] === '<' || token[0] === '&' || !words.has(comparable(token)) ? token : START + token + END))
}

/** The topic as match_subject shows it: HTML-escaped, then highlighted. */
export function highlightTopic(topic: string, words: ReadonlySet<string>): string {
  return highlightHtml(escapeHtml(topic), words)
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}
