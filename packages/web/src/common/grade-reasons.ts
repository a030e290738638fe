// Why the build graded a prefix as it did, in words (data/README.md, "Prefix quality grades"): one table for every
// page that names a grade's reason (the suspect redirect page, a vocabulary's page).

/** Each reason the resolver answers with (core's GradeReason), as the end of "… because …". */
export const GRADE_REASONS: Readonly<Record<string, string>> = {
  'placeholder-host': 'its namespace is on a test or placeholder host (a reserved domain, an example domain, localhost or an IP address)',
  'no-vocabulary-host': 'its namespace is on a site that serves no vocabulary (a search engine, a shop, mail, file sharing, a messenger or an unrelated site)',
  'prefix-cc': 'its namespace is a page of prefix.cc itself',
  'placeholder-name': 'its name is a placeholder',
  'typo-alias': 'it is a misspelling of a better-known prefix for the same namespace',
  'near-duplicate': 'it is a well-known prefix with letters repeated, bound elsewhere',
  document: "its namespace is a document's address (a PDF, a page) with # or / appended, not a vocabulary",
  'test-page': 'its namespace is a personal test or demo page',
  umbrella: "its namespace is a host's root that holds other vocabularies' namespaces",
  retired: 'its vocabulary was withdrawn by its publisher',
}

/** The reason in words, or a plain word when the resolver gave none (or one this page does not know). */
export function gradeReason(reason: string | null | undefined): string {
  return (reason == null ? undefined : GRADE_REASONS[reason]) ?? 'no rule says more than its grade'
}
