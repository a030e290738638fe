/** The full tier: prefixes, vocabularies and terms, in the `prefixd-index/1` format (an ES module, see {@link tierJson}). */
export declare const FULL_INDEX_FILE: URL
/** The prefixes tier: the same prefix table and vocabulary descriptions, without the terms. */
export declare const PREFIXES_INDEX_FILE: URL
/** What the data was built from: the versions of its source packages and each tier's checksum (JSON). */
export declare const PROVENANCE_FILE: URL
/** The knowledge tier: definitions, domains, ranges, hierarchies and vocabulary headers (`prefixd-knowledge/2`). */
export declare const KNOWLEDGE_FILE: URL
/** A tier module's source: its JSON (made ASCII, no line breaks) as one single-quoted string, backslashes doubled; parsed by `JSON.parse` unless `text`. */
export declare function tierModule(json: string, options?: { readonly text?: boolean }): string
/**
 * The JSON text of a tier, from its module's source (what {@link tierModule} wrote): for reading a tier from
 * disk without importing it, so that the parsed data is not held by the module cache for the life of the process.
 * @example JSON.parse(tierJson(readFileSync(FULL_INDEX_FILE, 'utf8'))).format // 'prefixd-index/1'
 */
export declare function tierJson(source: string): string
/**
 * The namespace of a run of the full tier's terms: the IRI up to its last `/` or `#`. The full tier writes its
 * terms last, each run of consecutive terms with the same one after a tab (whitespace to JSON, and never inside
 * one of its strings), so that its head and one vocabulary's terms parse alone.
 * @example termRunNamespace('http://xmlns.com/foaf/0.1/Person') // 'http://xmlns.com/foaf/0.1/'
 */
export declare function termRunNamespace(iri: string): string
/**
 * A tier's JSON in the pieces its tabs part (the full tier: its head, each run of terms, then `]}`; see
 * {@link termRunNamespace}), each as its module writes it: {@link pieceJson} gives a piece's JSON text. For a
 * reader that parses some pieces only, without the copy of the whole text {@link tierJson} makes.
 */
export declare function tierPieces(source: string): string[]
/** The JSON text of a piece of {@link tierPieces}. */
export declare function pieceJson(piece: string): string
