// One open document as the server reads it: its language, tokens, declarations and the names it uses,
// each worked out once per version and only when a request needs it.

import type { Declaration, IriUse, Language, NameUse, Token } from '@prefixd/core/syntax'
import type { LineDocument } from '../text/line-document.js'
import type { TokenName } from './token-name.js'
import { firstEndingAtOrAfter, type TokenStore } from './token-store.js'

/**
 * The language of a document: from its file's extension when it is one of ours (eglot names the
 * language after the mode, `ttl` for TriG files too), else from its languageId; `undefined`: not ours.
 */
export function languageOf(languageId: string, uri: string): Language | undefined {
  const extension = /\.([a-z]+)$/i.exec(new URL(uri, 'file:///').pathname)?.[1]?.toLowerCase()
  switch (extension) {
    case 'ttl':
      return 'turtle'
    case 'trig':
      return 'trig'
    case 'rq':
    case 'sparql':
    case 'ru':
      return 'sparql'
  }
  const id = languageId.toLowerCase()
  if (id === 'turtle' || id === 'ttl') return 'turtle'
  if (id === 'trig') return 'trig'
  if (id === 'sparql' || id === 'sparql-query' || id === 'sparql-update' || id === 'rq') return 'sparql'
  return undefined
}

/**
 * The parts of one document version, each computed on first use. Valid while that version is current:
 * the tokens come from the document's {@link TokenStore}, which the next edit updates in place.
 */
export class DocumentView {
  /** The version read (the TextDocument itself changes in place as edits come). */
  readonly version: number
  #names?: NameUse[]
  #iris?: IriUse[]
  #declared?: Map<string, string>

  constructor(
    readonly document: LineDocument,
    readonly language: Language,
    private readonly store: TokenStore,
  ) {
    this.version = document.version
  }

  /** How many tokens the document has. */
  get tokenCount(): number {
    return this.store.length
  }

  /** Token `i` (`undefined` past the last), made when asked: the store keeps offsets and kinds, not objects. */
  token(i: number): Token | undefined {
    return this.store.token(i)
  }

  /** Tokens `[from, to)`. */
  tokens(from: number, to: number): Token[] {
    return this.store.tokens(from, to)
  }

  kindOf(i: number): Token['kind'] {
    return this.store.kindOf(i)
  }

  startOf(i: number): number {
    return this.store.startOf(i)
  }

  endOf(i: number): number {
    return this.store.endOf(i)
  }

  /** Whether token `i` is a directive's keyword. */
  isDirective(i: number): boolean {
    return this.store.isDirective(i)
  }

  /** The index after the directive at token `i` (core's directiveEnd). */
  directiveEnd(i: number): number {
    return this.store.directiveEnd(i)
  }

  /** The whole text: joined from the document's lines on first use in a version (a large document's is a large copy). */
  get text(): string {
    return this.document.getText()
  }

  /** The text in `[start, end)`, read from the lines it spans. */
  slice(start: number, end: number): string {
    return this.document.slice(start, end)
  }

  /**
   * The text up to the end of the line where the header (the leading directives) ends, or where the
   * first token is without one: all that working out where a new declaration goes reads.
   */
  head(): string {
    const end = this.headerEnd
    const anchor = end >= 0 ? end : this.store.length > 0 ? this.store.startOf(0) : this.document.length
    let line = this.document.positionAt(anchor).line + 1
    let to = this.document.offsetAt({ line, character: 0 })
    // Past a header ended by a lone `\r`, declarationInsertPoint reads on to the next `\n`: so do we, line by line.
    while (end >= 0 && to < this.document.length && this.slice(to - 1, to) !== '\n') to = this.document.offsetAt({ line: ++line, character: 0 })
    return this.slice(0, to)
  }

  /** Where the header ends (core's headerEnd), kept by the token store across edits after it. */
  get headerEnd(): number {
    return this.store.headerEnd
  }

  get declarations(): readonly Declaration[] {
    return this.store.declarations
  }

  /** Calls `visit` with each name written in token `i` (offsets relative to its start; kept across edits that leave the token be) and the token's start. */
  eachName(i: number, visit: (name: TokenName, tokenStart: number) => void): void {
    this.store.eachName(i, visit)
  }

  /** Declared prefix → namespace, the last declaration of a prefix winning. */
  get declared(): ReadonlyMap<string, string> {
    return (this.#declared ??= new Map(this.declarations.map((d) => [d.prefix, d.namespace])))
  }

  /** Every name of the document outside its directives (code actions, links, rename), from the names the store keeps. */
  get names(): readonly NameUse[] {
    return (this.#names ??= [...this.store.namesUsed()])
  }

  get iris(): readonly IriUse[] {
    return (this.#iris ??= [...this.store.irisUsed()])
  }

  /** Index of the token holding `offset` (its end included), else of the first token after it. */
  tokenIndexAt(offset: number): number {
    return this.store.indexAt(offset)
  }

  /** The prefixed name whose text holds `offset` (its end included). */
  nameAt(offset: number): NameUse | undefined {
    return findAt(this.names, offset)
  }

  iriAt(offset: number): IriUse | undefined {
    return findAt(this.iris, offset)
  }

  /** The declaration whose `p:` holds `offset`. */
  declarationAt(offset: number): Declaration | undefined {
    return this.declarations.find((d) => d.name.start <= offset && offset <= d.name.end)
  }
}

/** The item of `list` (sorted, not overlapping) whose span holds `offset`, its end included. */
function findAt<T extends { readonly start: number; readonly end: number }>(list: readonly T[], offset: number): T | undefined {
  const found = list[firstEndingAtOrAfter(list, offset)]
  return found !== undefined && found.start <= offset ? found : undefined
}
