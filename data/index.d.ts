/** The full tier: prefixes, vocabularies and terms, in the `prefixd-index/1` format. */
export declare const FULL_INDEX_FILE: URL
/** The prefixes tier: the same prefix table and vocabulary descriptions, without the terms. */
export declare const PREFIXES_INDEX_FILE: URL
/** What the data was built from: the versions of its source packages and each tier's checksum. */
export declare const PROVENANCE_FILE: URL
/** The knowledge tier: definitions, domains, ranges, hierarchies and vocabulary headers (`prefixd-knowledge/2`). */
export declare const KNOWLEDGE_FILE: URL
