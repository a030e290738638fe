// The open documents of ours: their text and tokens kept in sync edit by edit, and the syntax thread's copies.

import type { Language } from '@prefixd/core/syntax'
import type { Diagnostic, DidChangeTextDocumentParams, DidOpenTextDocumentParams } from 'vscode-languageserver'
import { DocumentView, languageOf } from './document.js'
import { LineDocument } from '../text/line-document.js'
import { SyntaxChecker } from '../syntax/syntax-checker.js'
import { textEdit } from '../text/text-diff.js'
import type { Timer } from '../timers.js'
import { TokenStore } from './token-store.js'

/** An open document of ours and what the diagnostics remember of it. */
export interface OpenDocument {
  readonly document: LineDocument
  readonly language: Language
  store: TokenStore
  view?: DocumentView
  /** The timer of its diagnostics, while they wait for it. */
  timer?: Timer
  /** The prefix diagnostics of the latest version diagnosed, and the prefixes it uses undeclared. */
  prefixDiagnostics?: { readonly version: number; readonly diagnostics: Diagnostic[] }
  /** The syntax errors last found, each with the offset its range ends at. */
  syntax: ReadonlyArray<{ readonly diagnostic: Diagnostic; readonly end: number }>
  /** The lowest offset edited since the last syntax check: an error before it still stands. */
  editedFrom: number
  checking: boolean
  /** Whether the document changed while its syntax was being checked: diagnose it again when the check is done. */
  recheck: boolean
  /** Whether diagnostics were published yet: a newly opened document waits for its syntax check, to publish once. */
  published: boolean
}

/** The open documents by URI, and the syntax checker that keeps a copy of each. */
export class OpenDocuments {
  readonly #documents = new Map<string, OpenDocument>()
  readonly checker = new SyntaxChecker()

  get(uri: string): OpenDocument | undefined {
    return this.#documents.get(uri)
  }

  uris(): IterableIterator<string> {
    return this.#documents.keys()
  }

  /** The view of an open document of ours, for its current version. */
  viewOf(uri: unknown): DocumentView | undefined {
    const open = typeof uri === 'string' ? this.#documents.get(uri) : undefined
    if (open === undefined) return undefined
    if (open.view?.version !== open.document.version) open.view = new DocumentView(open.document, open.language, open.store)
    return open.view
  }

  /** Keeps the document if it is one of ours (Turtle, TriG, SPARQL); whether it is. */
  open({ textDocument: { uri, languageId, version, text } }: DidOpenTextDocumentParams): boolean {
    const language = languageOf(languageId, uri)
    if (language === undefined) return false
    const document = new LineDocument(uri, languageId, version, text)
    this.#documents.set(uri, {
      document,
      language,
      store: new TokenStore(document),
      syntax: [],
      editedFrom: Infinity,
      checking: false,
      recheck: false,
      published: false,
    })
    this.checker.open(uri, text)
    return true
  }

  /** Applies the edits to the text, the tokens and the syntax thread's copy; the document, if it is open. */
  change({ textDocument: { uri, version }, contentChanges }: DidChangeTextDocumentParams): OpenDocument | undefined {
    const open = this.#documents.get(uri)
    if (open === undefined) return undefined
    for (const change of contentChanges) {
      if ('range' in change) {
        const a = open.document.offsetAt(change.range.start)
        const b = open.document.offsetAt(change.range.end)
        this.#edit(uri, open, a <= b ? a : b, a <= b ? b : a, change.text, version)
      } else {
        // A whole new text (full sync: ALE, many small clients): handled as the edit it is, not as a new document.
        const { start, end, text } = textEdit(open.document.getText(), change.text)
        this.#edit(uri, open, start, end, text, version)
      }
    }
    return open
  }

  /** Replaces `[start, end)` by `text` in the document, its tokens and the syntax thread's copy. */
  #edit(uri: string, open: OpenDocument, start: number, end: number, text: string, version: number): void {
    const range = { start: open.document.positionAt(start), end: open.document.positionAt(end) }
    open.document.update([{ range, text }], version)
    // The tokens are read again from the lines around the edit, not from the whole text.
    open.store.edit(start, end, text, open.document)
    this.checker.change(uri, start, end, text)
    open.editedFrom = Math.min(open.editedFrom, start)
  }

  /** Forgets the document; whether it was open. */
  close(uri: string): boolean {
    this.#documents.get(uri)?.timer?.clear()
    this.checker.close(uri)
    return this.#documents.delete(uri)
  }
}
