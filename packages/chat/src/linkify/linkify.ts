// Forward linkification: the organization's linkifiers as one TextLinker (chat-behaviour.md "Linkifiers").

import { type Matcher, RE2JS } from 're2js'
import { isLinkableUrl } from './link-url.js'
import { urlTemplateExpander } from './url-template.js'
import { NeedleSet, type PatternFacts, patternFacts } from './pattern-facts.js'
import type { TextLink, TextLinker } from './text-linker.js'

/** What forward linkification reads of a linkifier (chat-api.md §2.6). */
export interface ForwardLinkifier {
  readonly pattern: string
  readonly url_template: string
}

/** What may precede a match (chat-behaviour.md "Linkifiers"), besides the start of the text. */
const BEFORE_CLASS = `[\\t\\n\\v\\f\\r \\x{85}\\pZ'"(,:<]`
/** What may follow one, besides the end of the text: anything but a letter or a digit. */
const AFTER = '(?:$|[^\\pL\\pN])'

/**
 * A linkifier's pattern with its boundary rules around it, to find the match at a given start: RE2 has no
 * look-around, so the boundaries are consumed and the match itself is capturing group 1. Among the
 * matches at one start, RE2's leftmost-first semantics pick the one a look-around would (a greedy group
 * gives back characters until its follower is allowed). One form for the start of the text, one for a
 * start after a boundary character.
 */
const atTextStart = (pattern: string): string => `^((?:${pattern}))${AFTER}`
const afterBoundary = (pattern: string): string => `${BEFORE_CLASS}((?:${pattern}))${AFTER}`

interface CompiledLinkifier {
  /** The pattern alone: it finds candidates, whose boundaries are checked in code. */
  readonly bare: RE2JS
  /** What RE2 knows of the pattern's matches (pattern-facts.ts). */
  readonly facts: PatternFacts
  /** The bounded forms, asked only where a candidate is empty or followed by a letter or digit. */
  readonly atTextStart: RE2JS
  readonly afterBoundary: RE2JS
  readonly groups: readonly string[]
  readonly url: (groups: Readonly<Record<string, string>>) => string | undefined
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
    // A pattern ending in an open `\Q` quote would swallow what follows it: close the quote then.
    for (const pattern of [l.pattern, `${l.pattern}\\E`]) {
      try {
        const bare = RE2JS.compile(pattern)
        return [
          {
            bare,
            facts: patternFacts(bare),
            atTextStart: RE2JS.compile(atTextStart(pattern)),
            afterBoundary: RE2JS.compile(afterBoundary(pattern)),
            groups: Object.keys(bare.namedGroups()),
            url: urlTemplateExpander(l.url_template),
          },
        ]
      } catch {
        // the next form, else skipped
      }
    }
    return []
  })
  const linker: TextLinker = compiled.length === 0 ? () => [] : linkerOf(compiled)
  CACHE.set(key, linker)
  if (CACHE.size > CACHE_SIZE) CACHE.delete(CACHE.keys().next().value!)
  return linker
}

/**
 * Most linkifiers match nothing in a given message. The strings their matches must contain (`TEAM7-`,
 * `CVE-`, `!`) are looked for all at once, and a linkifier whose string is absent is skipped.
 */
function linkerOf(linkifiers: readonly CompiledLinkifier[]): TextLinker {
  const withNeedle = linkifiers.flatMap((l, index) => (l.facts.needle === undefined ? [] : [{ index, needle: l.facts.needle }]))
  const needles = new NeedleSet(withNeedle.map((l) => l.needle))
  return (text) => {
    const skip = new Array<boolean>(linkifiers.length).fill(false)
    needles.occurring(text).forEach((occurs, n) => (skip[withNeedle[n]!.index] = !occurs))
    let accepted: TextLink[] = []
    linkifiers.forEach((linkifier, index) => {
      if (skip[index]) return
      const found = scan(linkifier, text, accepted)
      if (found.length > 0) accepted = mergeSorted(accepted, found)
    })
    return accepted
  }
}

/** A match: its span and its named groups (undefined: the group took no part in the match). */
interface Found {
  readonly start: number
  readonly end: number
  group(name: string): string | undefined
}

/** The successive matches of a pattern: the first one starting at or after `from`. */
type Search = (from: number) => Found | undefined

/**
 * The matches of one linkifier that overlap none of `taken` (sorted). The pattern alone finds candidates
 * (RE2 jumps to a literal start; the facts narrow the rest) and the boundaries are checked here; only a
 * candidate that is empty or followed by a letter or digit goes to the bounded forms, which may find
 * another match at that start. A match over a taken span resumes after that span. Searches only move
 * forward, and a candidate that links nothing sends the next one to the next boundary or bounded match,
 * so no text is searched again from every character. Each search is linear (RE2); one that must read
 * far ahead to choose its match (a greedy optional tail such as `a(?:[ a]*b)?`) reads that far for each
 * match, which makes such a pattern quadratic in its number of matches.
 */
function scan(linkifier: CompiledLinkifier, text: string, taken: readonly TextLink[]): TextLink[] {
  const found: TextLink[] = []
  const candidates = bareSearch(linkifier.bare, linkifier.facts, text)
  const bounded = boundedSearch(linkifier, text)
  let from = 0
  let t = 0
  for (let candidate = candidates(from); candidate !== undefined; candidate = candidates(from)) {
    const { start } = candidate
    from = nextCharacter(text, start)
    if (!boundaryBefore(text, start)) {
      // No match can start before the next boundary: searching from each character would read a long
      // candidate again and again (quadratic).
      from = nextBoundary(text, from)
      continue
    }
    const match = candidate.end > start && boundaryAfter(text, candidate.end) ? candidate : bounded.at(start)
    if (match === undefined) {
      // No link starts here, nor anywhere before the next bounded match: searching from the next
      // character would read this long candidate again and again (quadratic).
      if (start > 0) from = Math.max(from, bounded.nextStart())
      continue
    }
    // An empty match links nothing.
    if (match.end === start) continue
    while (t < taken.length && taken[t]!.end <= start) t += 1
    const blocker = taken[t]
    if (blocker !== undefined && blocker.start < match.end) {
      from = Math.max(blocker.end, from)
      continue
    }
    // A group that took no part is left out, so that RFC 6570 omits it (`{?r}` gives nothing, not `?r=`).
    const groups: Record<string, string> = {}
    for (const name of linkifier.groups) {
      const value = match.group(name)
      if (value !== undefined) groups[name] = value
    }
    // A URL that cannot be built or may not be linked (`javascript:`) leaves the span to later linkifiers.
    const url = linkifier.url(groups)
    if (url === undefined || !isLinkableUrl(url)) continue
    found.push({ start, end: match.end, url })
    from = match.end
  }
  return found
}

/** The bounded forms of a linkifier over one text (see `boundedSearch`). */
interface BoundedSearch {
  /** The match at `start` (after a boundary) that is followed by a boundary, if any. */
  at(start: number): Found | undefined
  /** After `at(start)` for a start past 0: where the next such match starts (past the end if none). */
  nextStart(): number
}

/**
 * The bounded forms over `text`. One search answers for every start up to the next bounded match, so
 * asking at each candidate stays linear, and a scan may jump to that match.
 */
function boundedSearch(linkifier: CompiledLinkifier, text: string): BoundedSearch {
  const matcher = linkifier.afterBoundary.matcher(text)
  // The next bounded match at or after the last start asked for; null: none is left.
  let next: Found | null | undefined
  return {
    at(start) {
      if (start === 0) {
        const first = linkifier.atTextStart.matcher(text)
        return find(first, 0) ? snapshot(first, linkifier.groups) : undefined
      }
      if (next === undefined || (next !== null && next.start < start)) next = find(matcher, start - 1) ? snapshot(matcher, linkifier.groups) : null
      return next?.start === start ? next : undefined
    },
    nextStart: () => (next === null || next === undefined ? text.length + 1 : next.start),
  }
}

/** Group 1 of a bounded match, its named groups copied (the matcher moves on). */
function snapshot(matcher: Matcher, names: readonly string[]): Found {
  const groups = new Map(names.map((name) => [name, matcher.group(name) ?? undefined]))
  return { start: matcher.start(1), end: matcher.end(1), group: (name) => groups.get(name) }
}

/**
 * The bare pattern's matches starting at or after `from`. With a needle and an alphabet (pattern-facts.ts),
 * every match lies in a run of characters of the alphabet that contains the needle: only those runs are
 * searched, each as its own text. Otherwise the whole text is.
 */
function bareSearch(regex: RE2JS, facts: PatternFacts, text: string): Search {
  const { needle, mayContain } = facts
  if (needle === undefined || mayContain === undefined) {
    const matcher = regex.matcher(text)
    return (from) => (from <= text.length && find(matcher, from) ? foundIn(matcher, 0) : undefined)
  }
  let runStart = 0
  let runEnd = 0
  let matcher: Matcher | undefined
  return (from) => {
    for (;;) {
      if (matcher !== undefined && from < runEnd && find(matcher, Math.max(from, runStart) - runStart)) return foundIn(matcher, runStart)
      // A match starting at or after `from` contains an occurrence of the needle at or after it.
      const at = text.indexOf(needle, Math.max(from, runEnd))
      if (at < 0) return undefined
      runStart = at
      while (runStart > 0 && mayContain(text.charCodeAt(runStart - 1))) runStart -= 1
      runEnd = at + needle.length
      while (runEnd < text.length && mayContain(text.charCodeAt(runEnd))) runEnd += 1
      matcher = regex.matcher(text.slice(runStart, runEnd))
    }
  }
}

/** RE2 searches run so far (see `searchesRun`). */
let searches = 0

/** Every RE2 search of the pass goes through here, so that tests can count them. */
function find(matcher: Matcher, from: number): boolean {
  searches += 1
  return matcher.find(from)
}

/**
 * For tests, not exported by the package: how many RE2 searches linkification has run since the process
 * started. Each search is linear in the text it reads, so a pass that runs a bounded number of them per
 * candidate is linear, however long the text; a count that grows with the text's length means a search
 * moved on one character at a time. Read it before and after a call and compare.
 */
export function searchesRun(): number {
  return searches
}

/** The matcher's current match, `offset` added to its span. Its groups are read before the next search. */
function foundIn(matcher: Matcher, offset: number): Found {
  return { start: matcher.start() + offset, end: matcher.end() + offset, group: (name) => matcher.group(name) ?? undefined }
}

/** The index after the character at `at`: a surrogate pair is one character, never split by a link. */
function nextCharacter(text: string, at: number): number {
  const unit = text.charCodeAt(at)
  return unit >= 0xd800 && unit <= 0xdbff && at + 1 < text.length ? at + 2 : at + 1
}

/** The first position at or after `from` where a match may start (after a boundary character), or past the end. */
function nextBoundary(text: string, from: number): number {
  for (let at = from; at < text.length; at++) if (boundaryBefore(text, at)) return at
  return Math.max(from, text.length)
}

/** What may precede a match (chat-behaviour.md): start, whitespace, a separator, or ' " ( , : <. All in the BMP. */
const BEFORE = /[\t\n\v\f\r \u0085\p{Z}'"(,:<]/u
const ASCII_BEFORE = Uint8Array.from({ length: 0x80 }, (_, unit) => (BEFORE.test(String.fromCharCode(unit)) ? 1 : 0))
/** What may not follow one: a letter or a digit. */
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]/u

function boundaryBefore(text: string, start: number): boolean {
  if (start === 0) return true
  const unit = text.charCodeAt(start - 1)
  return unit < 0x80 ? ASCII_BEFORE[unit] === 1 : BEFORE.test(text[start - 1]!)
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
