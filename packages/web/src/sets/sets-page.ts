// The sets page (/sets): list the project prefix sets, view one in any format, add or replace one by
// upload or paste, and delete one, with the operator's token.

import { describeFailure, showFailure, type ApiBodyProblem, type ApiSetSummary, type ApiSetWritten } from '../common/api.js'
import { byId, h } from '../common/dom.js'
import { loadingHint } from '../common/loading.js'
import { vocabularyFiles } from './vocabulary-files.js'

/** A set as `GET /api/v1/sets` lists it. */
type SetSummary = ApiSetSummary

/** An answer of the sets API: status, the body as text, and the entity tag. */
interface Sent {
  readonly status: number
  readonly text: string
  readonly etag: string | null
  /** Why the server keeps no sets (`Prefixd-Sets-Off`), when it keeps none. */
  readonly off: string | null
}

const FORMAT_TYPES: Readonly<Record<string, string>> = {
  turtle: 'text/turtle',
  sparql: 'application/sparql-query',
  json: 'application/json',
  jsonld: 'application/ld+json',
}
/** The media type of an uploaded file, by its extension. */
const FILE_TYPES: Readonly<Record<string, string>> = {
  ttl: 'text/turtle',
  json: 'application/json',
  jsonld: 'application/ld+json',
  rq: 'application/sparql-query',
  sparql: 'application/sparql-query',
}
const TOKEN_KEY = 'prefixd-token'

const status = byId('status')
const tokenInput = byId<HTMLInputElement>('token')
const table = byId<HTMLTableElement>('sets')
const empty = byId('empty')
const view = byId('view')
const viewTitle = byId('view-title')
const viewFacts = byId('view-facts')
const viewFormat = byId<HTMLSelectElement>('view-format')
const viewBody = byId('view-body')
const form = byId<HTMLFormElement>('upload')
const nameInput = byId<HTMLInputElement>('name')
const formatSelect = byId<HTMLSelectElement>('format')
const fileInput = byId<HTMLInputElement>('file')
const textArea = byId<HTMLTextAreaElement>('text')
const standalone = byId<HTMLInputElement>('standalone')
const saveResult = byId('save-result')

type BodyProblem = ApiBodyProblem

/** The set shown, and the tag of the version shown (an edit of it is saved only over that version). */
let shown: { name: string; etag: string | null } | undefined
/** Set when the form holds a shown set for editing: saved with If-Match. */
let editing: { name: string; etag: string } | undefined

const files = vocabularyFiles({ authorized, changed: () => loadList() })

tokenInput.value = sessionStorage.getItem(TOKEN_KEY) ?? ''
tokenInput.addEventListener('input', () => sessionStorage.setItem(TOKEN_KEY, tokenInput.value.trim()))
// Where sets are private, the list needs the token: ask again once one is given.
tokenInput.addEventListener('change', () => void loadList())
viewFormat.addEventListener('change', () => shown && void showSet(shown.name))
byId('edit').addEventListener('click', () => void editShown())
byId('delete').addEventListener('click', () => void deleteShown())
fileInput.addEventListener('change', () => void readFile())
nameInput.addEventListener('input', () => (editing = undefined))
form.addEventListener('submit', (event) => {
  event.preventDefault()
  void save()
})
window.addEventListener('hashchange', () => void showFromHash())
void loadList().then(showFromHash)

/** Calls `/api/v1/sets…`; rejects only when the API cannot be reached (answers, errors included, resolve). */
async function send(path: string, init: RequestInit = {}): Promise<Sent> {
  let response: Response
  try {
    response = await fetch(`/api/v1/sets${path}`, init)
  } catch {
    throw new Error('The prefixd API is not answering (network error). Check that the resolver is running, then try again.')
  }
  return { status: response.status, text: await response.text(), etag: response.headers.get('ETag'), off: response.headers.get('Prefixd-Sets-Off') }
}

/** The API's own message of an error answer. */
function messageOf(sent: Sent): string {
  try {
    const error = (JSON.parse(sent.text) as { error?: { message?: string } }).error
    if (error?.message !== undefined) return error.message
  } catch {
    // not JSON: fall through
  }
  return `HTTP ${sent.status}`
}

function say(message: string, failed = false): void {
  status.textContent = message
  status.classList.toggle('error', failed)
}

function authorized(headers: Record<string, string> = {}): Record<string, string> {
  const token = tokenInput.value.trim()
  return token === '' ? headers : { ...headers, Authorization: `Bearer ${token}` }
}

async function loadList(): Promise<void> {
  const loaded = loadingHint(status, 'Loading the sets…')
  try {
    const sent = await send('', { headers: authorized({ Accept: 'application/json' }) })
    loaded()
    if (sent.status !== 200) return say(`The sets cannot be listed: ${messageOf(sent)}`, true)
    if (sent.off !== null) return setsOff(sent.off)
    if (status.textContent?.startsWith('The sets cannot be listed')) say('') // the token given since makes it right
    renderList(JSON.parse(sent.text) as SetSummary[])
  } catch (error) {
    loaded()
    showFailure(status, error)
  }
}

/**
 * A server that keeps no sets: said up front, with why (its store's driver is not installed, or it was started
 * without a store), and no token box, list or form — a Save could only be refused.
 */
function setsOff(why: string): void {
  say(`Sets are off on this server — ${why.replace(/^this server keeps no sets: /, '')}. Every other page works without them.`)
  for (const id of ['list-title', 'form-title']) byId(id).hidden = true
  for (const part of [form, table, empty, view, tokenInput.parentElement!]) part.hidden = true
}

function renderList(sets: readonly SetSummary[]): void {
  const body = table.tBodies[0]!
  body.replaceChildren(
    ...sets.map((set) =>
      h(
        'tr',
        {},
        h('td', {}, h('a', { href: `#${encodeURIComponent(set.name)}`, class: 'name' }, set.name)),
        h(
          'td',
          {},
          `${set.prefixes} prefix${set.prefixes === 1 ? '' : 'es'}${set.vocabularies > 0 ? `, ${set.vocabularies} vocabulary file${set.vocabularies === 1 ? '' : 's'}` : ''}`,
        ),
        h('td', {}, set.standalone ? 'stands alone' : 'over the default table'),
        h('td', {}, h('time', { datetime: set.updated }, new Date(set.updated).toLocaleString())),
      ),
    ),
  )
  table.hidden = sets.length === 0
  empty.hidden = sets.length > 0
}

function showFromHash(): Promise<void> | void {
  const name = decodeURIComponent(location.hash.slice(1))
  if (name === '') {
    view.hidden = true
    shown = undefined
    return files.show(undefined)
  }
  return showSet(name)
}

async function showSet(name: string): Promise<void> {
  const format = viewFormat.value
  try {
    const sent = await send(`/${encodeURIComponent(name)}?format=${format}`, { headers: authorized() })
    if (sent.status !== 200) {
      view.hidden = true
      shown = undefined
      return say(`Set ${name} cannot be shown: ${messageOf(sent)}`, true)
    }
    shown = { name, etag: sent.etag }
    viewTitle.textContent = `Set ${name}`
    const lines = sent.text.trim().split('\n').length
    viewFacts.textContent = `Use it with set=${name} on any read, e.g. /api/v1/expand?q=…&set=${name}. ${format === 'turtle' || format === 'sparql' ? `${lines} declaration${lines === 1 ? '' : 's'}.` : ''}`
    viewBody.textContent = sent.text
    view.hidden = false
    await files.show(name)
  } catch (error) {
    showFailure(status, error)
  }
}

/** Puts the shown set into the form as Turtle, to be saved over the version shown. */
async function editShown(): Promise<void> {
  if (shown === undefined) return
  const sent = await send(`/${encodeURIComponent(shown.name)}?format=turtle`, { headers: authorized() }).catch((error: unknown) => {
    showFailure(status, error)
    return undefined
  })
  if (sent === undefined) return
  if (sent.status !== 200) return say(`Set ${shown.name} cannot be edited: ${messageOf(sent)}`, true)
  const list = (await send('', { headers: authorized({ Accept: 'application/json' }) })).text
  const summary = (JSON.parse(list) as SetSummary[]).find((s) => s.name === shown!.name)
  nameInput.value = shown.name
  formatSelect.value = 'text/turtle'
  textArea.value = sent.text
  standalone.checked = summary?.standalone ?? false
  editing = { name: shown.name, etag: sent.etag ?? '' }
  say(`Editing ${shown.name}: Save set replaces it, unless someone changed it meanwhile.`)
  textArea.focus()
}

async function readFile(): Promise<void> {
  const file = fileInput.files?.[0]
  if (file === undefined) return
  textArea.value = await file.text()
  const type = FILE_TYPES[/\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '']
  if (type !== undefined) formatSelect.value = type
  if (nameInput.value === '')
    nameInput.value = file.name
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9._~-]/g, '-')
      .replace(/^[^A-Za-z0-9]+/, '')
      .slice(0, 64)
  say(`Read ${file.name}: check the name and save.`)
}

async function save(): Promise<void> {
  const name = nameInput.value.trim()
  if (!nameInput.checkValidity())
    return sayAtSave('A set name is 1 to 64 letters, digits, dots, dashes, underscores or tildes, starting with a letter or digit.', true)
  if (tokenInput.value.trim() === '') {
    tokenInput.focus()
    return sayAtSave('Saving a set needs a token: enter the one your operator gave you.', true)
  }
  const headers = authorized({ 'Content-Type': `${formatSelect.value}; charset=utf-8` })
  if (editing?.name === name && editing.etag !== '') headers['If-Match'] = editing.etag
  sayAtSave('Saving…')
  try {
    const sent = await send(`/${encodeURIComponent(name)}${standalone.checked ? '?standalone=true' : ''}`, { method: 'PUT', headers, body: textArea.value })
    if (sent.status === 200 || sent.status === 201) {
      const { prefixes, warnings } = JSON.parse(sent.text) as ApiSetWritten
      editing = undefined
      await loadList()
      // pushState, not location.hash: the set is shown here, once, before the result is said.
      if (location.hash !== `#${encodeURIComponent(name)}`) history.pushState(null, '', `#${encodeURIComponent(name)}`)
      await showSet(name)
      // Said last: the list and the set shown above may have moved the form, and the result must be in view.
      const saved = `Saved ${name}: ${prefixes} prefix${prefixes === 1 ? '' : 'es'}.`
      return warnings.length === 0
        ? sayAtSave(saved)
        : sayAtSave(
            `${saved} ${warnings.length === 1 ? 'A warning' : `${warnings.length} warnings`}: the default table binds ${warnings.length === 1 ? 'this prefix' : 'these prefixes'} elsewhere.`,
            false,
            warnings.map((w) => w.message),
            'warning',
          )
    }
    if (sent.status === 412) return sayAtSave(`Not saved: ${name} was changed meanwhile. Open it again to edit the new version.`, true)
    const problems = problemsOf(sent)
    if (problems.length > 1) return sayAtSave(`Not saved: ${problems.length} problems in the body; nothing was stored.`, true, problems.map(describeProblem))
    sayAtSave(`Not saved: ${messageOf(sent)}`, true)
  } catch (error) {
    sayAtSave(describeFailure(error), true)
  }
}

/** Every problem a refused body has, as the API lists them (none when it names no list). */
function problemsOf(sent: Sent): BodyProblem[] {
  try {
    return (JSON.parse(sent.text) as { error?: { problems?: BodyProblem[] } }).error?.problems ?? []
  } catch {
    return []
  }
}

function describeProblem(problem: BodyProblem): string {
  const at = problem.line === undefined ? '' : `line ${problem.line}${problem.column === undefined ? '' : `, column ${problem.column}`}: `
  return `${at}${problem.entry === undefined ? '' : `${problem.entry}: `}${problem.message}`
}

/** The result of Save, beside the button, with its problems or warnings listed; scrolled into view. */
function sayAtSave(message: string, failed = false, items: readonly string[] = [], kind: 'error' | 'warning' = 'error'): void {
  saveResult.replaceChildren(h('p', {}, message), ...(items.length === 0 ? [] : [h('ul', {}, ...items.map((item) => h('li', {}, item)))]))
  saveResult.className = `save-result${failed ? ' error' : items.length > 0 && kind === 'warning' ? ' warning' : ''}`
  saveResult.scrollIntoView({ block: 'nearest' })
}

async function deleteShown(): Promise<void> {
  if (shown === undefined) return
  const { name, etag } = shown
  if (!confirm(`Delete the set ${name}? Reads with set=${name} will then fail.`)) return
  try {
    const sent = await send(`/${encodeURIComponent(name)}`, { method: 'DELETE', headers: authorized(etag === null ? {} : { 'If-Match': etag }) })
    if (sent.status === 204) {
      say(`Deleted ${name}.`)
      history.replaceState(null, '', location.pathname + location.search)
      view.hidden = true
      shown = undefined
      await files.show(undefined)
      return loadList()
    }
    if (sent.status === 412) return say(`Not deleted: ${name} was changed meanwhile. Look at the new version first.`, true)
    say(`Not deleted: ${messageOf(sent)}`, true)
  } catch (error) {
    say(describeFailure(error), true)
  }
}
