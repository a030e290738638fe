// A prefixed name as a document's token store keeps it: its place in the token, and the check made of it.

import type { TermCheck } from '@prefixd/core/checks'

/**
 * A prefixed name written in a token, its offsets relative to the token's start (which edits move). A 1 MB
 * document has some 50,000: each is one small object, kept with its token — its prefix shared with the other
 * names of that prefix, `written` copied from the document once, its local part cut from that only when asked
 * (the check asks once per distinct name), and a token of one name holds it without an array: 5.1 MB for that
 * document, where names as plain objects in an array each, with strings of their own, took 15 MB.
 */
export class TokenName {
  /**
   * The diagnostics' check of this name (`checkResult`), with the checker and the namespace it was made with: an edit
   * leaves most names be. Fields of the name itself, not an object of their own: the first pass over a 1 MB document
   * checks some 50,000 names, and an object each was as many more for the collector to copy, promote and mark.
   */
  checkedBy: object | undefined = undefined
  checkedIn: string | undefined = undefined
  checkResult: TermCheck = undefined

  constructor(
    readonly prefix: string,
    /** `prefix:local` as written. */
    readonly written: string,
    readonly from: number,
    readonly to: number,
  ) {}

  get local(): string {
    return this.written.slice(this.prefix.length + 1)
  }
}
