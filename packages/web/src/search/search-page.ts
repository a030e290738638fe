// The search page (/): live suggestions as a combobox, and the expansion or shortening of what was typed.

import { apiGet, isAbort, showFailure, type ApiLookup, type Candidate, type Suggestion, type TermEntry } from '../common/api.js'
import { candidateList, fetchCandidates } from '../vocabularies/alternatives.js'
import { copyButton } from '../common/copy.js'
import { showFeatured } from './featured-vocabularies.js'
import { byId, debounce, h } from '../common/dom.js'
import { linkable, looksLikeIri, termPageHref, vocabularyHref } from '../common/links.js'
import { loadingHint } from '../common/loading.js'
import { rankWord } from './search-ranking.js'
import { setPicker, withSet } from '../common/set-choice.js'

/** Wait this long after the last keystroke before asking: typing `person` sends one request, not six. */
const DEBOUNCE_MS = 120
const MAX_SUGGESTIONS = 20

/** One row of the list, from either endpoint. */
interface Row {
  readonly name: string
  readonly iri: string
  readonly label: string | null
  readonly typeNames: readonly string[]
  readonly href: string
  /** Opens in this tab (our pages) or is the IRI itself (no page of ours knows it). */
  readonly external: boolean
}

const input = byId<HTMLInputElement>('query')
const list = byId<HTMLUListElement>('suggestions')
const answer = byId('answer')
const status = byId('status')
const allResults = byId('all-results')
let rows: Row[] = []
/** The query `rows` answer: Enter on newer text must not open an older answer. */
let shownQuery = ''
let active = -1
/** Cancels the requests of the previous query when a newer one starts. */
let inFlight: AbortController | undefined

const updateSoon = debounce(() => {
  // The query goes into the URL (replaced, not pushed: one history entry per visit), so Back and links keep it.
  const query = input.value.trim()
  const url = new URL(location.href)
  if (query === '') url.searchParams.delete('q')
  else url.searchParams.set('q', query)
  history.replaceState(history.state, '', url)
  void update(input.value)
}, DEBOUNCE_MS)
input.addEventListener('input', updateSoon)
input.addEventListener('keydown', onKey)
input.addEventListener('blur', close) // options keep the focus in the box (mousedown), so a click still lands
input.addEventListener('focus', () => rows.length > 0 && open())
const initial = new URLSearchParams(location.search).get('q')
if (initial) {
  input.value = initial
  void update(initial)
}
input.focus()
// Another set answers differently: ask again.
void setPicker(() => void update(input.value))
// The home page's lists are for browsing: asked for once typing has paused a moment, so that they never
// compete with a search being typed (their first answer may load the resolver's knowledge tier) — whatever the
// box holds, so that `/?q=…` shows them too, below its answer.
let featured: ReturnType<typeof setTimeout> | undefined
const featureSoon = (): void => {
  clearTimeout(featured)
  featured = setTimeout(() => void showFeatured().then(() => input.removeEventListener('input', featureSoon)), 400)
}
input.addEventListener('input', featureSoon)
featureSoon()

async function update(raw: string): Promise<void> {
  inFlight?.abort()
  const query = raw.trim()
  if (query === '') return show([], '', undefined)
  const controller = new AbortController()
  inFlight = controller
  const loaded = loadingHint(status)
  try {
    const [found, result] = await Promise.all([suggestionsFor(query, controller.signal), lookUp(query, controller.signal)])
    loaded()
    show(found, query, result)
  } catch (error) {
    if (isAbort(error)) return
    loaded()
    show([], query, undefined)
    showFailure(status, error)
  }
}

/** Names complete through autocomplete; words go to search, with the prefixes they start. */
async function suggestionsFor(query: string, signal: AbortSignal): Promise<Row[]> {
  if (query.includes(':') || looksLikeIri(query)) {
    const { status: code, body } = await apiGet<Suggestion[]>('autocomplete', { q: query, detail: 'true', limit: String(MAX_SUGGESTIONS) }, signal)
    return code === 200 ? body.map(fromSuggestion) : []
  }
  const [prefixes, terms] = await Promise.all([
    apiGet<Suggestion[]>('autocomplete', { q: query, detail: 'true', limit: '5' }, signal),
    apiGet<TermEntry[]>('search', { q: query, limit: String(MAX_SUGGESTIONS) }, signal),
  ])
  const prefixRows = prefixes.status === 200 ? prefixes.body.map(fromSuggestion) : []
  const termRows = terms.status === 200 ? terms.body.map(fromTerm) : []
  return rankWord(query, prefixRows, termRows, MAX_SUGGESTIONS)
}

/** What the query means as a whole: the IRI of a prefixed name, or the prefixed name of an IRI. */
interface Answer {
  readonly from: string
  readonly to: string
  readonly verb: string
  /** For a name whose prefix is a typo alias: the prefix usually written. */
  readonly usually?: string
  /** For a name through a prefix that is not offered, or is retired: what the resolver says of it. */
  readonly warning?: string
  /** For a retired vocabulary's prefix: its successor's. */
  readonly successor?: string
  /** For an IRI: every name that could shorten it, with why the one written was chosen. */
  readonly candidates?: readonly Candidate[]
}

async function lookUp(query: string, signal: AbortSignal): Promise<Answer | undefined> {
  if (/\s/.test(query)) return undefined
  if (looksLikeIri(query)) {
    const [{ status: code, body }, found] = await Promise.all([apiGet<ApiLookup>('shrink', { q: query }, signal), fetchCandidates(query, signal)])
    return code === 200 ? { from: query, to: body.value, verb: 'shortens to', candidates: found?.candidates ?? [] } : undefined
  }
  const colon = query.indexOf(':')
  if (colon <= 0 || colon === query.length - 1) return undefined
  const { status: code, body } = await apiGet<ApiLookup>('expand', { q: query }, signal)
  if (code !== 200) return undefined
  const { usually, warning, successor } = body
  return {
    from: query,
    to: body.value,
    verb: 'expands to',
    ...(usually !== undefined && { usually }),
    ...(warning !== undefined && { warning }),
    ...(successor !== undefined && { successor }),
  }
}

function fromSuggestion(s: Suggestion): Row {
  const internal = s.prefix !== null
  return {
    name: s.value,
    iri: s.iri,
    label: s.label,
    typeNames: s.typeNames,
    href: !internal ? s.iri : s.kind === 'prefix' ? vocabularyHref(s.prefix!) : termPageHref(s.prefix!, s.namespace, s.iri),
    external: !internal,
  }
}

function fromTerm(t: TermEntry): Row {
  const colon = t.prefixed?.indexOf(':') ?? -1
  const prefix = colon < 0 ? undefined : t.prefixed!.slice(0, colon)
  const local = colon < 0 ? '' : t.prefixed!.slice(colon + 1)
  const namespace = prefix === undefined ? undefined : t.iri.slice(0, t.iri.length - local.length)
  return {
    name: t.prefixed ?? t.iri,
    iri: t.iri,
    label: t.label,
    typeNames: t.typeNames,
    // A local name written with escapes is not the IRI's tail; then the vocabulary's page opens.
    href: prefix === undefined ? t.iri : t.iri.endsWith(local) ? termPageHref(prefix, namespace!, t.iri) : vocabularyHref(prefix),
    external: prefix === undefined,
  }
}

function show(found: Row[], query: string, result: Answer | undefined): void {
  rows = found
  shownQuery = query
  active = -1
  status.classList.remove('error')
  list.replaceChildren(...found.map(renderRow))
  // An answer is something found: “Nothing found” only when there is neither.
  status.textContent =
    query === '' || (found.length === 0 && result !== undefined)
      ? ''
      : found.length === 0
        ? `Nothing found for “${query}”.`
        : isWords(query)
          ? `${found.length} suggestion${found.length === 1 ? '' : 's'}; arrow keys choose one, Enter shows all results.`
          : `${found.length} suggestion${found.length === 1 ? '' : 's'}; arrow keys choose, Enter opens.`
  if (found.length > 0) open()
  else close()
  allResults.hidden = query === '' || !isWords(query)
  allResults.firstElementChild!.setAttribute('href', resultsHref(query))
  input.removeAttribute('aria-activedescendant')
  if (result === undefined) {
    answer.hidden = true
    answer.replaceChildren()
    return
  }
  answer.hidden = false
  // A prefixed name expands whatever its local part; say when no vocabulary has that term (`foaf:Pe`).
  const known = result.verb !== 'expands to' || found.some((row) => row.name === result.from || row.iri === result.to)
  // Through a junk, rare or retired prefix: the card says so, and Copy says it copies anyway.
  const copy = copyButton(result.warning === undefined ? 'Copy' : 'Copy anyway', `Copy ${result.to}`, () => result.to, status)
  if (!known && result.warning === undefined) {
    // Usually a name being typed: kept to one line and a note, so that on a phone the suggestions
    // under it stay above the keyboard (the card was 170 px tall at 375 px wide).
    answer.className = 'answer unfinished'
    answer.replaceChildren(
      h('p', { class: 'expansion', title: result.to }, h('code', {}, result.from), ' → ', h('code', { class: 'result' }, result.to)),
      h('span', { class: 'unknown-term' }, 'not a known term (unfinished?)'),
      copy,
    )
    return
  }
  answer.className = result.warning === undefined ? 'answer' : 'answer warned'
  const parts: Node[] = [h('p', {}, h('code', {}, result.from), ` ${result.verb} `, h('code', { class: 'result' }, result.to), ' ')]
  if (result.warning !== undefined && result.usually === undefined) {
    const successor = result.successor
    parts.push(
      h(
        'p',
        { class: 'warning', role: 'note' },
        `⚠ ${result.warning}`,
        ...(successor === undefined ? [] : [' (', h('a', { href: vocabularyHref(successor) }, h('code', {}, `${successor}:`)), ')']),
      ),
    )
  }
  if (result.usually !== undefined) {
    const prefix = result.from.slice(0, result.from.indexOf(':'))
    parts.push(
      h(
        'p',
        { class: 'usually warning', role: 'note' },
        `⚠ ${prefix}: is a typo alias; usually `,
        h('a', { href: vocabularyHref(result.usually) }, h('code', {}, `${result.usually}:`)),
        '.',
      ),
    )
  }
  parts.push(copy)
  if (result.candidates !== undefined && result.candidates.length > 1) parts.push(whyDetails(result.to, result.candidates))
  answer.replaceChildren(...parts)
}

/**
 * Why shrink wrote this name: the names that expand back to exactly the IRI (only those can shorten it), then apart
 * the names of the form a namespace synonym stands for (`schema:Person` for `https://schema.org/Person` expands to
 * `http://schema.org/Person`), which only standardize writes.
 */
function whyDetails(written: string, candidates: readonly Candidate[]): HTMLElement {
  const exact = candidates.filter((c) => c.expandsTo === undefined)
  const other = candidates.filter((c) => c.expandsTo !== undefined)
  const standard = other[0]?.expandsTo
  return h(
    'details',
    { class: 'why' },
    h('summary', {}, `Why ${written}? ${exact.length} name${exact.length === 1 ? '' : 's'} could shorten it`),
    candidateList(exact),
    ...(other.length === 0
      ? []
      : [
          h('p', { class: 'other-form' }, `For the other form `, h('code', {}, `<${standard}>`), ` (not this IRI; standardize writes it):`),
          candidateList(other),
        ]),
  )
}

function renderRow(row: Row, position: number): HTMLLIElement {
  const item = h(
    'li',
    { role: 'option', id: `suggestion-${position}`, 'aria-selected': 'false' },
    h('span', { class: 'name' }, row.name),
    row.label ? h('span', { class: 'label' }, row.label) : null,
    row.typeNames.length > 0 ? h('span', { class: 'types' }, ...row.typeNames.map((t) => h('span', { class: 'type' }, t))) : null,
    row.iri !== row.name ? h('span', { class: 'iri' }, row.iri) : null,
  )
  item.addEventListener('mousedown', (event) => event.preventDefault()) // keep focus in the box
  item.addEventListener('click', () => go(row))
  return item
}

function onKey(event: KeyboardEvent): void {
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    if (rows.length === 0) return
    event.preventDefault()
    open()
    const step = event.key === 'ArrowDown' ? 1 : -1
    const next = active + step // -1 is the text box itself, between the last option and the first
    select(next >= rows.length ? -1 : next < -1 ? rows.length - 1 : next)
  } else if (event.key === 'Enter') {
    event.preventDefault()
    void openChosen()
  } else if (event.key === 'Escape') {
    event.preventDefault() // Chromium would also empty a search box on the first Escape
    if (!list.hidden) close()
    else {
      input.value = ''
      void update('')
    }
  }
}

/** Enter: the active suggestion, else the first; for text typed since the last answer, asks first. */
async function openChosen(): Promise<void> {
  const query = input.value.trim()
  if (query === '') return
  if (query !== shownQuery) {
    updateSoon.cancel() // ask now instead
    await update(input.value)
  } else if (list.hidden) return // dismissed with Escape
  if (shownQuery !== query || input.value.trim() !== query) return // typed on while asking
  // Words with no suggestion chosen open the results page (every hit, counted, filtered); a name or an IRI its first answer.
  if (active < 0 && isWords(query)) return location.assign(resultsHref(query))
  const row = rows[active] ?? rows[0]
  if (row !== undefined) go(row)
}

function isWords(query: string): boolean {
  return !query.includes(':') && !looksLikeIri(query)
}

function resultsHref(query: string): string {
  return withSet(`/search?q=${encodeURIComponent(query)}`)
}

/** Marks option `index` active (`-1` or past the end: back to the text box). */
function select(index: number): void {
  active = index >= rows.length ? -1 : index
  for (const [position, item] of [...list.children].entries()) {
    item.setAttribute('aria-selected', String(position === active))
  }
  const item = active < 0 ? undefined : list.children[active]
  if (item === undefined) input.removeAttribute('aria-activedescendant')
  else {
    input.setAttribute('aria-activedescendant', item.id)
    item.scrollIntoView({ block: 'nearest' })
  }
}

function go(row: Row): void {
  if (!row.external) return location.assign(row.href)
  const href = linkable(row.href)
  if (href !== undefined) window.open(href, '_blank', 'noopener')
}

function open(): void {
  list.hidden = false
  input.setAttribute('aria-expanded', 'true')
}

function close(): void {
  list.hidden = true
  input.setAttribute('aria-expanded', 'false')
}
