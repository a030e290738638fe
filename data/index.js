// @prefixd/data: where the default index files are. @prefixd/core reads them (PrefixIndex.loadDefault).

/** The full tier: prefixes, vocabularies and terms, in the `prefixd-index/1` format. */
export const FULL_INDEX_FILE = new URL('./full.json', import.meta.url)
/** The prefixes tier: the same prefix table and vocabulary descriptions, without the terms. */
export const PREFIXES_INDEX_FILE = new URL('./prefixes.json', import.meta.url)
/** What the data was built from: the versions of its source packages and each tier's checksum. */
export const PROVENANCE_FILE = new URL('./provenance.json', import.meta.url)
/** The knowledge tier: definitions, domains, ranges, hierarchies and vocabulary headers (`prefixd-knowledge/2`). */
export const KNOWLEDGE_FILE = new URL('./knowledge.json', import.meta.url)
