// The home page's lists of curated and popular vocabularies (`/api/v1/vocabularies`), each a link to its page.

import { apiGet, type ApiFeatured, type ApiFeaturedVocabulary } from '../common/api.js'
import { byId, h } from '../common/dom.js'
import { vocabularyHref } from '../common/links.js'

type Featured = ApiFeaturedVocabulary

/** Fills `#curated` and `#popular` and shows `#featured`; the page works on without them. */
export async function showFeatured(): Promise<void> {
  try {
    const { status, body } = await apiGet<ApiFeatured>('vocabularies')
    if (status !== 200) return
    byId('curated').replaceChildren(...body.curated.map(item))
    byId('popular').replaceChildren(...body.popular.map(item))
    byId('featured').hidden = body.curated.length + body.popular.length === 0
  } catch {
    // The search box says when the API fails; the lists just stay away.
  }
}

/** A vocabulary: its prefix and title, and how many terms the data has — or says plainly that it has none of either. */
function item(vocabulary: Featured): HTMLLIElement {
  const terms = vocabulary.terms === 0 ? 'prefix only, no terms' : `${vocabulary.terms.toLocaleString('en')} term${vocabulary.terms === 1 ? '' : 's'}`
  return h(
    'li',
    {},
    h(
      'a',
      { href: vocabularyHref(vocabulary.prefix), title: vocabulary.namespace },
      h('code', {}, `${vocabulary.prefix}:`),
      vocabulary.title ? ` ${vocabulary.title}` : '',
    ),
    // No source the data is built from gives this vocabulary a title: its namespace says what it is instead.
    vocabulary.title ? null : h('span', { class: 'untitled' }, ` ${vocabulary.namespace}`),
    h('span', { class: 'count' }, ` ${terms}`),
  )
}
