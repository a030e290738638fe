// The prefix table (/prefixes): the prefixes completion offers (every one with "Show all"), their grades,
// filtered as you type, with copyable declarations.

import { apiGet, showFailure, type ApiPrefixRow } from '../common/api.js'
import { copyButton } from '../common/copy.js'
import { declaration, SYNTAX_NAMES, SYNTAXES } from '../common/declarations.js'
import { byId, debounce, h } from '../common/dom.js'
import { vocabularyHref } from '../common/links.js'
import { loadingHint } from '../common/loading.js'
import { setPicker } from '../common/set-choice.js'

/** Rows added to the page at a time: 3,400 rows of buttons at once would make typing lag. */
const PAGE_SIZE = 100

const filter = byId<HTMLInputElement>('filter')
const table = byId<HTMLTableElement>('prefixes')
const body = table.tBodies[0]!
const status = byId('status')
const more = byId<HTMLButtonElement>('more')
const copied = byId('copied')
const showAll = byId<HTMLInputElement>('all')

/** A row of `GET /api/v1/prefixes?grades=true`. */
/** A row of the table (`GET /api/v1/prefixes?grades=true`). */
type Row = ApiPrefixRow

/** The whole table once loaded; until then (or after a failure) typing in the filter only updates the URL. */
let all: readonly Row[] | undefined
let matches: readonly Row[] = []
let shown = 0

const initialParams = new URLSearchParams(location.search)
const initial = initialParams.get('q')
if (initial) filter.value = initial
showAll.checked = initialParams.get('all') === 'true'
filter.addEventListener('input', debounce(applyFilter, 60))
showAll.addEventListener('change', () => applyFilter())
more.addEventListener('click', () => showMore())
void load()
void setPicker(() => void load())

async function load(): Promise<void> {
  const loaded = loadingHint(status, 'Loading the prefix table…')
  try {
    // Every prefix with its grade, once: the "Show all" switch then filters here, without asking again.
    const { body: table } = await apiGet<Row[]>('prefixes', { grades: 'true', show: 'all' })
    loaded()
    all = table
    applyFilter()
  } catch (error) {
    loaded()
    showFailure(status, error)
  }
}

/**
 * The prefix equal to the filter first (`dc` before `dcat`), then those starting with it, then those
 * containing it, then namespaces containing it; each group in the table's order (curated, then popular).
 * Long-tail and suspect prefixes only with "Show all" (`?all=true`).
 */
function applyFilter(): void {
  const needle = filter.value.trim().toLowerCase()
  const url = new URL(location.href)
  if (needle === '') url.searchParams.delete('q')
  else url.searchParams.set('q', filter.value.trim())
  if (showAll.checked) url.searchParams.set('all', 'true')
  else url.searchParams.delete('all')
  history.replaceState(null, '', url)
  if (all === undefined) return // the status line still says "Loading…" or why the table is missing

  const rows = showAll.checked ? all : all.filter((row) => row.offered)
  if (needle === '') matches = rows
  else {
    const exact: Row[] = []
    const starts: Row[] = []
    const contains: Row[] = []
    const inNamespace: Row[] = []
    for (const row of rows) {
      const prefix = row.prefix.toLowerCase()
      if (prefix === needle) exact.push(row)
      else if (prefix.startsWith(needle)) starts.push(row)
      else if (prefix.includes(needle)) contains.push(row)
      else if (row.namespace.toLowerCase().includes(needle)) inNamespace.push(row)
    }
    matches = [...exact, ...starts, ...contains, ...inNamespace]
  }
  body.replaceChildren()
  shown = 0
  showMore()
}

function showMore(): void {
  const next = matches.slice(shown, shown + PAGE_SIZE)
  body.append(...next.map(renderRow))
  shown += next.length
  table.hidden = matches.length === 0
  more.hidden = shown >= matches.length
  more.textContent = `Show ${Math.min(PAGE_SIZE, matches.length - shown)} more`
  status.classList.remove('error')
  const count = matches.length.toLocaleString('en')
  const considered = showAll.checked ? all!.length : all!.filter((row) => row.offered).length
  const hidden = showAll.checked ? '' : ` (${(all!.length - considered).toLocaleString('en')} long-tail and suspect ones hidden)`
  status.textContent =
    matches.length === 0
      ? `No prefix matches “${filter.value.trim()}”${hidden}.`
      : matches.length === considered
        ? `${count} prefixes${hidden}.`
        : `${count} of ${considered.toLocaleString('en')} prefixes match${hidden}.`
}

function renderRow({ prefix, namespace, quality, reason, usually }: Row): HTMLTableRowElement {
  return h(
    'tr',
    { class: `grade-${quality ?? 'own'}` },
    h('th', { scope: 'row' }, h('a', { href: vocabularyHref(prefix) }, prefix)),
    h('td', { class: 'namespace' }, namespace),
    h(
      'td',
      { class: 'grade', ...(reason !== undefined && { title: reason }) },
      (quality ?? 'your own') + (usually === undefined ? '' : ` (usually ${usually}:)`),
    ),
    h(
      'td',
      { class: 'copies' },
      ...SYNTAXES.map((syntax) =>
        copyButton(SYNTAX_NAMES[syntax], `Copy the ${SYNTAX_NAMES[syntax]} declaration of ${prefix}`, () => declaration(prefix, namespace, syntax), copied),
      ),
    ),
  )
}
