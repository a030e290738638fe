// What RE2 knows about every match of a pattern before searching: a string each match contains, and the
// characters a match may consist of. A linkifier uses them to skip a message in which the string does not
// occur, and to search only the runs of possible characters around each occurrence, not the whole text.

import type { RE2JS } from 're2js'

/** Longest needle kept: any prefix of a string every match contains is one too, and short ones walk fast. */
const NEEDLE_LENGTH = 16

export interface PatternFacts {
  /** A string every match contains, if RE2 found one (case-sensitive patterns with a literal part). */
  readonly needle: string | undefined
  /**
   * Whether a UTF-16 code unit may be part of a match (surrogates always may). Absent when the pattern has
   * an assertion (`^`, `$`, `\b`): a match then depends on text beyond the characters it consists of.
   */
  readonly mayContain: ((unit: number) => boolean) | undefined
}

/** The shape of the re2js internals read here; re2js computes both facts for itself and exports neither. */
interface Internals {
  readonly re2Input?: {
    readonly prefilter?: { readonly type?: unknown; readonly str?: unknown } | null
    readonly prog?: { readonly inst?: readonly Instruction[] }
  }
}

interface Instruction {
  readonly op: number
  matchRune(rune: number): boolean
}

// re2js instruction codes (src/Inst.js), pinned by a test.
const EMPTY_WIDTH = 4
const RUNE = 8
const RUNE1 = 9
const RUNE_ANY = 10
const RUNE_ANY_NOT_NL = 11
const LOOKBEHIND_WRITE = 12
/** re2js prefilter type of a single string every match contains. */
const EXACT = 1

/**
 * The facts of a compiled pattern. Anything that does not look as expected gives no fact, and the pattern
 * is then searched the plain way: the facts only ever narrow a search RE2 would do anyway.
 * @example patternFacts(RE2JS.compile('[a-z]+!(?P<n>[0-9]+)')) // needle '!', mayContain: [a-z!0-9]
 */
export function patternFacts(regex: RE2JS): PatternFacts {
  const internals = (regex as unknown as Internals).re2Input
  const prefilter = internals?.prefilter
  const needle = prefilter?.type === EXACT && typeof prefilter.str === 'string' && prefilter.str !== '' ? prefilter.str.slice(0, NEEDLE_LENGTH) : undefined
  return { needle, mayContain: alphabet(internals?.prog?.inst) }
}

/** The characters the program's instructions can consume, or undefined when it asserts anything. */
function alphabet(instructions: readonly Instruction[] | undefined): ((unit: number) => boolean) | undefined {
  if (!Array.isArray(instructions) || instructions.some((i) => typeof i?.op !== 'number' || typeof i.matchRune !== 'function')) return undefined
  if (instructions.some((i) => i.op === EMPTY_WIDTH || i.op >= LOOKBEHIND_WRITE)) return undefined
  const consuming = instructions.filter((i) => i.op >= RUNE && i.op <= RUNE_ANY_NOT_NL)
  if (consuming.some((i) => i.op === RUNE_ANY)) return () => true
  const test = (unit: number): boolean =>
    (unit >= 0xd800 && unit <= 0xdfff) ||
    consuming.some((i) => (i.op === RUNE_ANY_NOT_NL ? unit !== 0x0a : (i.op === RUNE || i.op === RUNE1) && i.matchRune(unit)))
  // Latin-1 answered from a table; other characters asked each time (rare in the runs around a needle).
  const latin1 = Uint8Array.from({ length: 256 }, (_, unit) => (test(unit) ? 1 : 0))
  return (unit) => (unit < 256 ? latin1[unit] === 1 : test(unit))
}

/**
 * Which of many strings occur in a text, found in one pass: at each position whose character starts a
 * string, a trie of the strings is walked (at most NEEDLE_LENGTH steps when built from PatternFacts).
 * @example new NeedleSet(['TEAM7-', '#']).occurring('see #12') // [false, true]
 */
export class NeedleSet {
  readonly #root = new Map<number, TrieNode>()
  readonly #starts = new Uint8Array(0x10000)
  readonly #count: number

  constructor(needles: readonly string[]) {
    this.#count = needles.length
    needles.forEach((needle, index) => {
      if (needle === '') throw new RangeError('a needle is empty')
      let children = this.#root
      let node: TrieNode | undefined
      for (let i = 0; i < needle.length; i++) {
        const unit = needle.charCodeAt(i)
        node = children.get(unit)
        if (node === undefined) children.set(unit, (node = { children: new Map(), ends: [] }))
        children = node.children
      }
      node!.ends.push(index)
      this.#starts[needle.charCodeAt(0)] = 1
    })
  }

  /** For each needle, by its index, whether it occurs in `text`. */
  occurring(text: string): boolean[] {
    const found = new Array<boolean>(this.#count).fill(false)
    let missing = this.#count
    for (let at = 0; at < text.length && missing > 0; at++) {
      if (this.#starts[text.charCodeAt(at)] === 0) continue
      let node = this.#root.get(text.charCodeAt(at))
      for (let i = at + 1; node !== undefined; i++) {
        for (const index of node.ends) {
          if (!found[index]) missing -= 1
          found[index] = true
        }
        node = i < text.length ? node.children.get(text.charCodeAt(i)) : undefined
      }
    }
    return found
  }
}

interface TrieNode {
  readonly children: Map<number, TrieNode>
  readonly ends: number[]
}
