// Publishing a document's diagnostics: the prefix diagnostics at once, the syntax errors when the syntax thread answers.

import { severityOf, type Rules } from '@prefixd/core/checks'
import type { Connection, Diagnostic } from 'vscode-languageserver'
import { diagnose, SEVERITIES, SOURCE, syntaxDiagnostic } from './diagnostics.js'
import type { Shapes } from '../shacl/shacl.js'
import type { DocumentView } from '../documents/document.js'
import type { OpenDocument, OpenDocuments } from '../documents/open-documents.js'
import type { ServerIndex } from '../server-index/server-index.js'
import { NODE_TIMERS, type Timers } from '../timers.js'
import { traced } from '../trace.js'

/** Completions put an edit's diagnostics back at most this many delays after the edit: a client asking without end would hold them forever. */
const MAX_POSTPONED = 10

export class Publisher {
  /**
   * The documents (by URI: one closed meanwhile, its timer cleared, is let go) whose diagnostics wait for their
   * timer, each with the time (on the clock of `timers`) past which completions no longer put them back.
   */
  readonly #scheduled = new Map<string, number>()
  /** Severity by rule: the project's `.prefixd.json` under the editor's settings. */
  rules: Rules = {}
  /** The workspace's SHACL shapes, which validate every other Turtle and TriG document once its syntax holds. */
  shapes: Shapes | undefined = undefined

  constructor(
    private readonly connection: Connection,
    private readonly documents: OpenDocuments,
    private readonly index: ServerIndex,
    /** Milliseconds between the last edit and the diagnostics. */
    private readonly delay: number,
    private readonly timers: Timers = NODE_TIMERS,
  ) {}

  /** Publishes the document's diagnostics `delay` after the last edit (or request: see {@link Publisher.postpone}). */
  schedule(open: OpenDocument): void {
    open.timer?.clear()
    const uri = open.document.uri
    this.#scheduled.set(uri, this.timers.now() + MAX_POSTPONED * this.delay)
    open.timer = this.timers.start(() => {
      open.timer = undefined
      this.#scheduled.delete(uri)
      void this.publish(open.document.uri)
    }, this.delay)
  }

  /**
   * A completion came: the diagnostics that wait for an edit's delay wait `delay` more. While an editor asks for
   * completions as the user types, each pass over a large document (and the syntax thread's parse after it,
   * on the other core) would run between keystrokes and hold up the next completion; they run once typing pauses,
   * or {@link MAX_POSTPONED} delays after the edit at the latest (each keystroke's edit starts that count again).
   */
  postpone(): void {
    const now = this.timers.now()
    for (const [uri, latest] of this.#scheduled) {
      const open = this.documents.get(uri)
      if (open === undefined)
        this.#scheduled.delete(uri) // closed meanwhile
      else if (now + this.delay <= latest) open.timer?.refresh() // (opened again: its timer is another edit's, or none)
    }
  }

  /**
   * Publishes the prefix diagnostics at once, with the last syntax error if the edits since left it
   * standing, then checks the syntax on the worker thread and publishes again if that changes anything.
   * A newly opened document is published once, syntax included: its syntax is checked on the worker
   * thread while its names are checked on this one.
   */
  async publish(uri: string): Promise<void> {
    const loaded = await this.index.get()
    const open = this.documents.get(uri)
    const view = this.documents.viewOf(uri)
    if (open === undefined || view === undefined) return
    // The pass is work the editor waits for, like a request: each of its turns puts the warm-up back (one of
    // its steps, a few hundred ms, ran between the turns of a newly opened document's pass).
    const stale = (): boolean => {
      this.index.activity()
      return this.documents.get(uri) !== open || open.document.version !== view.version
    }
    let syntax: Promise<void> | undefined
    let diagnosed!: () => void
    const passed = new Promise<void>((resolve) => (diagnosed = resolve))
    const early = open.published || open.checking ? undefined : (undeclared: string[]) => void (syntax = this.#checkSyntax(uri, open, view, undeclared, passed))
    let result: Awaited<ReturnType<typeof diagnose>>
    try {
      result = await diagnose(view, loaded, stale, this.index.checks, early, this.rules)
      if (result !== undefined) open.prefixDiagnostics = { version: view.version, diagnostics: result.diagnostics }
    } finally {
      diagnosed()
    }
    if (syntax !== undefined) {
      // While the syntax thread parses the new document: the warm-up's rankings, which its pass kept waiting.
      this.index.warmUp.catchUp()
      return syntax // it publishes the prefix diagnostics with the syntax errors
    }
    if (result === undefined) return // edited meanwhile: that edit's own publish is on its way
    if (open.published) {
      await traced('send diagnostics', () =>
        this.connection.sendDiagnostics({ uri, version: view.version, diagnostics: [...result.diagnostics, ...standing(open)] }),
      )
    }
    if (open.checking) open.recheck = true
    else await this.#checkSyntax(uri, open, view, result.undeclared)
  }

  #shacl(view: DocumentView): Promise<Diagnostic[]> {
    return shaclDiagnostics(this.shapes, view, this.rules).catch(() => [])
  }

  /** Checks the syntax of `view` on the worker thread; publishes, once `passed` (the prefix diagnostics are made), if that changes anything. */
  async #checkSyntax(uri: string, open: OpenDocument, view: DocumentView, undeclared: readonly string[], passed?: Promise<void>): Promise<void> {
    open.checking = true
    this.index.activity() // the answer, published, must not wait behind a step of the warm-up
    const request = { uri, language: view.language, undeclared, baseIri: uri }
    const problems = await this.documents.checker.check(request, () => view.text).finally(() => (open.checking = false))
    await passed
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
    const diagnostics = problems.flatMap((problem) => syntaxDiagnostic(problem, this.rules) ?? [])
    if (problems.length === 0) diagnostics.push(...(await this.#shacl(view)))
    if (open.document.version !== view.version || this.documents.get(uri) !== open) return // edited or closed meanwhile
    const before = standing(open)
    open.syntax = diagnostics.map((diagnostic) => ({ diagnostic, end: view.document.offsetAt(diagnostic.range.end) }))
    open.editedFrom = Infinity
    if (open.published && JSON.stringify(before) === JSON.stringify(diagnostics)) return
    open.published = true
    await traced('send diagnostics', () =>
      this.connection.sendDiagnostics({ uri, version: view.version, diagnostics: [...(open.prefixDiagnostics?.diagnostics ?? []), ...diagnostics] }),
    )
  }
}

/** SHACL in the editor: at most this much text is validated (a larger document's validation would hold the thread). */
const MAX_SHACL_TEXT = 1_000_000

/** The SHACL results of a document whose syntax holds, as diagnostics (rule `shacl`); none for a shapes graph itself. */
async function shaclDiagnostics(shapes: Shapes | undefined, view: DocumentView, rules: Rules): Promise<Diagnostic[]> {
  const severity = severityOf(rules, 'shacl')
  if (shapes === undefined || severity === 'off' || view.language === 'sparql' || view.document.length > MAX_SHACL_TEXT) return []
  const text = view.text
  const levels = { violation: severity, warning: 'warning', info: 'information' } as const
  return (await shapes.validate(text, view.language, view.document.uri)).map((problem) => ({
    range: { start: view.document.positionAt(problem.start), end: view.document.positionAt(problem.end) },
    severity: SEVERITIES[levels[problem.level]],
    source: SOURCE,
    code: 'shacl',
    message: problem.message,
  }))
}

/** The syntax errors that the edits since the last check left standing: those before the first edit. */
function standing(open: OpenDocument): Diagnostic[] {
  return open.syntax.filter((s) => s.end < open.editedFrom).map((s) => s.diagnostic)
}
