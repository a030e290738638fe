// Publishing a document's diagnostics: the prefix diagnostics at once, the syntax errors when the syntax thread answers.

import type { Connection, Diagnostic } from 'vscode-languageserver'
import { diagnose, syntaxDiagnostic } from './diagnostics.js'
import type { DocumentView } from './document.js'
import type { OpenDocument, OpenDocuments } from './open-documents.js'
import type { ServerIndex } from './server-index.js'

export class Publisher {
  constructor(
    private readonly connection: Connection,
    private readonly documents: OpenDocuments,
    private readonly index: ServerIndex,
    /** Milliseconds between the last edit and the diagnostics. */
    private readonly delay: number,
  ) {}

  /** Publishes the document's diagnostics `delay` after the last edit. */
  schedule(open: OpenDocument): void {
    clearTimeout(open.timer)
    open.timer = setTimeout(() => void this.publish(open.document.uri), this.delay)
  }

  /**
   * Publishes the prefix diagnostics at once, with the last syntax error if the edits since left it
   * standing, then checks the syntax on the worker thread and publishes again if that changes anything.
   * A newly opened document is published once, syntax included.
   */
  async publish(uri: string): Promise<void> {
    const loaded = await this.index.get()
    const open = this.documents.get(uri)
    const view = this.documents.viewOf(uri)
    if (open === undefined || view === undefined) return
    const stale = (): boolean => this.documents.get(uri) !== open || open.document.version !== view.version
    const result = await diagnose(view, loaded, stale, this.index.checks)
    if (result === undefined) return // edited meanwhile: that edit's own publish is on its way
    open.prefixDiagnostics = { version: view.version, diagnostics: result.diagnostics }
    if (open.published) {
      await this.connection.sendDiagnostics({ uri, version: view.version, diagnostics: [...result.diagnostics, ...standing(open)] })
    }
    if (open.checking) open.recheck = true
    else await this.#checkSyntax(uri, open, view, result.undeclared)
  }

  async #checkSyntax(uri: string, open: OpenDocument, view: DocumentView, undeclared: readonly string[]): Promise<void> {
    open.checking = true
    const request = { uri, language: view.language, undeclared, baseIri: uri }
    const problems = await this.documents.checker.check(request, () => view.text).finally(() => (open.checking = false))
    if (this.documents.get(uri) !== open) return // closed meanwhile
    if (open.document.version !== view.version) {
      // Edited meanwhile: diagnose the text as it is now, if no publish is under way for it.
      if (open.recheck) {
        open.recheck = false
        await this.publish(uri)
      }
      return
    }
    open.recheck = false
    const diagnostics = problems.map(syntaxDiagnostic)
    const before = standing(open)
    open.syntax = diagnostics.map((diagnostic) => ({ diagnostic, end: view.document.offsetAt(diagnostic.range.end) }))
    open.editedFrom = Infinity
    if (open.published && JSON.stringify(before) === JSON.stringify(diagnostics)) return
    open.published = true
    await this.connection.sendDiagnostics({ uri, version: view.version, diagnostics: [...(open.prefixDiagnostics?.diagnostics ?? []), ...diagnostics] })
  }
}

/** The syntax errors that the edits since the last check left standing: those before the first edit. */
function standing(open: OpenDocument): Diagnostic[] {
  return open.syntax.filter((s) => s.end < open.editedFrom).map((s) => s.diagnostic)
}
