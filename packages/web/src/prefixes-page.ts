// The prefix table (/prefixes): every prefix, filtered as you type, with copyable declarations.

import { apiGet, showFailure } from './api.js'
import { copyButton } from './copy.js'
import { declaration, SYNTAX_NAMES, SYNTAXES } from './declarations.js'
import { byId, debounce, h } from './dom.js'
import { vocabularyHref } from './links.js'
import { loadingHint } from './loading.js'

/** Rows added to the page at a time: 3,400 rows of buttons at once would make typing lag. */
const PAGE_SIZE = 100

const filter = byId<HTMLInputElement>('filter')
const table = byId<HTMLTableElement>('prefixes')
const body = table.tBodies[0]!
const status = byId('status')
const more = byId<HTMLButtonElement>('more')
const copied = byId('copied')

/** The table once loaded; until then (or after a failure) typing in the filter only updates the URL. */
let all: ReadonlyArray<readonly [prefix: string, namespace: string]> | undefined
let matches: ReadonlyArray<readonly [string, string]> = []
let shown = 0

const initial = new URLSearchParams(location.search).get('q')
if (initial) filter.value = initial
filter.addEventListener('input', debounce(applyFilter, 60))
more.addEventListener('click', () => showMore())
void load()

async function load(): Promise<void> {
  const loaded = loadingHint(status, 'Loading the prefix table…')
  try {
    const { body: table } = await apiGet<Record<string, string>>('prefixes', { format: 'json' })
    loaded()
    all = Object.entries(table)
    applyFilter()
  } catch (error) {
    loaded()
    showFailure(status, error)
  }
}

/**
 * The prefix equal to the filter first (`dc` before `dcat`), then those starting with it, then those
 * containing it, then namespaces containing it; each group in the table's order (curated, then popular).
 */
function applyFilter(): void {
  const needle = filter.value.trim().toLowerCase()
  const url = new URL(location.href)
  if (needle === '') url.searchParams.delete('q')
  else url.searchParams.set('q', filter.value.trim())
  history.replaceState(null, '', url)
  if (all === undefined) return // the status line still says "Loading…" or why the table is missing

  if (needle === '') matches = all
  else {
    const exact: Array<readonly [string, string]> = []
    const starts: Array<readonly [string, string]> = []
    const contains: Array<readonly [string, string]> = []
    const inNamespace: Array<readonly [string, string]> = []
    for (const row of all) {
      const prefix = row[0].toLowerCase()
      if (prefix === needle) exact.push(row)
      else if (prefix.startsWith(needle)) starts.push(row)
      else if (prefix.includes(needle)) contains.push(row)
      else if (row[1].toLowerCase().includes(needle)) inNamespace.push(row)
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
  status.textContent =
    matches.length === 0
      ? `No prefix matches “${filter.value.trim()}”.`
      : matches.length === all!.length
        ? `${count} prefixes.`
        : `${count} of ${all!.length.toLocaleString('en')} prefixes match.`
}

function renderRow([prefix, namespace]: readonly [string, string]): HTMLTableRowElement {
  return h(
    'tr',
    {},
    h('th', { scope: 'row' }, h('a', { href: vocabularyHref(prefix) }, prefix)),
    h('td', { class: 'namespace' }, namespace),
    h(
      'td',
      { class: 'copies' },
      ...SYNTAXES.map((syntax) =>
        copyButton(SYNTAX_NAMES[syntax], `Copy the ${SYNTAX_NAMES[syntax]} declaration of ${prefix}`, () => declaration(prefix, namespace, syntax), copied),
      ),
    ),
  )
}
