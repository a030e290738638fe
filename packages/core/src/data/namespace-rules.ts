// What the path of a namespace says about it: a document with `#` or `/` appended, a personal test page, a retired vocabulary.

/**
 * Extensions of documents made to be read, not vocabularies: a namespace ending in one of them and `#` or `/`
 * names fragments of a page (`…/ECMA-404.pdf#`, `…/format.html#`). Ontology files (`.owl#`, `.rdf#`, `.ttl#`)
 * are left alone: many vocabularies are published so.
 */
const DOCUMENT = /\.(?:pdf|html?|xhtml|docx?|odt|rtf|txt|xlsx?|pptx?)[#/]$/i

/**
 * A namespace whose whole path is one word for trying things out (`http://www.ashutosh.com/test/`): a personal
 * test or demo page. Deeper paths are left alone (`…/DataAccess/tests/test-manifest#` is W3C's test vocabulary,
 * `…/def/demo#` INSEE's demography).
 */
const TEST_PAGE = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+\/(?:test|tests|testing|demo|sandbox|playground|scratch|tmp|temp)[#/]$/i

/**
 * Vocabularies their publishers withdrew, with the namespace of the one that replaced them. Evidence, not taste:
 * - `http://rdf.data-vocabulary.org/`: Google's data-vocabulary.org markup, no longer read by Google Search
 *   since April 2021 in favour of schema.org (Google Search Central blog, "Schema.org is the only vocabulary for
 *   rich results", 2020).
 */
const RETIRED: ReadonlyArray<readonly [string, string]> = [['http://rdf.data-vocabulary.org/', 'http://schema.org/']]

/** Whether `namespace` is a document's address with `#` or `/` appended. */
export function isDocument(namespace: string): boolean {
  return DOCUMENT.test(namespace)
}

/** Whether `namespace` is a personal test or demo page. */
export function isTestPage(namespace: string): boolean {
  return TEST_PAGE.test(namespace)
}

/** The namespace of the vocabulary that replaced the retired one `namespace` lies in, if any. */
export function successorNamespace(namespace: string): string | undefined {
  return RETIRED.find(([retired]) => namespace.startsWith(retired))?.[1]
}
