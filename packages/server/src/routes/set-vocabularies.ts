// /api/v1/sets/{name}/vocabularies: the vocabulary and data files a set carries — PUT (read at once: its terms and
// usage are stored, never a half-read file), list, GET (what was read) and DELETE, token-protected as set writes.

import { createHash } from 'node:crypto'
import type { ApiVocabularyFile } from '@prefixd/core'
import { HttpError } from '../http-error.js'
import { decodePathSegment } from '../query-params.js'
import { sendAnswer, sendJson } from '../respond.js'
import { makeAnswer } from '../served-index.js'
import { MAX_VOCABULARY_BYTES, readVocabularyBody, vocabularyFormat } from '../sets/vocabulary-bodies.js'
import type { VocabularyRecord, VocabularySummary } from '../sets/set-store.js'
import { badSetName, precondition, requireToken, SET_NAME, stored, unknownSet, type SetsConfig } from './sets.js'
import type { ServerContext, ServerRouter } from '../server-state.js'

/** Most vocabulary files in one set. */
export const MAX_VOCABULARY_FILES = 64
/**
 * Most distinct terms and (context, term) pairs counted over a set's files together (`size` in the listing):
 * what a set's usage holds in memory in every process that serves it (about 200 bytes each: 50 MB at most).
 */
export const MAX_SET_USAGE_SIZE = 250_000
/** A file's name in a set: a path segment as it is, so that it needs no escaping. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/
const PATH = /^\/api\/v1\/sets\/([^/]*)\/vocabularies(?:\/([^/]*))?$/

export function addSetVocabularyRoutes(router: ServerRouter, sets: SetsConfig | undefined, off: string): void {
  const config = (): SetsConfig => {
    if (sets === undefined) throw new HttpError('NOT_FOUND', off)
    return sets
  }
  router.get('/api/v1/sets/:name/vocabularies', async (ctx) => {
    const { registry, privateReads, tokens } = config()
    if (privateReads) requireToken(ctx, tokens, 'reading')
    const { name } = names(ctx)
    const [record, files] = await stored(ctx, Promise.all([registry.store.get(name), registry.store.vocabularies(name, false)]))
    if (record === undefined) throw unknownSet(name)
    ctx.set('Cache-Control', 'no-store')
    sendJson(ctx, 200, files)
  })
  router.get('/api/v1/sets/:name/vocabularies/:file', async (ctx) => {
    const { registry, privateReads, tokens } = config()
    if (privateReads) requireToken(ctx, tokens, 'reading')
    const { name, file } = names(ctx)
    // The one file's row: not every file's usage (up to tens of MB) read to answer for one.
    const found = await stored(ctx, registry.store.vocabulary(name, file!))
    if (found === undefined) throw unknownFile(name, file!)
    // What was read from the file (a `prefixd-usage/1` document), under the file's own tag.
    sendAnswer(ctx, { ...makeAnswer(200, 'application/json; charset=utf-8', found.usage), etag: found.etag }, 'no-cache')
  })
  router.put('/api/v1/sets/:name/vocabularies/:file', async (ctx) => {
    const { registry, tokens, jsonLdHeapMb } = config()
    requireToken(ctx, tokens)
    const { name, file } = names(ctx)
    const format = vocabularyFormat(ctx.get('Content-Type'), file!)
    if (Number(ctx.get('Content-Length') || 0) > MAX_VOCABULARY_BYTES)
      throw new HttpError('PAYLOAD_TOO_LARGE', `a vocabulary file is at most ${MAX_VOCABULARY_BYTES} bytes as sent; nothing was stored`)
    // Known before the body is read: no set, no reading (a 404 now, not after seconds of parsing).
    const [record, others] = await stored(ctx, Promise.all([registry.store.get(name), registry.store.vocabularies(name, false)]))
    if (record === undefined) throw unknownSet(name, 'PUT the set first')
    // Checked here to answer early and say by how much; the store checks again in its transaction (uploads at once).
    const early = overBounds(others, file!, 0)
    if (early !== undefined) throw early
    const read = await readVocabularyBody(ctx.req as AsyncIterable<Buffer>, file!, format, jsonLdHeapMb)
    const json = read.usage.toJSON()
    const usage = JSON.stringify(json)
    const size = read.usage.size
    const over = overBounds(others, file!, size)
    if (over !== undefined) throw over
    const summary: ApiVocabularyFile = {
      file: file!,
      format,
      gzip: read.gzip,
      bytes: read.bytes,
      triples: read.usage.triples,
      terms: read.usage.definitions().length,
      size,
      etag: `"${createHash('sha256').update(usage).digest('base64url').slice(0, 22)}"`,
      updated: new Date().toISOString(),
    }
    const written: VocabularyRecord = { ...summary, set: name, usage }
    const outcome = await stored(ctx, registry.store.putVocabulary(written, precondition(ctx), { files: MAX_VOCABULARY_FILES, size: MAX_SET_USAGE_SIZE }))
    if (outcome === 'over') throw overMeanwhile(await stored(ctx, registry.store.vocabularies(name, false)), file!, size)
    if (outcome === 'missing') throw unknownSet(name, 'it was deleted meanwhile')
    if (outcome === 'failed') throw preconditionFailed(name, file!)
    registry.invalidate([name])
    ctx.set('ETag', summary.etag)
    if (outcome === 'created') ctx.set('Location', `/api/v1/sets/${name}/vocabularies/${file}`)
    // Whether serving takes each prefix the file declares (another file, the set or the table may bind it first, or its
    // namespace be no IRI): asked of the files' declared prefixes, kept by tag, not of the set's view (built again per PUT).
    registry.rememberPrefixes(name, summary, json.prefixes)
    const taken = await stored(ctx, registry.prefixesTaken(record, [...others.filter((row) => row.file !== file), summary]))
    const prefixes = read.usage.prefixes().map(({ prefix, namespace }) => ({ prefix, namespace, served: taken.get(prefix) === namespace }))
    sendJson(ctx, outcome === 'created' ? 201 : 200, { success: true, set: name, ...summary, prefixes })
  })
  router.delete('/api/v1/sets/:name/vocabularies/:file', async (ctx) => {
    const { registry, tokens } = config()
    requireToken(ctx, tokens)
    const { name, file } = names(ctx)
    const outcome = await stored(ctx, registry.store.deleteVocabulary(name, file!, precondition(ctx)))
    if (outcome === 'missing') throw unknownFile(name, file!)
    if (outcome === 'failed') throw preconditionFailed(name, file!)
    registry.invalidate([name])
    ctx.status = 204
  })
}

/** The set's and the file's names from the path, checked (400 for a name no set or file can have). */
function names(ctx: ServerContext): { name: string; file: string | undefined } {
  const match = PATH.exec(ctx.path)
  const name = decodePathSegment(match?.[1] ?? '', 'the set name')
  if (!SET_NAME.test(name)) throw badSetName()
  const raw = match?.[2]
  if (raw === undefined) return { name, file: undefined }
  const file = decodePathSegment(raw, 'the file name')
  if (!FILE_NAME.test(file))
    throw new HttpError('BAD_PARAMETER', 'a vocabulary file name is 1 to 128 characters of A-Z a-z 0-9 . _ ~ -, starting with a letter or digit')
  return { name, file }
}

/** The 413 of a set whose files but `file`, with `file` counting `size`, would pass a bound; undefined if they would not. */
function overBounds(listed: readonly VocabularySummary[], file: string, size: number): HttpError | undefined {
  const kept = listed.filter((row) => row.file !== file)
  if (kept.length >= MAX_VOCABULARY_FILES)
    return new HttpError('PAYLOAD_TOO_LARGE', `a set carries at most ${MAX_VOCABULARY_FILES} vocabulary files; nothing was stored`)
  const total = kept.reduce((sum, row) => sum + row.size, size)
  if (total <= MAX_SET_USAGE_SIZE) return undefined
  const most = MAX_SET_USAGE_SIZE.toLocaleString('en-US')
  const message = `a set's vocabulary files count at most ${most} distinct terms and pairs together; with ${file} it would be ${total.toLocaleString('en-US')}; nothing was stored`
  return new HttpError('PAYLOAD_TOO_LARGE', message)
}

/** The store found the bounds passed: another upload to the set was stored while this one was read. */
function overMeanwhile(listed: readonly VocabularySummary[], file: string, size: number): HttpError {
  const over = overBounds(listed, file, size)
  const why = over === undefined ? 'the set passed its bounds' : over.message.replace(/; nothing was stored$/, '')
  return new HttpError('PAYLOAD_TOO_LARGE', `${why} (another upload to the set was stored while this one was read); nothing was stored`)
}

function unknownFile(name: string, file: string): HttpError {
  return new HttpError('NOT_FOUND', `set '${name}' has no vocabulary file '${file}'`)
}

function preconditionFailed(name: string, file: string): HttpError {
  return new HttpError('PRECONDITION_FAILED', `${file} of set '${name}' is not in the state If-Match or If-None-Match asks for (someone changed it meanwhile?)`)
}
