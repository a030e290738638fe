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
const PARSED = ['export default JSON.parse(String.raw`', '`)\n']
const TEXT = ['export default String.raw`', '`\n']

/**
 * A tier module's source: its JSON as one raw template string — parsed (`JSON.parse`, which engines load faster
 * than the same data as JS objects), or with `text` given as it is. The string is the JSON text itself, so the
 * module can be read as JSON too ({@link tierJson}): the two characters a template string would take otherwise,
 * a backtick and the `$` of `${`, are written as JSON escapes, which stand for the same characters.
 */
export function tierModule(json, { text = false } = {}) {
  const [head, tail] = text ? TEXT : PARSED
  return head + json.replace(/`|\$(?=\{)/g, (ch) => (ch === '`' ? '\\u0060' : '\\u0024')) + tail
}

/** The head's and the tail's lengths of a module's source, told by `is(text, at)`. */
function frame(length, is) {
  for (const [head, tail] of [PARSED, TEXT])
    if (length >= head.length + tail.length && is(head, 0) && is(tail, length - tail.length)) return [head.length, tail.length]
  throw new TypeError('not a tier module of @prefixd/data')
}

/**
 * The JSON text of a tier, from its module's source (what {@link tierModule} wrote): for reading a tier from
 * disk without importing it, so that the parsed data is not held by the module cache for the life of the process.
 */
export function tierJson(source) {
  const [head, tail] = frame(source.length, (text, at) => source.startsWith(text, at))
  return source.slice(head, source.length - tail)
}

/** {@link tierJson} for the file's bytes: the JSON's bytes, a view into them (the knowledge tier reads its lines lazily). */
export function tierJsonBytes(bytes) {
  const [head, tail] = frame(bytes.length, (text, at) => [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0)))
  return bytes.subarray(head, bytes.length - tail)
}
