// One vocabulary (/prefix/{prefix}): namespace, title, declarations and its terms grouped by kind.

import { apiGet, showFailure, type TermEntry, type Vocabulary } from './api.js'
import { copyButton } from './copy.js'
import { declaration, SYNTAX_NAMES, SYNTAXES } from './declarations.js'
import { byId, h } from './dom.js'
import { linkable } from './links.js'

const GROUPS = [
  ['classes', 'Classes'],
  ['properties', 'Properties'],
  ['others', 'Other terms'],
] as const

const container = byId('vocabulary')
const status = byId('status')
const copied = byId('copied')
const prefix = decodeURIComponent(location.pathname.slice('/prefix/'.length)) // the server refused malformed paths
/** Each listed term's element by its local name, which the fragment names (`#Person`). */
const termsByLocal = new Map<string, HTMLElement>()

void load()
window.addEventListener('hashchange', focusTerm)

async function load(): Promise<void> {
  document.title = `${prefix}: — prefixd`
  try {
    const { status: code, body } = await apiGet<Vocabulary>(`prefixes/${encodeURIComponent(prefix)}`)
    if (code === 404) {
      byId('title').textContent = `Unknown prefix “${prefix}”`
      status.textContent = 'The resolver has no such prefix. Search for it or look through the prefix table.'
      status.append(' ', h('a', { href: `/?q=${encodeURIComponent(prefix)}` }, 'Search'), ' · ', h('a', { href: `/prefixes?q=${encodeURIComponent(prefix)}` }, 'Prefix table'))
      return
    }
    render(body)
    focusTerm()
  } catch (error) {
    showFailure(status, error)
  } finally {
    container.setAttribute('aria-busy', 'false')
  }
}

function render(vocabulary: Vocabulary): void {
  const count = vocabulary.classes.length + vocabulary.properties.length + vocabulary.others.length
  document.title = `${vocabulary.prefix}: ${vocabulary.title ?? ''} — prefixd`
  const heading = h('h1', { id: 'title' }, h('code', {}, `${vocabulary.prefix}:`), vocabulary.title ? ` ${vocabulary.title}` : '')
  const facts = h(
    'dl',
    { class: 'facts' },
    h('dt', {}, 'Namespace'),
    h('dd', {}, iriElement(vocabulary.namespace)),
    h('dt', {}, 'Terms'),
    h('dd', {}, count === 0 ? 'none known to this resolver' : `${count.toLocaleString('en')}${vocabulary.truncated ? ' (list cut short)' : ''}`),
    h('dt', {}, 'Source'),
    h('dd', {}, vocabulary.curated ? 'curated vocabulary' : vocabulary.popularity !== null ? `prefix.cc (rank ${vocabulary.popularity})` : 'prefix table'),
  )
  const declarations = h(
    'div',
    { class: 'declarations' },
    ...SYNTAXES.map((syntax) => {
      const text = declaration(vocabulary.prefix, vocabulary.namespace, syntax)
      return h('div', { class: 'declaration' }, h('code', {}, text), copyButton(`Copy ${SYNTAX_NAMES[syntax]}`, `Copy ${SYNTAX_NAMES[syntax]} declaration of ${vocabulary.prefix}`, () => text, copied))
    }),
  )
  const sections = GROUPS.filter(([key]) => vocabulary[key].length > 0).map(([key, title]) =>
    h(
      'section',
      { 'aria-labelledby': `group-${key}` },
      h('h2', { id: `group-${key}` }, `${title} (${vocabulary[key].length.toLocaleString('en')})`),
      h('ul', { class: 'terms' }, ...vocabulary[key].map((term) => renderTerm(term, vocabulary.namespace))),
    ),
  )
  container.replaceChildren(heading, facts, declarations, ...sections)
  status.textContent = ''
}

function renderTerm(term: TermEntry, namespace: string): HTMLLIElement {
  const local = term.iri.startsWith(namespace) ? term.iri.slice(namespace.length) : term.iri
  const item = h(
    'li',
    // Ids are prefixed: a term named `title` or `status` must not take the id of a part of the page.
    { id: `term-${local}`, class: 'term', tabindex: '-1' },
    h('span', { class: 'name' }, term.prefixed ?? term.iri),
    term.label ? h('span', { class: 'label' }, term.label) : null,
    term.typeNames.length > 0 ? h('span', { class: 'types' }, ...term.typeNames.map((t) => h('span', { class: 'type' }, t))) : null,
    iriElement(term.iri),
  )
  termsByLocal.set(local, item)
  return item
}

/** An IRI as a link where it is a web address, else as text. */
function iriElement(iri: string): HTMLElement {
  const href = linkable(iri)
  return href === undefined ? h('span', { class: 'iri' }, iri) : h('a', { class: 'iri', href, rel: 'noopener' }, iri)
}

/** Scrolls to and marks the term named by the fragment: the page was built after the browser looked for it. */
function focusTerm(): void {
  for (const old of container.querySelectorAll('.term.focused')) old.classList.remove('focused')
  if (location.hash.length <= 1) return
  let local: string
  try {
    local = decodeURIComponent(location.hash.slice(1))
  } catch {
    return // a fragment that is not percent-encoded UTF-8 names no term
  }
  const term = termsByLocal.get(local)
  if (term === undefined) return
  term.classList.add('focused')
  term.focus({ preventScroll: true })
  term.scrollIntoView({ block: 'center' })
}
