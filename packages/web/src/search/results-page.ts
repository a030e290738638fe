// The search results page (/search?q=…): every hit counted, a page of them at a time, filtered by vocabulary,
// kind and deprecation — all in the URL, so that a search can be shared.

import { apiGet, showFailure, type ApiSearchHit as Hit, type ApiSearchResults as Results } from '../common/api.js'
import { byId, h } from '../common/dom.js'
import { termHref, vocabularyHref } from '../common/links.js'
import { loadingHint } from '../common/loading.js'
import { chosenSet } from '../common/set-choice.js'

/** Hits on one page. */
export const PAGE_SIZE = 20

const KIND_NAMES: Readonly<Record<Hit['kind'], string>> = { prefix: 'prefix', class: 'class', property: 'property', individual: 'individual' }

const params = new URLSearchParams(location.search)
const q = (params.get('q') ?? '').trim()
const filters = { vocabulary: params.get('vocabulary') ?? '', kind: params.get('kind') ?? '', deprecated: params.get('deprecated') ?? '' }
const pageNumber = Math.max(1, Math.min(50, Number.parseInt(params.get('page') ?? '1', 10) || 1))
const status = byId('status')
const form = byId<HTMLFormElement>('search-form')
const list = byId<HTMLOListElement>('hits')
const paging = byId('paging')
const vocabularySelect = byId<HTMLSelectElement>('vocabulary')

byId<HTMLInputElement>('q').value = q
byId<HTMLSelectElement>('kind').value = filters.kind
byId<HTMLSelectElement>('deprecated').value = filters.deprecated
const set = chosenSet()
if (set !== undefined) Object.assign(byId<HTMLInputElement>('set-field'), { value: set, disabled: false })
// A filter applies as soon as it is chosen; empty fields stay out of the URL.
for (const select of form.querySelectorAll('select')) select.addEventListener('change', () => form.requestSubmit())
form.addEventListener('formdata', (event) => {
  for (const [name, value] of [...event.formData]) if (value === '') event.formData.delete(name)
})
if (q === '') {
  status.textContent = 'Type a prefix, words or part of an IRI, then Search.'
  byId<HTMLInputElement>('q').focus()
} else void load()

async function load(): Promise<void> {
  document.title = `${q} — prefixd search`
  const loaded = loadingHint(status)
  try {
    const query: Record<string, string> = { q, offset: String((pageNumber - 1) * PAGE_SIZE), limit: String(PAGE_SIZE) }
    for (const [name, value] of Object.entries(filters)) if (value !== '') query[name] = value
    const { body } = await apiGet<Results>('search/results', query)
    loaded()
    show(body)
  } catch (error) {
    loaded()
    showFailure(status, error)
  }
}

function show(results: Results): void {
  vocabularySelect.append(...results.facets.vocabularies.map(({ prefix, count }) => h('option', { value: prefix }, `${prefix}: (${count})`)))
  if (filters.vocabulary !== '' && !results.facets.vocabularies.some((v) => v.prefix === filters.vocabulary)) {
    vocabularySelect.append(h('option', { value: filters.vocabulary }, `${filters.vocabulary}:`))
  }
  vocabularySelect.value = filters.vocabulary
  const first = (pageNumber - 1) * PAGE_SIZE + 1
  const count = `${results.total.toLocaleString('en')}${results.truncated ? '+' : ''}`
  status.textContent =
    results.total === 0
      ? `Nothing found for “${q}”${filters.vocabulary || filters.kind || filters.deprecated ? ' with these filters' : ''}.`
      : `${count} result${results.total === 1 ? '' : 's'} for “${q}”` +
        (results.total > PAGE_SIZE ? `; ${first}–${first + results.hits.length - 1} shown.` : '.')
  list.setAttribute('start', String(first))
  list.replaceChildren(...results.hits.map(renderHit))
  renderPaging(results.total)
}

function renderHit(hit: Hit): HTMLLIElement {
  const href = hitHref(hit)
  const name = hit.prefixed ?? hit.iri
  return h(
    'li',
    { class: 'hit' },
    h(
      'p',
      { class: 'hit-head' },
      href === undefined ? h('span', { class: 'name' }, name) : h('a', { class: 'name', href }, name),
      hit.label ? h('span', { class: 'label' }, hit.label) : null,
      h('span', { class: `kind kind-${hit.kind}` }, KIND_NAMES[hit.kind]),
      hit.deprecated ? h('span', { class: 'deprecated-badge' }, 'deprecated') : null,
    ),
    hit.definition ? h('p', { class: 'hit-definition' }, hit.definition) : null,
    h(
      'p',
      { class: 'hit-vocabulary' },
      hit.kind === 'prefix'
        ? h('span', { class: 'iri' }, hit.iri)
        : hit.vocabulary === null
          ? h('span', { class: 'iri' }, hit.iri)
          : h('span', {}, 'in ', h('a', { href: vocabularyHref(hit.vocabulary) }, `${hit.vocabulary}:`)),
    ),
  )
}

function hitHref(hit: Hit): string | undefined {
  if (hit.kind === 'prefix') return hit.vocabulary === null ? undefined : vocabularyHref(hit.vocabulary)
  return hit.prefixed === null ? undefined : termHref(hit.prefixed)
}

/** Previous, a few page numbers around this one, next; each a link to the same URL with another `page`. */
function renderPaging(total: number): void {
  const pages = Math.min(50, Math.ceil(total / PAGE_SIZE))
  if (pages <= 1) return
  const link = (page: number, text: string, label?: string): HTMLElement => {
    const url = new URL(location.href)
    if (page === 1) url.searchParams.delete('page')
    else url.searchParams.set('page', String(page))
    const attributes: Record<string, string> = { href: url.pathname + url.search }
    if (label !== undefined) attributes['aria-label'] = label
    if (page === pageNumber) attributes['aria-current'] = 'page'
    return h('a', attributes, text)
  }
  const items: HTMLElement[] = []
  if (pageNumber > 1) items.push(link(pageNumber - 1, '← Previous', 'Previous page'))
  for (let page = Math.max(1, pageNumber - 3); page <= Math.min(pages, pageNumber + 3); page++) items.push(link(page, String(page), `Page ${page}`))
  if (pageNumber < pages) items.push(link(pageNumber + 1, 'Next →', 'Next page'))
  paging.replaceChildren(...items)
  paging.hidden = false
}
