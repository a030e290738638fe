// @prefixd/data: where the default index files are, and how to read one without importing it. @prefixd/core reads them.

/** The full tier: prefixes, vocabularies and terms, in the `prefixd-index/1` format (an ES module, see {@link tierJson}). */
export const FULL_INDEX_FILE = new URL('./full.js', import.meta.url)
/** The prefixes tier: the same prefix table and vocabulary descriptions, without the terms. */
export const PREFIXES_INDEX_FILE = new URL('./prefixes.js', import.meta.url)
/** What the data was built from: the versions of its source packages and each tier's checksum (JSON). */
export const PROVENANCE_FILE = new URL('./provenance.json', import.meta.url)
/** The knowledge tier: definitions, domains, ranges, hierarchies and vocabulary headers (`prefixd-knowledge/2`). */
export const KNOWLEDGE_FILE = new URL('./knowledge.js', import.meta.url)

/** The two shapes of a tier module, head and tail: its data parsed (full, prefixes), or its JSON text (knowledge). */
const PARSED = ["export default JSON.parse('", "')\n"]
const TEXT = ["export default '", "'\n"]

/**
 * A tier module's source: its JSON in one single-quoted string — parsed (`JSON.parse`, which engines load faster
 * than the same data as JS objects), or with `text` given as it is. Written so that engines read it fast and
 * bundlers keep it so (measured in Chromium: bench/knowledge.ts):
 * - ASCII only: every other character (and `'`) becomes its JSON escape (`\u00e9`, which stands for the same
 *   character). One character beyond Latin-1 makes a browser hold and scan the whole source as UTF-16.
 * - No line breaks (JSON.stringify writes none; the knowledge tier separates its entries by tabs): with neither
 *   a line break nor a `'` in the text, minifiers (esbuild, terser) keep it single-quoted rather than rewriting it
 *   as a template literal, which V8 scans about 1.5 times slower (and `String.raw`, 3 times).
 * - The string's only escape is a doubled backslash, so {@link tierJson} gets the JSON back by undoing that.
 */
export function tierModule(json, { text = false } = {}) {
  if (/[\n\r]/.test(json)) throw new TypeError('a tier written as a module must have no line breaks')
  const [head, tail] = text ? TEXT : PARSED
  const ascii = json.replace(/[^\x00-\x26\x28-\x7f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return head + ascii.replaceAll('\\', '\\\\') + tail
}

/**
 * The JSON text of a tier, from its module's source (what {@link tierModule} wrote): for reading a tier from
 * disk without importing it, so that the parsed data is not held by the module cache for the life of the process.
 */
export function tierJson(source) {
  return pieceJson(moduleString(source))
}

/**
 * A tier's JSON in the pieces its tabs part (the full tier: its head, then each run of terms, then `]}`; see
 * termRunNamespace), each as the module writes it — {@link pieceJson} gives a piece's JSON text. For a reader that
 * parses only some pieces: tierJson makes a copy of the whole text first (2.2 MB for the full tier).
 */
export function tierPieces(source) {
  return moduleString(source).split('\t')
}

/** The JSON text of a piece of {@link tierPieces} (the module's doubled backslashes undone). */
export function pieceJson(piece) {
  return piece.replaceAll('\\\\', '\\')
}

/** The string literal's content in a tier module's source: its JSON with backslashes doubled. */
function moduleString(source) {
  for (const [head, tail] of [PARSED, TEXT]) {
    if (source.length >= head.length + tail.length && source.startsWith(head) && source.endsWith(tail)) {
      return source.slice(head.length, source.length - tail.length)
    }
  }
  throw new TypeError('not a tier module of @prefixd/data')
}

/**
 * The namespace of a run of the full tier's terms: the IRI up to its last `/` or `#` (the whole IRI without
 * either). The full tier writes its terms last, one run of consecutive terms with the same such namespace after
 * each tab, so that a reader can parse its head and the runs of one vocabulary alone (core's tier-text.ts).
 */
export function termRunNamespace(iri) {
  return iri.slice(0, Math.max(iri.lastIndexOf('/'), iri.lastIndexOf('#')) + 1)
}
