// The vocabulary files of the set shown on /sets: listed, added by upload (the resolver reads each at once and says
// where one does not read) and removed, with the page's token.

import type { ApiVocabularyFile } from '@prefixd/core'
import { byId, h } from '../common/dom.js'
import { safeName, sharedNames } from './file-names.js'

const table = byId<HTMLTableElement>('files')
const none = byId('no-files')
const input = byId<HTMLInputElement>('vocabulary-file')
const result = byId('files-result')

/** What the page gives this part: the token's headers, and what to do once the files changed (list the sets again). */
export interface FilesHost {
  authorized(headers?: Record<string, string>): Record<string, string>
  changed(): Promise<void>
}

let host: FilesHost
/** The set whose files are shown. */
let shown: string | undefined

export function vocabularyFiles(page: FilesHost): { show(name: string | undefined): Promise<void> } {
  host = page
  input.addEventListener('change', () => void upload())
  return { show }
}

async function show(name: string | undefined, message?: string): Promise<void> {
  if (shown !== name) sayHere('')
  shown = name
  if (name === undefined) return
  const response = await fetch(`/api/v1/sets/${encodeURIComponent(name)}/vocabularies`, { headers: host.authorized({ Accept: 'application/json' }) }).catch(
    () => undefined,
  )
  if (response?.status !== 200) return sayHere(`The vocabulary files cannot be listed${response ? `: HTTP ${response.status}` : ''}.`, true)
  const files = (await response.json()) as ApiVocabularyFile[]
  if (shown !== name) return // another set was opened meanwhile
  table.tBodies[0]!.replaceChildren(...files.map((file) => row(name, file)))
  table.hidden = files.length === 0
  none.hidden = files.length > 0
  if (message !== undefined) sayHere(message)
}

function row(name: string, file: ApiVocabularyFile): HTMLTableRowElement {
  const remove = h('button', { type: 'button', class: 'danger', 'aria-label': `Remove ${file.file}` }, 'Remove')
  remove.addEventListener('click', () => void removeFile(name, file))
  const read = `${count(file.terms, 'term')} defined, ${count(file.triples, 'statement')}${file.gzip ? ', gzip’d' : ''}`
  return h(
    'tr',
    {},
    h('td', { class: 'name' }, file.file),
    h('td', {}, read),
    h('td', {}, h('time', { datetime: file.updated }, new Date(file.updated).toLocaleString())),
    h('td', {}, remove),
  )
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`
}

/** Sends each chosen file; says what became of each, the resolver's own words (file:line:column) for one that does not read. */
async function upload(): Promise<void> {
  const name = shown
  const chosen = [...(input.files ?? [])]
  input.value = ''
  if (name === undefined || chosen.length === 0) return
  if (Object.keys(host.authorized()).length === 0) return sayHere('Adding files needs a token: enter the one your operator gave you.', true)
  // Two chosen files stored under one name would have the second silently replace the first: none is sent then.
  const shared = sharedNames(chosen.map((file) => file.name))
  if (shared.length > 0) {
    const items = shared.map(({ stored, names }) => `${names.join(', ')} would all be stored as ${stored}`)
    return sayHere('Nothing added: rename files that differ only in characters a stored name cannot hold.', true, items)
  }
  sayHere(`Reading ${chosen.length === 1 ? chosen[0]!.name : `${chosen.length} files`}…`)
  const said: Said[] = []
  for (const file of chosen) {
    const safe = safeName(file.name)
    // The resolver tells the syntax by the name (.ttl, .nt.gz…) and gzip by the bytes.
    const response = await fetch(`/api/v1/sets/${encodeURIComponent(name)}/vocabularies/${encodeURIComponent(safe)}`, {
      method: 'PUT',
      body: file,
      headers: host.authorized({ 'Content-Type': 'application/octet-stream' }),
    }).catch(() => undefined)
    const body = (await response?.json().catch(() => undefined)) as (ApiVocabularyFile & { error?: { message?: string } }) | undefined
    if (response !== undefined && (response.status === 200 || response.status === 201) && body !== undefined) {
      said.push({ text: `Added ${safe}: ${count(body.terms, 'term')} defined, ${count(body.triples, 'statement')} read.`, failed: false })
    } else {
      said.push({ text: `Not added: ${body?.error?.message ?? (response ? `HTTP ${response.status}` : 'the resolver is not answering')}`, failed: true })
    }
  }
  await Promise.all([show(name), host.changed()])
  const failed = said.filter((s) => s.failed).length
  // Each file's line in its own state: one that was added is not shown in the red of one that was not.
  if (said.length === 1) return sayHere(said[0]!.text, failed === 1)
  const summary = `${said.length} files: ${said.length - failed} added, ${failed} not added.`
  sayHere(summary, failed === said.length, said)
}

/** What became of one file of an upload. */
interface Said {
  readonly text: string
  readonly failed: boolean
}

async function removeFile(name: string, file: ApiVocabularyFile): Promise<void> {
  if (!confirm(`Remove ${file.file} from set ${name}? Its terms no longer complete under set=${name}.`)) return
  const response = await fetch(`/api/v1/sets/${encodeURIComponent(name)}/vocabularies/${encodeURIComponent(file.file)}`, {
    method: 'DELETE',
    headers: host.authorized({ 'If-Match': file.etag }),
  }).catch(() => undefined)
  if (response?.status === 204) {
    await host.changed()
    return show(name, `Removed ${file.file}.`)
  }
  const message = ((await response?.json().catch(() => undefined)) as { error?: { message?: string } } | undefined)?.error?.message
  sayHere(`Not removed: ${message ?? (response ? `HTTP ${response.status}` : 'the resolver is not answering')}`, true)
}

function sayHere(message: string, failed = false, items: ReadonlyArray<string | Said> = []): void {
  const item = (said: string | Said) => (typeof said === 'string' ? h('li', {}, said) : h('li', { class: said.failed ? 'not-added' : 'added' }, said.text))
  result.replaceChildren(...(message === '' ? [] : [h('p', {}, message)]), ...(items.length === 0 ? [] : [h('ul', {}, ...items.map(item))]))
  result.className = `save-result${failed ? ' error' : ''}`
}
