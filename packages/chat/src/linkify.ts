// Forward linkification: the organization's linkifiers as one TextLinker (chat-behaviour.md "Linkifiers").

import { RE2JS } from 're2js'
import { expandUrlTemplate } from './linkifier-rules.js'
import type { TextLink, TextLinker } from './text-linker.js'

/** What forward linkification reads of a linkifier (chat-api.md §2.6). */
export interface ForwardLinkifier {
  readonly pattern: string
  readonly url_template: string
}

/**
 * A linkifier's pattern wrapped in its boundary rules (chat-behaviour.md "Linkifiers"): preceded by start
 * of text, whitespace, a Unicode separator or one of `' " ( , : <`, and followed by end of text or a
 * character that is neither a letter nor a digit. RE2 has no look-around, so both sides are consumed
 * and the match itself is capturing group 1; RE2's leftmost-first semantics pick the same match a
 * look-around would (a greedy group gives back characters until its follower is allowed).
 */
const wrap = (pattern: string): string => `(?:^|[\\t\\n\\v\\f\\r \\x{85}\\pZ'"(,:<])((?:${pattern}))(?:$|[^\\pL\\pN])`

interface CompiledLinkifier {
  readonly regex: RE2JS
  /** The bare pattern, when it compiles alone: does it occur in the text at all? */
  readonly probe: RE2JS | undefined
  readonly groups: readonly string[]
  readonly urlTemplate: string
}

/** Compiled lists by their content: linkifiers change rarely, messages are sent often. */
const CACHE = new Map<string, TextLinker>()
/** A few lists at once (one per organization; tests open many). */
const CACHE_SIZE = 16

/**
 * The TextLinker of a list of linkifiers, in their order: each is scanned for successive matches over
 * the text (linear time: RE2), and an earlier linkifier's match wins over an overlapping later one. The
 * URL is the linkifier's url_template expanded (RFC 6570) with the match's named groups. A pattern that
 * does not compile (none is stored: they are checked when added) is skipped. Compiled once per list
 * content and cached.
 * @example linkifierLinker([{ pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.org/{id}' }])('see #12.')
 * // [{ start: 4, end: 7, url: 'https://x.org/12' }]
 */
export function linkifierLinker(linkifiers: readonly ForwardLinkifier[]): TextLinker {
  const key = JSON.stringify(linkifiers.map((l) => [l.pattern, l.url_template]))
  const cached = CACHE.get(key)
  if (cached !== undefined) {
    // Refreshed as the newest entry, so the eviction below drops the least recently used list.
    CACHE.delete(key)
    CACHE.set(key, cached)
    return cached
  }
  const compiled = linkifiers.flatMap((l): CompiledLinkifier[] => {
    // A pattern ending in an open `\Q` quote would swallow the wrapper: close the quote then.
    for (const source of [wrap(l.pattern), wrap(`${l.pattern}\\E`)]) {
      try {
        const regex = RE2JS.compile(source)
        return [{ regex, probe: probeFor(l.pattern), groups: Object.keys(regex.namedGroups()), urlTemplate: l.url_template }]
      } catch {
        // the next form, else skipped
      }
    }
    return []
  })
  const linker: TextLinker = compiled.length === 0 ? () => [] : (text) => linkText(compiled, text)
  CACHE.set(key, linker)
  if (CACHE.size > CACHE_SIZE) CACHE.delete(CACHE.keys().next().value!)
  return linker
}

/**
 * The bare pattern, to ask first whether it occurs at all: RE2 finds a pattern's literal start (`TEAM7-`,
 * `CVE-`) with a string search, which the boundary wrapper hides; most linkifiers match nothing in a
 * given message and are then skipped at that cost.
 */
function probeFor(pattern: string): RE2JS | undefined {
  try {
    return RE2JS.compile(pattern)
  } catch {
    return undefined // (a trailing `\Q`): no probe, always scanned
  }
}

function linkText(linkifiers: readonly CompiledLinkifier[], text: string): TextLink[] {
  let accepted: TextLink[] = []
  for (const linkifier of linkifiers) {
    if (linkifier.probe !== undefined && !linkifier.probe.matcher(text).find()) continue
    const found = scan(linkifier, text, accepted)
    if (found.length > 0) accepted = mergeSorted(accepted, found)
  }
  return accepted
}

/**
 * The matches of one linkifier that overlap none of `taken` (sorted). The search resumes one character
 * before where it may next match, so that the character can serve as the preceding boundary; a match
 * over a taken span resumes after that span (each search moves forward: linear overall).
 */
function scan(linkifier: CompiledLinkifier, text: string, taken: readonly TextLink[]): TextLink[] {
  const found: TextLink[] = []
  const wrapped = linkifier.regex.matcher(text)
  // The bare pattern finds candidates fast (RE2 jumps to its literal start); the boundaries are then
  // checked here. Only a candidate that fails the boundary after it goes to the wrapped pattern, which
  // may find a shorter match there — so the result is exactly the wrapped pattern's.
  const bare = linkifier.probe?.matcher(text)
  let from = 0
  let t = 0
  while (from <= text.length) {
    let start: number
    let end: number
    let matcher = wrapped
    let group = 1
    if (bare !== undefined) {
      if (!bare.find(from)) break
      start = bare.start()
      end = bare.end()
      if (end === start || !boundaryBefore(text, start)) {
        from = start + 1
        continue
      }
      if (boundaryAfter(text, end)) {
        matcher = bare
        group = 0
      } else if (!wrapped.find(start === 0 ? 0 : start - 1)) break
    } else {
      let matched = wrapped.find(from === 0 ? 0 : from - 1)
      // Only `^` can place a match before `from` (at 0, when from is 1): search again without it.
      if (matched && wrapped.start(1) < from) matched = wrapped.find(from)
      if (!matched) break
    }
    start = matcher.start(group)
    end = matcher.end(group)
    // An empty match links nothing; step over it.
    if (end === start) {
      from = start + 1
      continue
    }
    while (t < taken.length && taken[t]!.end <= start) t += 1
    const blocker = taken[t]
    if (blocker !== undefined && blocker.start < end) {
      from = Math.max(blocker.end, start + 1)
      continue
    }
    const groups: Record<string, string> = {}
    for (const name of linkifier.groups) groups[name] = matcher.group(name) ?? ''
    found.push({ start, end, url: expandUrlTemplate(linkifier.urlTemplate, groups) })
    from = end
  }
  return found
}

/** What may precede a match (chat-behaviour.md): start, whitespace, a separator, or ' " ( , : <. */
const BEFORE = /[\t\n\v\f\r \u0085\p{Z}'"(,:<]$/u
/** What may not follow one: a letter or a digit. */
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]/u

function boundaryBefore(text: string, start: number): boolean {
  return start === 0 || BEFORE.test(text.slice(Math.max(0, start - 2), start))
}

function boundaryAfter(text: string, end: number): boolean {
  return end === text.length || !LETTER_OR_DIGIT.test(text.slice(end, end + 2))
}

/**
 * The spans of `later` that are well formed (in order, non-empty, inside `length`, not overlapping the
 * one before) and overlap none of `earlier`, merged with `earlier`: earlier linkers win.
 * Both lists are walked once.
 */
export function mergeLinks(earlier: readonly TextLink[], later: readonly TextLink[], length: number): TextLink[] {
  const kept: TextLink[] = []
  let last = 0
  let e = 0
  for (const link of later) {
    if (!(Number.isInteger(link.start) && Number.isInteger(link.end) && link.start >= last && link.end > link.start && link.end <= length)) continue
    while (e < earlier.length && earlier[e]!.end <= link.start) e += 1
    const next = earlier[e]
    if (next !== undefined && next.start < link.end) continue
    kept.push(link)
    last = link.end
  }
  return kept.length === 0 ? [...earlier] : mergeSorted(earlier, kept)
}

/** Two sorted lists of non-overlapping spans, one sorted list. */
function mergeSorted(a: readonly TextLink[], b: readonly TextLink[]): TextLink[] {
  const merged: TextLink[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]!.start < b[j]!.start)) merged.push(a[i++]!)
    else merged.push(b[j++]!)
  }
  return merged
}
