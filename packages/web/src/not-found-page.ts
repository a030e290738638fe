// The 404 page for browsers: says what was not found (a prefixed name with an unknown prefix, or a path).

import { apiGet, type ApiLookup } from './common/api.js'
import { byId, h } from './common/dom.js'
import { termHref, vocabularyHref } from './common/links.js'

let path: string
let readable = true
try {
  path = decodeURIComponent(location.pathname.slice(1))
} catch {
  path = location.pathname.slice(1)
  readable = false
}
const colon = path.indexOf(':')
const title = byId('title')
const explanation = byId('explanation')
const search = byId<HTMLAnchorElement>('search')
if (!readable) {
  // The server answered 400: `%FF` and the like are not percent-encoded UTF-8, so the address names nothing.
  title.textContent = 'Not a valid address'
  explanation.textContent = `/${path} is not valid percent-encoded UTF-8 (a % must be followed by the bytes of a character), so it names no page.`
} else if (path.length > 4096) {
  title.textContent = 'Address too long'
  explanation.textContent = `The address is ${path.length.toLocaleString('en')} characters long; the resolver reads at most 4,096.`
} else if (colon > 0 && !path.includes('/')) {
  // `/nosuch:Person`: the resolver redirects known prefixed names to their IRI.
  title.textContent = `Unknown prefix “${path.slice(0, colon)}”`
  explanation.textContent = `${path} cannot be expanded: the resolver has no prefix “${path.slice(0, colon)}”.`
  search.href = `/?q=${encodeURIComponent(path.slice(0, colon))}`
  void didYouMean(path.slice(0, colon), path.slice(colon + 1))
} else {
  title.textContent = 'Page not found'
  explanation.textContent = `The resolver has no page at /${path}.`
  if (path !== '') search.href = `/?q=${encodeURIComponent(path.replace(/\/+$/u, ''))}`
}
document.title = `${title.textContent} — prefixd`

/**
 * The same name with an offered prefix a slip away (`/foaaf:Person` → foaf:Person), each linked to its term page when
 * that vocabulary has the term; else the prefix alone, linked to its vocabulary (`/vaof:Person` names no voaf:Person).
 */
async function didYouMean(prefix: string, local: string): Promise<void> {
  let named: Node[] = []
  try {
    const { status, body } = await apiGet<{ didYouMean?: string[] }>(`prefixes/${encodeURIComponent(prefix)}`)
    const similar = status === 404 ? (body.didYouMean ?? []) : []
    named = await Promise.all(
      similar.map(async (p) => ((await isTerm(`${p}:${local}`)) ? link(termHref(`${p}:${local}`), `${p}:${local}`) : link(vocabularyHref(p), `${p}:`))),
    )
  } catch {
    return // the page says what is missing already; suggestions are extra
  }
  if (named.length === 0) return
  explanation.after(h('p', { class: 'did-you-mean' }, 'Did you mean ', ...named.flatMap((node, i) => [i === 0 ? '' : ', ', node]), '?'))
}

const link = (href: string, text: string): Node => h('a', { href }, h('code', {}, text))

/** Whether a vocabulary the resolver holds defines the prefixed name. */
async function isTerm(name: string): Promise<boolean> {
  const expanded = await apiGet<ApiLookup>('expand', { q: name })
  return expanded.status === 200 && (await apiGet('term', { q: expanded.body.value })).status === 200
}
