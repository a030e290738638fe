// One vocabulary (/prefix/{prefix}): namespace, title, what the vocabulary is, declarations and its terms grouped
// by kind; a term named by the fragment (`#Person`) shows what it means, its domain, range and hierarchy as links.

import { apiGet, showFailure, type TermDescription, type TermEntry, type TermRef, type Vocabulary } from '../common/api.js'
import { alternativesSection } from './alternatives.js'
import { copyButton } from '../common/copy.js'
import { declaration, SYNTAX_NAMES, SYNTAXES } from '../common/declarations.js'
import { definitionBlock } from './markdown.js'
import { byId, debounce, h } from '../common/dom.js'
import { linkable, termPageHref, vocabularyHref } from '../common/links.js'
import { loadingHint } from '../common/loading.js'
import { withSet } from '../common/set-choice.js'
import { gradeReason } from '../common/grade-reasons.js'

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
/** Each listed term's element with the text the filter matches (name and label, lower case). */
const filterable: Array<readonly [HTMLElement, string]> = []

void load()
window.addEventListener('hashchange', focusTerm)

async function load(): Promise<void> {
  document.title = `${prefix}: — prefixd`
  const loaded = loadingHint(status)
  try {
    const { status: code, body } = await apiGet<Vocabulary>(`prefixes/${encodeURIComponent(prefix)}`)
    loaded()
    if (code === 404) {
      byId('title').textContent = `Unknown prefix “${prefix}”`
      status.textContent = 'The resolver has no such prefix. Search for it or look through the prefix table.'
      status.append(
        ' ',
        h('a', { href: withSet(`/?q=${encodeURIComponent(prefix)}`) }, 'Search'),
        ' · ',
        h('a', { href: withSet(`/prefixes?q=${encodeURIComponent(prefix)}`) }, 'Prefix table'),
      )
      didYouMean((body as unknown as { didYouMean?: string[] }).didYouMean ?? [])
      return
    }
    render(body)
    focusTerm()
  } catch (error) {
    loaded()
    showFailure(status, error)
  } finally {
    container.setAttribute('aria-busy', 'false')
  }
}

/** For an unknown prefix: the offered prefixes a slip away (`fooaf` → foaf:), as the API found them, linked to their pages. */
function didYouMean(similar: readonly string[]): void {
  if (similar.length === 0) return
  container.append(
    h(
      'p',
      { class: 'did-you-mean' },
      'Did you mean ',
      ...similar.flatMap((p, i) => [i === 0 ? '' : ', ', h('a', { href: vocabularyHref(p) }, h('code', {}, `${p}:`))]),
      '?',
    ),
  )
}

function render(vocabulary: Vocabulary): void {
  const count = vocabulary.classes.length + vocabulary.properties.length + vocabulary.others.length
  document.title = `${vocabulary.prefix}: ${vocabulary.title ?? ''} — prefixd`
  const heading = h('h1', { id: 'title' }, h('code', {}, `${vocabulary.prefix}:`), vocabulary.title ? ` ${vocabulary.title}` : '')
  // A typo alias's page says what it is a slip of and links there, instead of listing the same terms again.
  if (vocabulary.usually !== null) {
    const note = h(
      'p',
      { class: 'typo-note warning', role: 'note' },
      `${vocabulary.prefix}: is a typo alias of `,
      h('a', { href: vocabularyHref(vocabulary.usually) }, h('code', {}, `${vocabulary.usually}:`)),
      count === 0 ? '.' : ` — see its ${count.toLocaleString('en')} terms there.`,
    )
    container.replaceChildren(heading, note, factList(vocabulary, count))
  } else if (vocabulary.quality === 'suspect') {
    container.replaceChildren(heading, suspectNote(vocabulary), factList(vocabulary, count), declarationList(vocabulary), ...termSections(vocabulary, count))
  } else container.replaceChildren(heading, factList(vocabulary, count), declarationList(vocabulary), ...termSections(vocabulary, count))
  status.textContent = ''
  // Other prefixes of the namespace and namespaces of the prefix, after the facts (asked for apart: it may come late).
  void alternativesSection(vocabulary.prefix, vocabulary.namespace, vocabulary.otherNamespaces).then((section) => {
    if (section !== null) container.querySelector('.facts')?.after(section)
  })
}

/**
 * Why a suspect prefix is suspect, in words: its namespace is a spam site, a test page or a document, so the page
 * links to none of it and offers no copy of it (as /foaa:x refuses to redirect); the text stays there to read.
 */
function suspectNote(vocabulary: Vocabulary): HTMLElement {
  return h(
    'p',
    { class: 'suspect-note warning', role: 'note' },
    `${vocabulary.prefix}: is suspect: ${gradeReason(vocabulary.reason)}. Its namespace and terms are not linked and nothing here is offered to copy: check where it leads before you write it.`,
  )
}

/** Whether the page may link to the vocabulary's IRIs and offer them to copy: not for a suspect prefix. */
function trusted(vocabulary: Vocabulary): boolean {
  return vocabulary.quality !== 'suspect'
}

/** What the vocabulary is: its namespace, size, source and metadata, synonyms and typo note. */
function factList(vocabulary: Vocabulary, count: number): HTMLElement {
  return h(
    'dl',
    { class: 'facts' },
    h('dt', {}, 'Namespace'),
    h('dd', {}, iriElement(vocabulary.namespace, trusted(vocabulary))),
    h('dt', {}, 'Terms'),
    h('dd', {}, count === 0 ? 'none known to this resolver' : `${count.toLocaleString('en')}${vocabulary.truncated ? ' (list cut short)' : ''}`),
    h('dt', {}, 'Source'),
    h(
      'dd',
      {},
      vocabulary.curated
        ? 'curated vocabulary'
        : vocabulary.popularity !== null
          ? `prefix.cc (rank ${vocabulary.popularity}${qualityNote(vocabulary)})`
          : 'prefix table',
    ),
    ...fact('About', vocabulary.description),
    ...fact('Homepage', vocabulary.homepage, trusted(vocabulary)),
    ...fact('Publisher', vocabulary.publisher, trusted(vocabulary)),
    ...fact('Version', [vocabulary.version, vocabulary.modified].filter(Boolean).join(', ') || null),
    ...fact('Licence', vocabulary.license, true),
    ...prefixLinks(
      'Also written',
      'synonyms',
      (vocabulary.prefixSynonyms ?? []).filter((p) => !(vocabulary.typoAliases ?? []).includes(p)),
    ),
    ...prefixLinks('Typo aliases', 'typo-aliases', vocabulary.typoAliases ?? []),
    ...(vocabulary.successor === null || vocabulary.successor === undefined
      ? []
      : [
          h('dt', {}, 'Retired'),
          h(
            'dd',
            { class: 'retired warning' },
            'withdrawn by its publisher; its successor is ',
            h('a', { href: vocabularyHref(vocabulary.successor) }, h('code', {}, `${vocabulary.successor}:`)),
          ),
        ]),
    ...(vocabulary.usually === null
      ? []
      : [
          h('dt', {}, 'Usually'),
          h(
            'dd',
            { class: 'usually' },
            'a typo alias: usually ',
            h('a', { href: vocabularyHref(vocabulary.usually) }, h('code', {}, `${vocabulary.usually}:`)),
          ),
        ]),
  )
}

/** A fact listing prefixes as links to their pages; nothing when there are none. */
function prefixLinks(name: string, className: string, prefixes: readonly string[]): HTMLElement[] {
  if (prefixes.length === 0) return []
  const links = prefixes.flatMap((p, i) => [i === 0 ? '' : ' ', h('a', { href: vocabularyHref(p) }, h('code', {}, `${p}:`))])
  return [h('dt', {}, name), h('dd', { class: className }, ...links)]
}

/** The vocabulary's declaration in each syntax, with a copy button each. */
function declarationList(vocabulary: Vocabulary): HTMLElement {
  return h(
    'div',
    { class: 'declarations' },
    ...SYNTAXES.map((syntax) => {
      const text = declaration(vocabulary.prefix, vocabulary.namespace, syntax)
      return h(
        'div',
        { class: 'declaration' },
        h('code', {}, text),
        trusted(vocabulary)
          ? copyButton(`Copy ${SYNTAX_NAMES[syntax]}`, `Copy ${SYNTAX_NAMES[syntax]} declaration of ${vocabulary.prefix}`, () => text, copied)
          : null,
      )
    }),
  )
}

/** The terms in a section per group, after the tools to get through them (none when there are no terms). */
function termSections(vocabulary: Vocabulary, count: number): HTMLElement[] {
  const groups = GROUPS.filter(([key]) => vocabulary[key].length > 0)
  const sections = groups.map(([key, title]) =>
    h(
      'section',
      { 'aria-labelledby': `group-${key}` },
      h('h2', { id: `group-${key}` }, `${title} (${vocabulary[key].length.toLocaleString('en')})`),
      h('ul', { class: 'terms' }, ...vocabulary[key].map((term) => renderTerm(term, vocabulary.namespace, trusted(vocabulary)))),
    ),
  )
  // Long vocabularies (schema.org: 3,000 terms) need a way through: a filter and a link to each section.
  const tools =
    count === 0
      ? null
      : h(
          'div',
          { class: 'term-tools' },
          h(
            'nav',
            { class: 'jump', 'aria-label': 'Sections' },
            ...groups.map(([key, title]) => h('a', { href: `#group-${key}` }, `${title} (${vocabulary[key].length.toLocaleString('en')})`)),
          ),
          filterBox(),
        )
  return [...(tools ? [tools] : []), ...sections]
}

/** A fact of the vocabulary as a term and its description; an IRI as a link. Nothing when unknown. */
function fact(name: string, value: string | null | undefined, iri = false): HTMLElement[] {
  if (value == null || value === '') return []
  return [h('dt', {}, name), h('dd', {}, iri && linkable(value) !== undefined ? iriElement(value) : value)]
}

/** The grade of a prefix.cc prefix, in words, when it is not a popular one. */
function qualityNote(vocabulary: Vocabulary): string {
  if (vocabulary.quality === 'long-tail') return '; long tail: not offered by completion'
  if (vocabulary.quality === 'suspect') return `; suspect — ${gradeReason(vocabulary.reason)}: not offered by completion, never used to shorten IRIs`
  return ''
}

/** A box that hides the terms whose name and label do not contain what is typed. */
function filterBox(): HTMLElement {
  const input = h('input', { id: 'term-filter', type: 'search', autocomplete: 'off', spellcheck: 'false', placeholder: 'name or label' })
  const apply = debounce(() => {
    const words = input.value.trim().toLowerCase()
    let shown = 0
    for (const [item, text] of filterable) {
      const keep = words === '' || text.includes(words)
      item.hidden = !keep
      if (keep) shown++
    }
    for (const section of container.querySelectorAll('section')) section.hidden = section.querySelector('.term:not([hidden])') === null
    status.textContent =
      words === '' ? '' : shown === 0 ? `No term matches “${input.value.trim()}”.` : `${shown.toLocaleString('en')} term${shown === 1 ? '' : 's'} match.`
  }, 80)
  input.addEventListener('input', apply)
  return h('div', { class: 'filter' }, h('label', { for: 'term-filter' }, 'Filter terms'), input)
}

function renderTerm(term: TermEntry, namespace: string, live: boolean): HTMLLIElement {
  const local = term.iri.startsWith(namespace) ? term.iri.slice(namespace.length) : term.iri
  const item = h(
    'li',
    // Ids are prefixed: a term named `title` or `status` must not take the id of a part of the page.
    { id: `term-${local}`, class: 'term', tabindex: '-1' },
    // The name opens what the term means (definition, domain, range, hierarchy) in place, and is its link.
    h('a', { class: 'name', href: `#${encodeURIComponent(local)}` }, term.prefixed ?? term.iri),
    term.label ? h('span', { class: 'label' }, term.label) : null,
    term.typeNames.length > 0 ? h('span', { class: 'types' }, ...term.typeNames.map((t) => h('span', { class: 'type' }, t))) : null,
    iriElement(term.iri, live),
    live ? copyButton('Copy', `Copy ${term.prefixed ?? term.iri}`, () => term.prefixed ?? term.iri, copied) : null,
  )
  termsByLocal.set(local, item)
  filterable.push([item, `${term.prefixed ?? term.iri} ${term.label ?? ''}`.toLowerCase()])
  return item
}

/** An IRI as a link where it is a web address (and `live`: not a suspect prefix's), else as text. */
function iriElement(iri: string, live = true): HTMLElement {
  const href = live ? linkable(iri) : undefined
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
  void showMeaning(term, local)
}

/** What the focused term means, inside its entry: definition, then domain, range and hierarchy as links. */
async function showMeaning(term: HTMLElement, local: string): Promise<void> {
  if (term.querySelector('.meaning') !== null) return
  const { status: code, body } = await apiGet<TermDescription>('term', { q: `${prefix}:${local}` })
  if (code !== 200 || term.querySelector('.meaning') !== null) return
  const rows: Array<readonly [string, readonly TermRef[]]> = [
    ['Domain', body.domain],
    ['Range', body.range],
    ['Subclass of', body.superClasses],
    ['Subclasses', body.subClasses],
    ['Subproperty of', body.superProperties],
    ['Subproperties', body.subProperties],
    ['Replaced by', body.replacedBy],
  ]
  term.append(
    h(
      'div',
      { class: 'meaning' },
      body.deprecated ? h('p', { class: 'deprecated' }, 'Deprecated') : null,
      body.definition ? definitionBlock(body.definition, body.definitionMarkdown) : null,
      h('p', {}, h('a', { href: termPageHref(prefix, namespaceOf(body), body.iri) }, `All about ${body.prefixed ?? local} →`)),
      h(
        'dl',
        { class: 'facts' },
        ...rows
          .filter(([, refs]) => refs.length > 0)
          .flatMap(([name, refs]) => [h('dt', {}, name), h('dd', {}, ...refs.flatMap((r, i) => [i === 0 ? '' : ', ', termLink(r)]))]),
      ),
    ),
  )
}

/** The namespace of the page's prefix, from a term of it. */
function namespaceOf(term: TermDescription): string | null {
  return term.vocabulary?.prefix === prefix ? term.vocabulary.namespace : null
}

/** A term named in a description, linked to its vocabulary page (or to itself when it has no name). */
function termLink(ref: TermRef): HTMLElement {
  const colon = ref.prefixed?.indexOf(':') ?? -1
  if (ref.prefixed === undefined || colon < 0) return iriElement(ref.iri)
  const local = ref.prefixed.slice(colon + 1)
  const href = `${vocabularyHref(ref.prefixed.slice(0, colon))}#${encodeURIComponent(local)}`
  return h('a', { href, title: ref.label ?? ref.iri }, h('code', {}, ref.prefixed))
}
