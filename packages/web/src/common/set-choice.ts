// The project prefix set a page answers from: `?set=name` in its URL (kept across links), and a picker of
// the resolver's sets on the search, table and editor pages.

import { h } from './dom.js'

/** A set's name as the API takes it; anything else in the URL is ignored rather than sent. */
const SET_NAME = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,63}$/

/** The set named by the page's URL (`?set=team`), or `undefined` for the served table. */
export function chosenSet(): string | undefined {
  const name = new URLSearchParams(location.search).get('set')
  return name !== null && SET_NAME.test(name) ? name : undefined
}

/** `href` (a path of ours) with the chosen set, so a link keeps answering from it. */
export function withSet(href: string): string {
  const set = chosenSet()
  if (set === undefined) return href
  const hash = href.indexOf('#')
  const [path, fragment] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)]
  return `${path}${path.includes('?') ? '&' : '?'}set=${encodeURIComponent(set)}${fragment}`
}

/**
 * Fills the page's `#set` picker with the resolver's sets and shows it; choosing one puts it in the
 * URL and calls `changed`. A resolver without sets (or keeping them private) leaves the picker hidden,
 * unless the URL names a set, which then stays choosable.
 */
export async function setPicker(changed: () => void): Promise<void> {
  const select = document.getElementById('set') as HTMLSelectElement | null
  const box = select?.closest<HTMLElement>('.set-choice')
  if (!select || !box) return
  const chosen = chosenSet()
  let names: string[] = []
  try {
    const response = await fetch('/api/v1/sets', { headers: { Accept: 'application/json' } })
    if (response.ok) names = ((await response.json()) as Array<{ name: string }>).map((set) => set.name)
  } catch {
    // No list: the picker stays as it is (hidden, or with the set the URL names).
  }
  if (chosen !== undefined && !names.includes(chosen)) names.unshift(chosen)
  if (names.length === 0) return
  select.append(...names.map((name) => h('option', { value: name }, name)))
  select.value = chosen ?? ''
  box.hidden = false
  select.addEventListener('change', () => {
    const url = new URL(location.href)
    if (select.value === '') url.searchParams.delete('set')
    else url.searchParams.set('set', select.value)
    history.replaceState(history.state, '', url)
    changed()
  })
}
