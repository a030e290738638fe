// The 404 page for browsers: says what was not found (a prefixed name with an unknown prefix, or a path).

import { byId } from './dom.js'

let path: string
try {
  path = decodeURIComponent(location.pathname.slice(1))
} catch {
  path = location.pathname.slice(1)
}
const colon = path.indexOf(':')
const title = byId('title')
const explanation = byId('explanation')
const search = byId<HTMLAnchorElement>('search')
if (colon > 0 && !path.includes('/')) {
  // `/nosuch:Person`: the resolver redirects known prefixed names to their IRI.
  title.textContent = `Unknown prefix “${path.slice(0, colon)}”`
  explanation.textContent = `${path} cannot be expanded: the resolver has no prefix “${path.slice(0, colon)}”.`
  search.href = `/?q=${encodeURIComponent(path.slice(0, colon))}`
} else {
  title.textContent = 'Page not found'
  explanation.textContent = `The resolver has no page at /${path}.`
  if (path !== '') search.href = `/?q=${encodeURIComponent(path.replace(/\/+$/u, ''))}`
}
document.title = `${title.textContent} — prefixd`
