// A tier's JSON text read in parts: the head (all but the terms) at once, the terms one namespace's runs at a time.

import { termRunNamespace } from '@prefixd/data'
import { fold } from '../names/fold.js'
import type { CompactIndex } from './compact.js'

/** A run of terms: its text as the module writes it, the namespace all its IRIs start with, and the position of its first term. */
interface Run {
  readonly text: string
  readonly namespace: string
  readonly first: number
}

/** A tier read: its head at once, its terms when asked for (a browser's tier module gives them parsed already). */
export interface TierParts {
  /** The tier, its terms aside when they are read apart ({@link TierParts.termsIn}). */
  readonly head: unknown
  /** The whole tier, parsed. */
  whole(): unknown
  /** A superset of the terms in `namespaces` (see {@link TierText.termsIn}). */
  termsIn(namespaces: readonly string[]): TermsAt
}

/** Terms of a tier and the position of each in the tier's `terms` (which references and deprecation count by). */
export interface TermsAt {
  readonly terms: CompactIndex['terms']
  readonly positions: readonly number[]
}

/**
 * A tier's JSON as @prefixd/data writes the full tier (data/builder/tiers.ts): its terms last, each run of terms in one
 * namespace after a tab. The head is parsed at once (a third of the text); the terms when asked for, only the
 * runs that can hold a namespace's terms: the language server's first completion reads one vocabulary, and the
 * whole tier (2.2 MB) took a quarter of the CPU to its answer to parse and walk. Text without tabs (the
 * prefixes tier, a tier written before the runs) is parsed whole: every term is then in the head.
 */
export class TierText implements TierParts {
  /** Everything but the terms (all of it without runs); `terms` empty when there are runs. */
  readonly head: unknown
  readonly #runs: readonly Run[]
  /** A piece's JSON text: the runs are kept as the module writes them. */
  readonly #json: (piece: string) => string

  /**
   * Reads a tier from its pieces (`tierPieces` of @prefixd/data: its text split at tabs, as the module writes it)
   * and `json`, which gives a piece's JSON text; throws a SyntaxError when it is not JSON. Only the head and the
   * runs asked for are ever made JSON text and parsed.
   */
  static parse(pieces: readonly string[], json: (piece: string) => string): TierText {
    // A tab is JSON's whitespace and never inside its strings: the first one ends the head, after `"terms":[`.
    if (pieces.length < 2 || pieces.at(-1) !== ']}') return new TierText(JSON.parse(json(pieces.join('\t'))), [], json)
    const head: unknown = JSON.parse(json(pieces[0]!) + ']}')
    const runs: Run[] = []
    let first = 0
    for (const piece of pieces.slice(1, -1)) {
      if (piece.length === 0) continue
      const text = piece.endsWith(',') ? piece.slice(0, -1) : piece
      // A run starts `["iri"`; an IRI with an escape (none in the default data) gives no namespace: read always.
      const iri = text.slice(2, text.indexOf('"', 2))
      runs.push({ text, namespace: iri.includes('\\') ? '' : termRunNamespace(iri), first })
      first += termCount(text)
    }
    return new TierText(head, runs, json)
  }

  private constructor(head: unknown, runs: readonly Run[], json: (piece: string) => string) {
    this.head = head
    this.#runs = runs
    this.#json = json
  }

  /** The whole tier, parsed: the head with every term. */
  whole(): unknown {
    if (this.#runs.length === 0) return this.head
    return { ...(this.head as object), terms: JSON.parse(this.#json(`[${this.#runs.map((r) => r.text).join(',')}]`)) as CompactIndex['terms'] }
  }

  /**
   * The terms of the runs that can hold a term in one of `namespaces` (case-folded, as completion matches) or
   * in a namespace one of them is a synonym of, with their positions: a superset of those terms, in file order.
   */
  termsIn(namespaces: readonly string[]): TermsAt {
    const head = this.head as CompactIndex
    if (this.#runs.length === 0) return { terms: head.terms, positions: head.terms.map((_, i) => i) }
    const wanted = namespaces.map(fold)
    for (const [synonym, namespace] of head.namespaceSynonyms ?? []) if (wanted.includes(fold(synonym))) wanted.push(fold(namespace))
    const terms: Array<CompactIndex['terms'][number]> = []
    const positions: number[] = []
    for (const run of this.#runs) {
      const namespace = fold(run.namespace)
      // Every IRI of the run starts with its namespace: one starts with a wanted namespace only if either starts the other.
      if (!wanted.some((w) => w.startsWith(namespace) || namespace.startsWith(w))) continue
      const parsed = JSON.parse(this.#json(`[${run.text}]`)) as CompactIndex['terms']
      parsed.forEach((term, i) => {
        terms.push(term)
        positions.push(run.first + i)
      })
    }
    return { terms, positions }
  }
}

/**
 * The terms in a run's text, uncounted by parsing: consecutive terms are joined by `],["`, which cannot occur
 * in a JSON string (its `"` would be escaped) nor elsewhere in a term (`["iri",[types],"label"]`).
 */
function termCount(text: string): number {
  let count = 1
  for (let at = text.indexOf('],["'); at >= 0; at = text.indexOf('],["', at + 4)) count++
  return count
}
