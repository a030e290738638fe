// The index the server answers with: made from the default data after a first completion answered early,
// or given loaded; replaced when settings change.

import { PrefixIndex, type DefaultData } from '@prefixd/core'
import { TermChecks } from '@prefixd/core/checks'
import { replacedBy } from '../terms/terms.js'
import { afterPendingInput, NODE_IDLE_TIMERS, type Timer, type Timers } from '../timers.js'
import { traced } from '../trace.js'
import { warmCompletion, WarmUp } from './warm-up.js'

/**
 * Milliseconds without a request or an edit, once the data is in and the client has said it is initialized,
 * before the whole index is made from it: a completion that comes first (an editor started to complete a name)
 * is answered from an index of the vocabulary it reads, made in a fraction of the time; otherwise the whole
 * index is made while the editor is still opening, so that the first document's diagnostics and completions do
 * not wait for it. Counted from the client's first message, not from the data: the server reads its first
 * messages only once it is listening, and on a loaded machine 50 ms passed before it read the completion that
 * had been waiting, which then waited for the whole index (main-thread CPU to the answer 680–740 ms in half the
 * runs against 420–470 ms, load average 8 on 2 cores).
 */
const BUILD_WHEN_IDLE = 50

/**
 * Milliseconds without a completion before the whole index is made, once one has come: the editor is being typed in,
 * and the early index answers as the whole one would, so the whole one (one task of 100–225 ms on this thread) waits
 * for a pause in the typing rather than the gap between two keystrokes, which the next keystroke's completion then
 * waited behind. The warm-up's wait (300 ms) likewise. Only while one early index serves: a completion in another
 * vocabulary makes another (schema.org's: 80–200 ms at load 6), and typing that went back and forth made one at
 * nearly every keystroke (p50 5–8 → 32–37 ms) — so then the whole index is made at the next idle wait, as before.
 */
const BUILD_WHEN_TYPING_PAUSES = 300

/**
 * What {@link ServerIndex.#prepare} runs, a step a turn, on the early index of the prefix table alone (the first step
 * makes it): the table's orders and rankings, then an index of RDFS's terms made and completed through the server's
 * path (the code that makes an early index of terms, and completes them, run once).
 */
const PREPARE: ReadonlyArray<(index: PrefixIndex, data: DefaultData) => unknown> = [
  () => undefined,
  (index) => index.complete('r', { limit: 1 }),
  (index) => index.complete('http://r', { limit: 1, expand: true }),
  (_, data) => warmCompletion(data.index({ namespaces: [RDFS] })),
]
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'

/** The index, the term checks made on it, and the warm-up of what it builds on first use. */
export class ServerIndex {
  /** Undefined while the first index loads. */
  current: PrefixIndex | undefined
  checks: TermChecks | undefined
  /** The first index, once loaded; rejects when it cannot be loaded. */
  readonly ready: Promise<PrefixIndex>
  readonly warmUp: WarmUp
  /** The data the first index is made from, until it is made. */
  #data: DefaultData | undefined
  /** The last index made of some namespaces' terms, to answer completions before the whole one is made. */
  #early: { readonly key: string; readonly index: PrefixIndex } | undefined
  /** Makes the whole index once the server is idle, while the data waits. */
  #build: Timer | undefined
  /** Whether the whole index was made here, from the data (not given made): its word search is the warm-up's. */
  #madeHere = false
  /** Whether a request needs the whole index: it is made as soon as the data is in. */
  #needed = false
  /** Whether the client has sent a message ({@link ServerIndex.activity}): the idle wait starts from then. */
  #heard = false
  /** Activities so far: the idle wait's end checks that none came meanwhile. */
  #activities = 0
  /** Until when (on the clock of the timers) the whole index waits, a completion having come: see BUILD_WHEN_TYPING_PAUSES. */
  #typingUntil = 0
  /** Whether completions read a second set of namespaces: the typing pause is no longer waited for (see BUILD_WHEN_TYPING_PAUSES). */
  #varied = false
  /** What was given, once read: a completion that comes while the data is read waits for it, not for the whole index. */
  readonly #given: Promise<unknown>
  #settle!: { resolve(index: PrefixIndex): void; reject(error: unknown): void }

  /**
   * `index`: the index, a promise of it, or of the default data to make it from (see {@link ServerIndex.forCompletion}).
   * `loaded` runs once the first index is in. `onInput` registers a listener run as the client's bytes are read
   * (see `ServerOptions.onInput`): each is activity a turn before its message is dispatched. `timers`: the clock the
   * waits are counted on (a test's moves by hand).
   */
  constructor(
    index: PrefixIndex | Promise<PrefixIndex | DefaultData>,
    loaded: () => void,
    onInput?: (listener: () => void) => void,
    private readonly timers: Timers = NODE_IDLE_TIMERS,
  ) {
    this.warmUp = new WarmUp(() => this.current, timers)
    onInput?.(() => this.activity())
    const given = Promise.resolve(index)
    // Settled, not holding what was given: the data (its parsed table, 1 MB) is let go once the whole index is made.
    this.#given = given.then(
      () => undefined,
      () => undefined,
    )
    this.ready = new Promise<PrefixIndex>((resolve, reject) => {
      this.#settle = { resolve, reject }
      given.then((value) => {
        if (value instanceof PrefixIndex) return resolve(value)
        this.#data = value
        if (this.#needed) this.#make()
        else {
          this.#schedule()
          this.#prepare(value, 0)
        }
      }, reject)
    }).then((first) => {
      this.replace(first)
      loaded()
      this.warmUp.loaded()
      return first
    })
  }

  /** The index now, or the first one once it is made (soon: see {@link ServerIndex.activity}). */
  async get(): Promise<PrefixIndex> {
    return this.current ?? (await this.ready)
  }

  /** The whole index, made now if only the data is in: for a request that needs it. */
  async need(): Promise<PrefixIndex> {
    this.#needed = true
    this.#make()
    return this.get()
  }

  /**
   * An index that answers a completion reading the terms of `namespaces` (`undefined`: of every namespace, by word:
   * a bare word), and whether it can search every term by word: the whole index once made; before, one of those
   * namespaces' terms, made from the data (and kept for the next completion that reads the same) — for a bare word
   * the last one made, or one of the prefix table alone, which answers its prefixes; its words wait for the whole
   * index (one task of 100–225 ms, and 0.4–1.1 s inside that completion at load 6), made at the next pause, and for its
   * word search (the warm-up's last step: 130–330 ms, 889 ms inside a completion at load 9), made at the pause after.
   */
  async forCompletion(namespaces: (table: Pick<PrefixIndex, 'namespace'>) => readonly string[] | undefined): Promise<{ index: PrefixIndex; words: boolean }> {
    if (this.current === undefined && this.#data === undefined) await this.#given
    const data = this.#data
    // The whole index made here searches words once the warm-up has made its word search (a few hundred ms, at a pause).
    if (data === undefined || this.current !== undefined) return { index: await this.need(), words: !this.#madeHere || this.warmUp.done }
    const read = namespaces(data)
    if (read === undefined) return { index: this.#early?.index ?? this.#earlyIndex(data, []), words: false }
    return { index: this.#earlyIndex(data, read), words: true }
  }

  /**
   * Step `step` of what a first completion would make, run a turn of the loop each (a request waits for one) from when
   * the data is in until the whole index is: an early index of the prefix table alone, and completion's orders and
   * rankings of the table, which the early indexes made later share (readDefault); then the server's completion path
   * run once. A first completion then makes its vocabulary's terms alone, on code already run.
   */
  #prepare(data: DefaultData, step: number): void {
    if (this.#data !== data || step >= PREPARE.length) return
    const early = (this.#early ??= { key: '', index: traced('early index', () => data.index({ namespaces: [] })) }).index
    if (step > 0) traced(`prepare ${step}`, () => PREPARE[step]!(early, data))
    // Its own work is no idleness of the client's: a step that held the answer to `initialize` past the idle wait had
    // the whole index made before the client could send its next message (385 ms at load 13, the first completion behind it).
    // (Not the wait for a pause in the typing: a refresh would count its whole delay again.)
    if (this.#typingUntil <= this.timers.now()) this.#schedule()
    setImmediate(() => this.#prepare(data, step + 1))
  }

  /** The early index of `read`'s terms: the last one if it read the same (or if `read` is empty), else made now. */
  #earlyIndex(data: DefaultData, read: readonly string[]): PrefixIndex {
    const key = read.join(' ')
    // No terms read (a prefix, an unknown prefix's name): every early index has the whole prefix table, so the last one
    // answers — replaced, the vocabulary typed before and after (`l`, `lv`, `lv2:`) was made again, 20–100 ms each time.
    if (key === '' && this.#early !== undefined) return this.#early.index
    // Another vocabulary (the prefix table alone, '', is none: prepared, or a prefix's completion).
    if (this.#early !== undefined && this.#early.key !== key && this.#early.key !== '') this.#stopWaitingForPause()
    if (this.#early?.key !== key) this.#early = { key, index: traced('early index', () => data.index({ namespaces: read })) }
    return this.#early.index
  }

  /**
   * The client initialized, a document opened, a request or an edit: the whole index is made once the server is idle; the
   * warm-up likewise. `typing`: a completion, after which the whole index waits for a pause in the typing.
   */
  activity(typing = false): void {
    this.#heard = true
    this.#activities++
    if (typing && !this.#varied) this.#typingUntil = this.timers.now() + BUILD_WHEN_TYPING_PAUSES
    this.#schedule()
    this.warmUp.activity()
  }

  /** Makes the whole index once the server has been idle BUILD_WHEN_IDLE, if the data is in and the client has spoken. */
  #schedule(): void {
    if (this.#data !== undefined && this.#heard) (this.#build ??= this.timers.start(() => this.#idle(), BUILD_WHEN_IDLE)).refresh()
  }

  /** Another vocabulary is completed: the whole index is made at the next idle wait, no longer at a pause in the typing. */
  #stopWaitingForPause(): void {
    this.#varied = true
    this.#typingUntil = 0
    // The wait for the pause may be a timer of up to BUILD_WHEN_TYPING_PAUSES (a refresh keeps its delay): the next is the idle wait's.
    this.#build?.clear()
    this.#build = undefined
  }

  /** The idle wait ran out: after a completion it goes on until the typing pauses (at least BUILD_WHEN_IDLE more: a timer's refresh waits its whole delay). */
  #idle(): void {
    const typing = this.#typingUntil - this.timers.now()
    if (typing > 0) this.#build = this.timers.start(() => this.#idle(), Math.max(typing, BUILD_WHEN_IDLE))
    else this.#whenNothingWaits()
  }

  /**
   * The idle wait ran out: the whole index is made if no message was waiting. A timer that ran out while this thread
   * was busy fires before the loop reads what came meanwhile: a completion could then wait behind the whole index
   * (50–170 ms) though the client had never been idle. Two turns later the loop has read and dispatched it
   * (vscode-jsonrpc dispatches in a setImmediate), and its activity puts the wait back.
   */
  #whenNothingWaits(): void {
    const seen = this.#activities
    afterPendingInput(() => {
      if (this.#activities === seen) this.#make()
    })
  }

  /** Answers with `index` from now on (settings changed). */
  replace(index: PrefixIndex): void {
    const replacing = this.current !== undefined
    this.current = index
    this.checks = new TermChecks(index, replacedBy)
    if (!replacing) return
    // A new index builds its rankings and word search anew: the warm-up runs again on it, and a bare word waits for
    // its word search as for the first one's (else the first bare word after a settings change made it inside the completion).
    this.#madeHere = true
    this.warmUp.restart()
  }

  /** Makes the whole index from the data, if it is in and not made yet. */
  #make(): void {
    const data = this.#data
    if (data === undefined) return
    this.#build?.clear()
    this.#data = undefined
    this.#early = undefined
    try {
      this.#settle.resolve(traced('whole index', () => data.index()))
      this.#madeHere = true
    } catch (error) {
      this.#settle.reject(error)
    }
  }
}
