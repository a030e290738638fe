// The language server: wires a connection's requests to the features, over documents kept in sync
// incrementally (text and tokens). The index may still be loading when the first requests arrive;
// they wait for it.

import type { PrefixIndex } from '@prefixd/core'
import type { Language } from '@prefixd/core/syntax'
import type { Connection, Diagnostic, InitializeResult, Position } from 'vscode-languageserver'
import { CodeActionKind, DidChangeConfigurationNotification, ErrorCodes, ResponseError, TextDocumentSyncKind } from './protocol.js'
import { codeActions, declaration } from './code-actions.js'
import { complete, DECLARE_PREFIX_COMMAND, resolveCompletion } from './completion.js'
import { diagnose, syntaxDiagnostic, TermChecks } from './diagnostics.js'
import { DocumentView, languageOf } from './document.js'
import { LineDocument } from './line-document.js'
import { documentLinks, hover } from './navigation.js'
import { prepareRename, rename } from './rename.js'
import { readSettings, workspaceRoot, type WorkspaceSettings } from './settings.js'
import { SyntaxChecker } from './syntax-checker.js'
import { RDF_PROPERTY, RDFS_CLASS, warmKnowledge } from './terms.js'
import { TokenStore } from './token-store.js'

export interface ServerOptions {
  /** The index, or a promise of it: the server answers `initialize` at once and loads meanwhile. */
  readonly index: PrefixIndex | Promise<PrefixIndex>
  /** Milliseconds between the last edit and the diagnostics (default 20). */
  readonly diagnosticsDelay?: number
  /** Builds the index again with the editor's settings layered over the command line's; without it settings are ignored. */
  readonly reload?: (settings: WorkspaceSettings) => Promise<PrefixIndex>
}

/** Milliseconds without a request or an edit before the warm-up goes on (once the index is loaded). */
const WARM_UP_DELAY = 300

/**
 * What the core and the knowledge tier build on first use, each a step of its own: the rankings a first
 * completion of each kind sorts (classes after `a`, properties, any term, prefixes; 5–60 ms each on two
 * cores), the knowledge tier (what the completion cards say), and last the word search (a few hundred ms).
 * Built while the user is reading, not on their first keystrokes; a request waits for one step at most.
 */
const WARM_UP: ReadonlyArray<(index: PrefixIndex) => unknown> = [
  (index) => index.complete('rdfs:', { limit: 1, type: RDFS_CLASS, prefer: 'class' }),
  (index) => index.complete('rdfs:', { limit: 1, type: RDF_PROPERTY, prefer: 'property' }),
  (index) => index.complete('rdfs:l', { limit: 1 }),
  (index) => index.complete('r', { limit: 1 }),
  () => warmKnowledge(),
  (index) => index.search('warm', { limit: 1 }),
]

/** An open document of ours and what the diagnostics remember of it. */
interface OpenDocument {
  readonly document: LineDocument
  readonly language: Language
  store: TokenStore
  view?: DocumentView
  timer?: NodeJS.Timeout
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

/** Serves `connection` until the client exits. */
export function startServer(connection: Connection, options: ServerOptions): void {
  const documents = new Map<string, OpenDocument>()
  const checker = new SyntaxChecker()
  let index: PrefixIndex | undefined
  // Each request and edit puts the warm-up back: a step runs once the server has been idle for
  // WARM_UP_DELAY, and the next at once unless a request or an edit came in between.
  let step = 0
  let activity = 0
  const warmUp = setTimeout(function warm(): void {
    if (index === undefined || step >= WARM_UP.length) return
    const seen = activity
    WARM_UP[step++]!(index)
    if (step < WARM_UP.length) setImmediate(() => (activity === seen ? warm() : warmUp.refresh()))
  }, WARM_UP_DELAY).unref()
  const idleAgain = (): void => {
    activity++
    if (step < WARM_UP.length && index !== undefined) warmUp.refresh()
  }
  let checks: TermChecks | undefined
  const ready = Promise.resolve(options.index).then((loaded) => {
    index = loaded
    checks = new TermChecks(loaded)
    // The syntax thread starts once the index is in and the requests that waited for it are answered: the
    // first completion waits for the index, not for the parsers.
    setImmediate(() => checker.warm())
    warmUp.refresh()
    return loaded
  })
  ready.catch((error: Error) => connection.console.error(`prefixd: cannot load the prefix index: ${error.message}`))
  let insertReplace = false
  let root: string | undefined
  let pullsSettings = false
  let initialSettings: unknown
  /** The settings the index was last built with, as JSON. */
  let applied = JSON.stringify({})

  /** The view of an open document of ours, for its current version. */
  const viewOf = (uri: unknown): DocumentView | undefined => {
    const open = typeof uri === 'string' ? documents.get(uri) : undefined
    if (open === undefined) return undefined
    if (open.view?.version !== open.document.version) open.view = new DocumentView(open.document, open.language, open.store)
    return open.view
  }
  /** Runs `feature` once the index is loaded, on the document's current version. */
  const withView = async <T>(params: { textDocument?: { uri?: unknown } }, fallback: T, feature: (view: DocumentView, index: PrefixIndex) => T): Promise<T> => {
    const loaded = index ?? (await ready)
    const view = viewOf(params?.textDocument?.uri)
    try {
      return view === undefined ? fallback : feature(view, loaded)
    } finally {
      idleAgain()
    }
  }
  /** The offset of a request's position; a clear error for one that is not a position. */
  const offsetOf = (view: DocumentView, position: Position | undefined): number => {
    if (typeof position?.line !== 'number' || typeof position.character !== 'number' || position.line < 0 || position.character < 0) {
      throw new ResponseError(ErrorCodes.InvalidParams, 'position must be { line, character } with whole numbers ≥ 0')
    }
    return view.document.offsetAt(position)
  }

  connection.onInitialize((params): InitializeResult => {
    insertReplace = params.capabilities?.textDocument?.completion?.completionItem?.insertReplaceSupport ?? false
    pullsSettings = params.capabilities?.workspace?.configuration ?? false
    root = workspaceRoot(params)
    // Settings come as { prefixd: { … } } (as Helix sends its `config`) or as the section itself.
    const init = params.initializationOptions as { prefixd?: unknown } | undefined
    initialSettings = init !== null && typeof init === 'object' && 'prefixd' in init ? init.prefixd : init
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: [':'], resolveProvider: true, completionItem: { labelDetailsSupport: true } },
        hoverProvider: true,
        documentLinkProvider: { resolveProvider: false },
        codeActionProvider: {
          codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite, CodeActionKind.Source, CodeActionKind.SourceOrganizeImports],
        },
        renameProvider: { prepareProvider: true },
        executeCommandProvider: { commands: [DECLARE_PREFIX_COMMAND] },
      },
      serverInfo: { name: 'prefixd', version: '0.1.0' },
    }
  })

  connection.onCompletion((params) => withView(params, null, (view, loaded) => complete(view, loaded, offsetOf(view, params.position), { insertReplace })))
  connection.onCompletionResolve(async (item) => resolveCompletion(index ?? (await ready), item))
  connection.onHover((params) => withView(params, null, (view, loaded) => hover(view, loaded, offsetOf(view, params.position))))
  connection.onDocumentLinks((params) => withView(params, [], documentLinks))
  connection.onCodeAction((params) =>
    withView(params, [], (view, loaded) => {
      if (params.range === undefined) throw new ResponseError(ErrorCodes.InvalidParams, 'a code action request needs a range')
      offsetOf(view, params.range.start)
      return codeActions(view, loaded, params.range, params.context?.diagnostics ?? [], params.context?.only)
    }),
  )
  connection.onExecuteCommand(async (params) => {
    if (params.command !== DECLARE_PREFIX_COMMAND) throw new ResponseError(ErrorCodes.InvalidParams, `unknown command '${String(params.command)}'`)
    const [uri, prefix, namespace] = params.arguments ?? []
    if (typeof uri !== 'string' || typeof prefix !== 'string' || typeof namespace !== 'string') {
      throw new ResponseError(ErrorCodes.InvalidParams, `${DECLARE_PREFIX_COMMAND} takes a document URI, a prefix and a namespace`)
    }
    const edit = await withView({ textDocument: { uri } }, undefined, (view) => (view.declared.has(prefix) ? undefined : declaration(view, prefix, namespace)))
    // A client that applied the item's additionalTextEdits declared the prefix already: then there is nothing to do.
    if (edit !== undefined) await connection.workspace.applyEdit({ label: `Declare ${prefix}:`, edit: { changes: { [uri]: [edit] } } })
    return null
  })
  connection.onPrepareRename((params) => withView(params, null, (view) => prepareRename(view, offsetOf(view, params.position))))
  connection.onRenameRequest((params) =>
    withView(params, null, (view) => {
      if (typeof params.newName !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'newName must be a string')
      return rename(view, offsetOf(view, params.position), params.newName)
    }),
  )

  /** Builds the index with new settings, if they differ from those it has, and diagnoses the open documents again. */
  const applySettings = async (raw: unknown): Promise<void> => {
    if (options.reload === undefined) return
    let settings: WorkspaceSettings
    try {
      settings = readSettings(raw, root)
    } catch (error) {
      void connection.window.showErrorMessage(`prefixd: ${(error as Error).message}`)
      return
    }
    const json = JSON.stringify(settings)
    if (json === applied) return
    try {
      await ready
      const loaded = await options.reload(settings)
      applied = json
      index = loaded
      checks = new TermChecks(loaded)
    } catch (error) {
      // The index built before stays: a file that cannot be read is the user's to fix, not a reason to stop.
      void connection.window.showErrorMessage(`prefixd: the settings were not applied: ${(error as Error).message}`)
      return
    }
    for (const uri of documents.keys()) void publish(uri)
  }
  const pullSettings = async (): Promise<void> => {
    const value: unknown = await connection.workspace.getConfiguration({ section: 'prefixd' }).catch(() => undefined)
    await applySettings(value ?? initialSettings)
  }
  connection.onInitialized(() => {
    if (pullsSettings) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: 'prefixd' }).catch(() => undefined)
      void pullSettings()
    } else {
      void applySettings(initialSettings)
    }
  })
  connection.onDidChangeConfiguration((params) => {
    if (pullsSettings) void pullSettings()
    else void applySettings((params.settings as { prefixd?: unknown } | null)?.prefixd)
  })

  connection.onDidOpenTextDocument(({ textDocument: { uri, languageId, version, text } }) => {
    const language = languageOf(languageId, uri)
    if (language === undefined) return // not a document of ours
    const document = new LineDocument(uri, languageId, version, text)
    documents.set(uri, { document, language, store: new TokenStore(text), syntax: [], editedFrom: Infinity, checking: false, recheck: false, published: false })
    checker.open(uri, text)
    void publish(uri)
    idleAgain()
  })
  connection.onDidChangeTextDocument(({ textDocument: { uri, version }, contentChanges }) => {
    const open = documents.get(uri)
    if (open === undefined) return
    for (const change of contentChanges) {
      if ('range' in change) {
        const a = open.document.offsetAt(change.range.start)
        const b = open.document.offsetAt(change.range.end)
        const [start, end] = a <= b ? [a, b] : [b, a]
        open.document.update([change], version)
        // The tokens are read again from the lines around the edit, not from the whole text.
        open.store.edit(start, end, change.text, open.document)
        checker.change(uri, start, end, change.text)
        open.editedFrom = Math.min(open.editedFrom, start)
      } else {
        open.document.update([change], version)
        open.store = new TokenStore(change.text)
        checker.open(uri, change.text)
        open.editedFrom = 0
      }
    }
    clearTimeout(open.timer)
    open.timer = setTimeout(() => void publish(uri), options.diagnosticsDelay ?? 20)
    idleAgain()
  })
  connection.onDidCloseTextDocument(({ textDocument: { uri } }) => {
    clearTimeout(documents.get(uri)?.timer)
    checker.close(uri)
    if (documents.delete(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] })
  })
  connection.onShutdown(() => checker.stop())

  /**
   * Publishes the prefix diagnostics at once, with the last syntax error if the edits since left it
   * standing, then checks the syntax on the worker thread and publishes again if that changes anything.
   * A newly opened document is published once, syntax included.
   */
  const publish = async (uri: string): Promise<void> => {
    const loaded = index ?? (await ready)
    const open = documents.get(uri)
    const view = viewOf(uri)
    if (open === undefined || view === undefined) return
    const result = await diagnose(view, loaded, () => documents.get(uri) !== open || open.document.version !== view.version, checks)
    if (result === undefined) return // edited meanwhile: that edit's own publish is on its way
    open.prefixDiagnostics = { version: view.version, diagnostics: result.diagnostics }
    if (open.published) {
      await connection.sendDiagnostics({ uri, version: view.version, diagnostics: [...result.diagnostics, ...standing(open)] })
    }
    if (open.checking) open.recheck = true
    else await checkSyntax(uri, open, view, result.undeclared)
  }

  const checkSyntax = async (uri: string, open: OpenDocument, view: DocumentView, undeclared: readonly string[]): Promise<void> => {
    open.checking = true
    const problems = await checker.check({ uri, language: view.language, undeclared, baseIri: uri }, () => view.text).finally(() => (open.checking = false))
    if (documents.get(uri) !== open) return // closed meanwhile
    if (open.document.version !== view.version) {
      // Edited meanwhile: diagnose the text as it is now, if no publish is under way for it.
      if (open.recheck) {
        open.recheck = false
        await publish(uri)
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
    await connection.sendDiagnostics({ uri, version: view.version, diagnostics: [...(open.prefixDiagnostics?.diagnostics ?? []), ...diagnostics] })
  }
  /** The syntax errors that the edits since the last check left standing: those before the first edit. */
  const standing = (open: OpenDocument): Diagnostic[] => open.syntax.filter((s) => s.end < open.editedFrom).map((s) => s.diagnostic)

  connection.listen()
}
