// The index the server answers with: loading while the first requests arrive, replaced when settings change.

import type { PrefixIndex } from '@prefixd/core'
import { TermChecks } from './diagnostics.js'
import { WarmUp } from './warm-up.js'

/** The index, the term checks made on it, and the warm-up of what it builds on first use. */
export class ServerIndex {
  /** Undefined while the first index loads. */
  current: PrefixIndex | undefined
  checks: TermChecks | undefined
  /** The first index, once loaded; rejects when it cannot be loaded. */
  readonly ready: Promise<PrefixIndex>
  readonly warmUp = new WarmUp(() => this.current)

  /** `loaded` runs once the first index is in. */
  constructor(index: PrefixIndex | Promise<PrefixIndex>, loaded: () => void) {
    this.ready = Promise.resolve(index).then((first) => {
      this.replace(first)
      loaded()
      this.warmUp.loaded()
      return first
    })
  }

  /** The index now, or the first one once it is loaded. */
  async get(): Promise<PrefixIndex> {
    return this.current ?? (await this.ready)
  }

  /** Answers with `index` from now on (settings changed). */
  replace(index: PrefixIndex): void {
    this.current = index
    this.checks = new TermChecks(index)
  }
}
