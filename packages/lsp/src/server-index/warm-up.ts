// The warm-up: what the core, the knowledge tier and the completion path build on first use, built in steps while the server is idle.

import type { PrefixIndex } from '@prefixd/core'
import { completeAt, completionSpot } from '../completion/completion.js'
import { DocumentView } from '../documents/document.js'
import { LineDocument } from '../text/line-document.js'
import { RDF_PROPERTY, RDFS_CLASS, warmKnowledge } from '../terms/terms.js'
import { TokenStore } from '../documents/token-store.js'
import { afterPendingInput, NODE_IDLE_TIMERS, type Timer, type Timers } from '../timers.js'
import { traced } from '../trace.js'

/** Milliseconds without a request or an edit before the warm-up goes on (once the index is loaded). */
const WARM_UP_DELAY = 300

/**
 * What the core and the knowledge tier build on first use, each a step of its own: the rankings a first
 * completion of each kind sorts (classes after `a`, properties, any term in lower and in upper case — also
 * what the diagnostics sort to find the name meant by one not in its vocabulary —, prefixes; 5–60 ms each on
 * two cores), the knowledge tier (what the completion cards say), the server's own completion path (compiled on
 * a first run: {@link warmCompletion}), and last the word search (a few hundred ms).
 * Built while the user is reading, not on their first keystrokes; a request waits for one step at most.
 */
const WARM_UP: ReadonlyArray<(index: PrefixIndex) => unknown> = [
  (index) => index.complete('rdfs:', { limit: 1, type: RDFS_CLASS, prefer: 'class' }),
  (index) => index.complete('rdfs:', { limit: 1, type: RDF_PROPERTY, prefer: 'property' }),
  (index) => index.complete('rdfs:l', { limit: 1 }),
  (index) => index.complete('rdfs:L', { limit: 1 }),
  (index) => index.complete('r', { limit: 1 }),
  () => warmKnowledge(),
  (index) => warmCompletion(index),
  (index) => index.search('warm', { limit: 1 }),
]

/** A small document, edited and completed as a user does: a class after `a`, a property, a prefix (one letter: two would build the word search, the last step). */
const SAMPLE = '@prefix schema: <http://schema.org/> .\n\nex:a a schema:Thing .\n'
const TYPED = 'ex:b a schema:Per ;\n  schema:na "x" ;\n  r'

/**
 * Runs an edit and completions on {@link SAMPLE}: the server's own code on a completion's path (the edit's
 * tokens, the position, the items and their cards) is compiled on its first run, 5–10 ms on two cores, which
 * the first completions after a document opens would otherwise pay.
 */
export function warmCompletion(index: PrefixIndex): void {
  const document = new LineDocument('file:///prefixd-warm-up.ttl', 'turtle', 1, SAMPLE)
  const store = new TokenStore(SAMPLE)
  const at = SAMPLE.length
  document.update([{ range: { start: document.positionAt(at), end: document.positionAt(at) }, text: TYPED }], 2)
  store.edit(at, at, TYPED, document)
  const view = new DocumentView(document, 'turtle', store)
  for (const end of ['schema:Per', 'schema:na', '  r']) {
    const spot = completionSpot(view, at + TYPED.indexOf(end) + end.length)
    if (spot !== undefined) completeAt(view, index, spot, { insertReplace: false })
  }
}

/**
 * Runs the steps on the index `current()` gives, once it gives one. Each request and edit puts the warm-up
 * back ({@link WarmUp.activity}): a step runs once the server has been idle for WARM_UP_DELAY, and the next
 * at once unless a request or an edit came in between.
 */
export class WarmUp {
  #step = 0
  #activity = 0
  readonly #timer: Timer

  constructor(
    private readonly current: () => PrefixIndex | undefined,
    timers: Timers = NODE_IDLE_TIMERS,
  ) {
    // The wait ran out: a step runs if no message came meanwhile (the thread may have been busy past it; see afterPendingInput).
    this.#timer = timers.start(() => {
      const seen = this.#activity
      afterPendingInput(() => {
        if (this.#activity === seen) this.#warm()
      })
    }, WARM_UP_DELAY)
  }

  /** Whether every step has run, the word search last. */
  get done(): boolean {
    return this.#step >= WARM_UP.length
  }

  /** The index is loaded: the warm-up starts once the server is idle. */
  loaded(): void {
    this.#timer.refresh()
  }

  /** Another index answers from now on (settings changed): every step runs again, on it, once the server is idle. */
  restart(): void {
    this.#step = 0
    this.#timer.refresh()
  }

  /** A request or an edit: the next step waits until the server is idle again. */
  activity(): void {
    this.#activity++
    if (this.#step < WARM_UP.length && this.current() !== undefined) this.#timer.refresh()
  }

  /**
   * Runs the steps before the word search now, one per turn of the event loop (tens of ms each): for a moment the
   * server waits anyway, such as a newly opened document's syntax check, so that the first completions find their
   * rankings made even when the editor never leaves the server idle for WARM_UP_DELAY (typing on at once, as a
   * benchmark does). A request that comes meanwhile waits for one step, not for all of them (run in one go, they
   * took 130 ms, and 500 under load); and the word search still waits for the server to be idle after them (the
   * steps are no idleness: run in one go, the timer had run out under them and the word search, 350–570 ms under
   * load, followed at once).
   */
  catchUp(): void {
    const index = this.current()
    if (index === undefined || this.#step >= WARM_UP.length - 1) return
    traced(`warm-up ${this.#step}`, () => WARM_UP[this.#step++]!(index))
    this.#timer.refresh()
    setImmediate(() => this.catchUp())
  }

  #warm(): void {
    const index = this.current()
    if (index === undefined || this.#step >= WARM_UP.length) return
    const seen = this.#activity
    traced(`warm-up ${this.#step}`, () => WARM_UP[this.#step++]!(index))
    if (this.#step < WARM_UP.length) setImmediate(() => (this.#activity === seen ? this.#warm() : this.#timer.refresh()))
  }
}
