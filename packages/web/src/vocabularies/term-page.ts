// One term (/prefix/{prefix}/{local}): what it means, where it sits (types, domain, range, super- and sub-terms,
// equivalents elsewhere, the properties that apply to a class), its deprecation, and snippets to paste.

import { apiGet, showFailure, type ApiLookup, type Suggestion, type TermDescription, type TermRef } from '../common/api.js'
import { copyButton } from '../common/copy.js'
import { byId, h } from '../common/dom.js'
import { definitionBlock } from './markdown.js'
import { linkable, termHref, vocabularyHref } from '../common/links.js'
import { loadingHint } from '../common/loading.js'
import { chosenSet } from '../common/set-choice.js'
import { termSnippets, type Snippet, type TermUse } from './term-snippets.js'

const RDFS_CLASS = /(?:^|[#/])(Class|DeprecatedClass)$/
const PROPERTY = /Property$/

const container = byId('term')
const status = byId('status')
const copied = byId('copied')
// `/prefix/foaf/Person`: the server refused malformed escapes.
const [prefix, local] = location.pathname
  .slice('/prefix/'.length)
  .split('/')
  .map((part) => decodeURIComponent(part)) as [string, string]

void load()

async function load(): Promise<void> {
  document.title = `${prefix}:${local} — prefixd`
  const vocabularyLink = byId<HTMLAnchorElement>('vocabulary-link')
  vocabularyLink.href = vocabularyHref(prefix)
  vocabularyLink.textContent = `${prefix}:`
  const loaded = loadingHint(status)
  try {
    // By IRI: a local name such as `a/b` has no plain prefixed form.
    const namespace = await apiGet<ApiLookup>('expand', { q: `${prefix}:` })
    const term = namespace.status === 200 ? await apiGet<TermDescription>('term', { q: namespace.body.value + local }) : undefined
    loaded()
    if (term?.status !== 200) return await unknown(namespace.status === 200)
    render(term.body)
  } catch (error) {
    loaded()
    showFailure(status, error)
  } finally {
    container.setAttribute('aria-busy', 'false')
  }
}

/** A term no vocabulary has: says so, and offers the terms of the prefix that start alike. */
async function unknown(knownPrefix: boolean): Promise<void> {
  byId('title').textContent = `Unknown term “${prefix}:${local}”`
  status.textContent = knownPrefix ? `No vocabulary the resolver holds has ${prefix}:${local}.` : `The resolver has no prefix ${prefix}:.`
  if (!knownPrefix) return
  const { status: code, body } = await apiGet<Suggestion[]>('autocomplete', { q: `${prefix}:${local.slice(0, 3)}`, detail: 'true', limit: '8' })
  const near = code === 200 ? body.filter((s) => s.kind === 'term') : []
  if (near.length === 0) return
  container.append(
    h(
      'p',
      { class: 'did-you-mean' },
      'Did you mean ',
      ...near.flatMap((s, i) => [i === 0 ? '' : ', ', h('a', { href: termHref(s.value) }, h('code', {}, s.value))]),
      '?',
    ),
  )
}

function render(term: TermDescription): void {
  const name = term.prefixed ?? term.iri
  document.title = `${name} — prefixd`
  byId('title').replaceChildren(h('code', {}, name), term.label ? h('span', { class: 'term-label' }, ` ${term.label}`) : '')
  const parts: Array<Node | null> = [
    h(
      'p',
      { class: 'term-iri' },
      iriElement(term.iri),
      ' ',
      copyButton('Copy IRI', `Copy IRI ${term.iri}`, () => term.iri, copied),
    ),
  ]
  if (term.deprecated) {
    parts.push(
      h(
        'p',
        { class: 'deprecated-note', role: 'note' },
        h('strong', {}, 'Deprecated'),
        term.replacedBy.length > 0 ? h('span', {}, ': use ', ...links(term.replacedBy), ' instead.') : ' by its vocabulary.',
      ),
    )
  }
  // Links and emphasis the vocabulary wrote come as safe Markdown (definitionMarkdown); plain text gets its addresses linked.
  const meaning =
    term.definition === undefined
      ? undefined
      : term.definitionMarkdown !== undefined
        ? definitionBlock(term.definition, term.definitionMarkdown)
        : definition(term.definition)
  parts.push(meaning ?? h('p', { class: 'hint' }, 'Its vocabulary gives no definition.'))
  if (term.describedBy !== undefined) parts.push(describedByNote(term.describedBy))
  if (term.definedIn !== undefined) parts.push(definedInNote(term.definedIn))
  parts.push(factList(term))
  // The name is written with the prefix shrink writes, and `vocabulary` is that prefix's: its declaration goes with it.
  // Before the properties, which run to a hundred for a schema.org class.
  if (term.prefixed !== undefined && term.vocabulary !== undefined) {
    parts.push(snippetsSection(termSnippets(term.prefixed, term.vocabulary.prefix, term.vocabulary.namespace, useOf(term))))
  }
  if (term.properties.length > 0) parts.push(propertiesSection(term))
  container.append(...parts.filter((part) => part !== null))
}

/** Where the chosen set's vocabulary file defines the term (the resolver says so only with set=). */
function definedInNote(place: NonNullable<TermDescription['definedIn']>): HTMLElement {
  const set = chosenSet()
  const where = `${place.file}${place.line === undefined ? '' : `, line ${place.line}`}`
  return h('p', { class: 'described-by' }, 'Defined in ', h('code', {}, where), set === undefined ? '' : `, a vocabulary file of the set ${set}`, '.')
}

/** Whose word the facts are, when no file of the term's own vocabulary describes it (ebucore's on dc:Agent). */
function describedByNote(sources: NonNullable<TermDescription['describedBy']>): HTMLElement {
  const named = sources.flatMap((source, i) => [
    i === 0 ? '' : ', ',
    h('a', { href: vocabularyHref(source.prefix) }, h('code', {}, `${source.prefix}:`)),
    source.package !== undefined ? ` (${source.package})` : '',
  ])
  return h('p', { class: 'described-by' }, 'Described only by another vocabulary: ', ...named, ". Its own vocabulary's file does not define it.")
}

/** The definition's paragraphs, with its web addresses as links. */
function definition(text: string): HTMLElement {
  return h(
    'div',
    { class: 'definition' },
    ...text
      .split(/\n\n+/)
      .map((paragraph) =>
        h(
          'p',
          {},
          ...paragraph
            .split(/(https?:\/\/[^\s<>"')\]]+[^\s<>"')\].,;:])/)
            .map((piece, i) => (i % 2 === 1 ? h('a', { href: piece, rel: 'noopener' }, piece) : piece)),
        ),
      ),
  )
}

function factList(term: TermDescription): HTMLElement {
  const rows: Array<readonly [string, readonly TermRef[]]> = [
    ['Type', term.types],
    ['Domain', term.domain],
    ['Range', term.range],
    ['Subclass of', term.superClasses],
    ['Subclasses', term.subClasses],
    ['Subproperty of', term.superProperties],
    ['Subproperties', term.subProperties],
    ['Equivalent to', term.equivalents],
    ['Replaced by', term.replacedBy],
  ]
  const vocabulary = term.vocabulary
  return h(
    'dl',
    { class: 'facts term-facts' },
    ...(vocabulary === undefined
      ? []
      : [
          h('dt', {}, 'Vocabulary'),
          h(
            'dd',
            {},
            h('a', { href: vocabularyHref(vocabulary.prefix) }, h('code', {}, `${vocabulary.prefix}:`)),
            vocabulary.title ? ` ${vocabulary.title}` : '',
          ),
        ]),
    ...rows.filter(([, refs]) => refs.length > 0).flatMap(([name, refs]) => [h('dt', {}, name), h('dd', {}, ...links(refs))]),
  )
}

/** For a class: the properties whose domain names it, then its superclasses', each group under the class it comes from. */
function propertiesSection(term: TermDescription): HTMLElement {
  const count = term.properties.reduce((sum, group) => sum + group.properties.length, 0)
  return h(
    'section',
    { class: 'applicable', 'aria-labelledby': 'applicable-title' },
    h('h2', { id: 'applicable-title' }, `Properties that apply (${count})`),
    h('p', { class: 'hint' }, 'Properties whose domain is this class or one of its superclasses.'),
    ...term.properties.map((group) =>
      h(
        'div',
        { class: 'applicable-group' },
        h('h3', {}, group.from.iri === term.iri ? 'Directly' : h('span', {}, 'From ', link(group.from))),
        h('ul', { class: 'inline-list' }, ...group.properties.map((property) => h('li', {}, link(property)))),
      ),
    ),
  )
}

function snippetsSection(snippets: readonly Snippet[]): HTMLElement {
  return h(
    'section',
    { class: 'snippets', 'aria-labelledby': 'snippets-title' },
    h('h2', { id: 'snippets-title' }, 'Use it'),
    ...snippets.map((snippet) =>
      h(
        'div',
        { class: 'snippet' },
        h('h3', {}, snippet.name),
        h('pre', { tabindex: '0', 'aria-label': `${snippet.name} example` }, h('code', {}, snippet.text)),
        copyButton(`Copy ${snippet.name}`, `Copy ${snippet.name} example`, () => snippet.text, copied),
      ),
    ),
  )
}

/** How the snippets use the term: by its types, else by the habit of naming classes with a capital. */
function useOf(term: TermDescription): TermUse {
  const types = term.types.map((t) => t.prefixed ?? t.iri)
  if (types.some((t) => RDFS_CLASS.test(t)) || term.subClasses.length + term.superClasses.length > 0) return 'class'
  if (types.some((t) => PROPERTY.test(t)) || term.domain.length + term.range.length > 0) return 'property'
  return 'other'
}

function links(refs: readonly TermRef[]): Array<Node | string> {
  return refs.flatMap((ref, i) => [i === 0 ? '' : ', ', link(ref)])
}

/** A term named in a description: a link to its page where it has a prefixed name, else its IRI. */
function link(ref: TermRef): HTMLElement {
  if (ref.prefixed === undefined || ref.prefixed.endsWith(':')) return iriElement(ref.iri)
  return h('a', { href: termHref(ref.prefixed), title: ref.label ?? ref.iri }, h('code', {}, ref.prefixed))
}

function iriElement(iri: string): HTMLElement {
  const href = linkable(iri)
  return href === undefined ? h('span', { class: 'iri' }, iri) : h('a', { class: 'iri', href, rel: 'noopener' }, iri)
}
