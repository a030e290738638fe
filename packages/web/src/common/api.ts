// Calls to the resolver's /api/v1 from the pages: one place that turns failures into messages people can act on.

import { chosenSet } from './set-choice.js'

/** The API could not be used: not reachable, or it failed. `message` is meant for people. */
export class ApiUnavailable extends Error {
  override readonly name = 'ApiUnavailable'
}

/**
 * The answers' types are written once, in `@prefixd/core` (api-answers.ts), for the server that writes them and
 * the pages that read them; type-only, so the bundle is unchanged. `GET /api/v1/term` answers core's description
 * of a term as it is.
 */
export type {
  ApiBodyProblem,
  ApiFeatured,
  ApiFeaturedVocabulary,
  ApiLookup,
  ApiPrefixRow,
  ApiRebindWarning,
  ApiSearchHit,
  ApiSearchResults,
  ApiSetSummary,
  ApiSetWritten,
  ApiSuggestion as Suggestion,
  ApiSuspect,
  ApiTermEntry as TermEntry,
  ApiVocabulary as Vocabulary,
  Candidate,
  TermDescription,
  TermRef,
} from '@prefixd/core'

/** An answer the API gave: its status and parsed JSON body (404s are answers, not failures). */
export interface ApiAnswer<T> {
  readonly status: number
  readonly body: T
}

/**
 * GETs `/api/v1/{path}` with `params` (and `set=` when the page's URL names a set). Resolves with 2xx and 404 answers; rejects with
 * {@link ApiUnavailable} when the network fails or the API answers anything else, and with the
 * signal's AbortError when the caller cancels (callers ignore that one).
 */
export async function apiGet<T>(path: string, params: Record<string, string> = {}, signal?: AbortSignal): Promise<ApiAnswer<T>> {
  const set = chosenSet()
  const query = new URLSearchParams(set === undefined ? params : { ...params, set }).toString()
  let response: Response
  try {
    response = await fetch(`/api/v1/${path}${query === '' ? '' : '?' + query}`, { signal: signal ?? null, headers: { Accept: 'application/json' } })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiUnavailable('The prefixd API is not answering (network error). Check that the resolver is running, then try again.')
  }
  let body: unknown
  try {
    body = await response.json()
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiUnavailable(`The prefixd API gave an unreadable answer (HTTP ${response.status}).`)
  }
  if (response.ok || response.status === 404) return { status: response.status, body: body as T }
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message
  throw new ApiUnavailable(`The prefixd API failed (HTTP ${response.status}${typeof message === 'string' ? ': ' + message : ''}).`)
}

/** Whether `error` is the cancellation of a request that a newer one replaced. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/** What a page says when a request failed: the API's own words, or the unexpected error's. */
export function describeFailure(error: unknown): string {
  return error instanceof ApiUnavailable ? error.message : `Something went wrong: ${(error as Error).message}`
}

/** Shows a failure in a page's status line, styled as an error. */
export function showFailure(status: HTMLElement, error: unknown): void {
  status.textContent = describeFailure(error)
  status.classList.add('error')
}
