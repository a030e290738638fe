// The other names of a namespace and the other namespaces of a prefix, with the grade, score and reasons the
// `candidates` API gives each — on a vocabulary page, and under the answer to an IRI on the search page.

import { apiGet, type Candidate } from '../common/api.js'
import { h } from '../common/dom.js'
import { vocabularyHref } from '../common/links.js'

/** What `/api/v1/candidates` answers. */
export interface CandidatesAnswer {
  readonly chosen: string | null
  readonly candidates: readonly Candidate[]
}

export function fetchCandidates(iri: string, signal?: AbortSignal): Promise<CandidatesAnswer | undefined> {
  return apiGet<CandidatesAnswer>('candidates', { q: iri }, signal).then(({ status, body }) => (status === 200 ? body : undefined))
}

/** Every candidate as a list item: the name (a link to its vocabulary), “chosen” or not, its grade, score and reasons. */
export function candidateList(candidates: readonly Candidate[], here?: string): HTMLUListElement {
  return h(
    'ul',
    { class: 'candidates' },
    ...candidates.map((c) =>
      h(
        'li',
        { class: c.chosen ? 'candidate chosen' : 'candidate' },
        c.prefix === here ? h('code', {}, c.name) : h('a', { href: vocabularyHref(c.prefix) }, h('code', {}, c.name)),
        c.chosen ? h('strong', { class: 'chosen-note' }, ' — what shrink writes') : '',
        h('span', { class: 'grade' }, ` ${c.quality ?? 'your own'}, score ${c.score.toFixed(2)}`),
        h('span', { class: 'reasons' }, c.reasons.join('; ')),
      ),
    ),
  )
}

/**
 * A vocabulary page's section: the other prefixes written for its namespace (the candidates for the namespace
 * itself), and the namespaces registries propose for its prefix that the table binds elsewhere. `null` when
 * there is neither.
 */
export async function alternativesSection(
  prefix: string,
  namespace: string,
  otherNamespaces: ReadonlyArray<{ readonly namespace: string; readonly source: string }>,
): Promise<HTMLElement | null> {
  const answer = await fetchCandidates(namespace)
  // Only names that expand back to the namespace itself: not those of the form a synonym stands for.
  const names = (answer?.candidates ?? []).filter((c) => c.namespace === namespace && c.expandsTo === undefined)
  if (names.length <= 1 && otherNamespaces.length === 0) return null
  return h(
    'section',
    { class: 'alternatives', 'aria-labelledby': 'alternatives-title' },
    h('h2', { id: 'alternatives-title' }, 'Other names'),
    names.length > 1 ? h('p', {}, `${names.length} prefixes are written for ${namespace}, best first:`) : null,
    names.length > 1 ? candidateList(names, prefix) : null,
    otherNamespaces.length > 0
      ? h(
          'p',
          {},
          `Other namespaces proposed for ${prefix}: `,
          ...otherNamespaces.flatMap((other, i) => [i === 0 ? '' : '; ', h('code', {}, other.namespace), ` (${other.source})`]),
          ` — the table keeps ${namespace}, from a curated source.`,
        )
      : null,
  )
}
