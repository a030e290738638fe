// The page for /{prefix}:{local} with a suspect prefix: its grade and the IRI it expands to, and no redirect.

import { showFailure, type ApiSuspect } from '../common/api.js'
import { byId, h } from '../common/dom.js'
import { GRADE_REASONS } from '../common/grade-reasons.js'
import { vocabularyHref } from '../common/links.js'

/** What the resolver answers for the same path in JSON (routes/resolve.ts). */
type SuspectAnswer = ApiSuspect

let path: string
try {
  path = decodeURIComponent(location.pathname.slice(1))
} catch {
  path = location.pathname.slice(1)
}
const prefix = path.slice(0, path.indexOf(':'))
byId('title').textContent = `“${prefix}:” is a suspect prefix`
document.title = `${prefix}: is a suspect prefix — prefixd`
void show()

async function show(): Promise<void> {
  try {
    const response = await fetch(location.pathname, { headers: { Accept: 'application/json' } })
    const answer = (await response.json()) as SuspectAnswer
    byId('name').textContent = path
    byId('iri').textContent = answer.value
    const reason = answer.reason === undefined ? undefined : GRADE_REASONS[answer.reason]
    byId('grade').textContent = `${answer.quality}${reason === undefined ? '' : ': ' + reason}`
    byId('answer').hidden = false
    byId('explanation').textContent =
      `${path} expands to an IRI on the word of an entry the resolver does not trust, so it shows the IRI instead of going there.`
    if (answer.usually !== undefined) {
      const usually = byId('usually')
      usually.replaceChildren(`Did you mean `, h('a', { href: vocabularyHref(answer.usually) }, h('code', {}, `${answer.usually}:`)), '?')
      usually.hidden = false
    }
  } catch (error) {
    showFailure(byId('status'), error)
  }
}
