// The language server: wires a connection's requests to the features, over documents kept in sync
// incrementally. The index may still be loading when the first requests arrive; they wait for it.

import type { PrefixIndex } from '@prefixd/core'
import {
  CodeActionKind,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic,
  type InitializeResult,
} from 'vscode-languageserver'
import { TextDocument } from 'vscode-languageserver-textdocument'
import { codeActions } from './code-actions.js'
import { complete } from './completion.js'
import { diagnose } from './diagnostics.js'
import { DocumentView, languageOf } from './document.js'
import { documentLinks, hover } from './navigation.js'
import { prepareRename, rename } from './rename.js'

export interface ServerOptions {
  /** The index, or a promise of it: the server answers `initialize` at once and loads meanwhile. */
  readonly index: PrefixIndex | Promise<PrefixIndex>
  /** Milliseconds between the last edit and the diagnostics (default 50). */
  readonly diagnosticsDelay?: number
}

/** Serves `connection` until the client exits. */
export function startServer(connection: Connection, options: ServerOptions): void {
  const documents = new TextDocuments(TextDocument)
  const views = new WeakMap<TextDocument, DocumentView>()
  let index: PrefixIndex | undefined
  const ready = Promise.resolve(options.index).then((loaded) => (index = loaded))
  ready.catch((error: Error) => connection.console.error(`prefixd: cannot load the prefix index: ${error.message}`))
  let insertReplace = false

  /** The view of an open document of ours, for its current version. */
  const viewOf = (uri: string): DocumentView | undefined => {
    const document = documents.get(uri)
    if (document === undefined) return undefined
    let view = views.get(document)
    if (view?.version !== document.version) {
      const language = languageOf(document.languageId, uri)
      if (language === undefined) return undefined
      views.set(document, (view = new DocumentView(document, language)))
    }
    return view
  }
  /** Runs `feature` once the index is loaded, on the document's current version. */
  const withView = async <T>(uri: string, fallback: T, feature: (view: DocumentView, index: PrefixIndex) => T): Promise<T> => {
    const loaded = index ?? (await ready)
    const view = viewOf(uri)
    return view === undefined ? fallback : feature(view, loaded)
  }

  connection.onInitialize((params): InitializeResult => {
    insertReplace = params.capabilities.textDocument?.completion?.completionItem?.insertReplaceSupport ?? false
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: [':'], resolveProvider: false, completionItem: { labelDetailsSupport: true } },
        hoverProvider: true,
        documentLinkProvider: { resolveProvider: false },
        codeActionProvider: {
          codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite, CodeActionKind.Source, CodeActionKind.SourceOrganizeImports],
        },
        renameProvider: { prepareProvider: true },
      },
      serverInfo: { name: 'prefixd', version: '0.1.0' },
    }
  })

  connection.onCompletion((params) => withView(params.textDocument.uri, null, (view, loaded) => complete(view, loaded, view.document.offsetAt(params.position), { insertReplace })))
  connection.onHover((params) => withView(params.textDocument.uri, null, (view, loaded) => hover(view, loaded, view.document.offsetAt(params.position))))
  connection.onDocumentLinks((params) => withView(params.textDocument.uri, [], documentLinks))
  connection.onCodeAction((params) =>
    withView(params.textDocument.uri, [], (view, loaded) => codeActions(view, loaded, params.range, params.context.diagnostics, params.context.only)),
  )
  connection.onPrepareRename((params) => withView(params.textDocument.uri, null, (view) => prepareRename(view, view.document.offsetAt(params.position))))
  connection.onRenameRequest((params) => withView(params.textDocument.uri, null, (view) => rename(view, view.document.offsetAt(params.position), params.newName)))

  // Diagnostics a moment after the last edit, for the version then current.
  const timers = new Map<string, NodeJS.Timeout>()
  const schedule = (uri: string): void => {
    clearTimeout(timers.get(uri))
    timers.set(
      uri,
      setTimeout(() => {
        timers.delete(uri)
        void publish(uri)
      }, options.diagnosticsDelay ?? 50),
    )
  }
  const publish = async (uri: string): Promise<void> => {
    const version = documents.get(uri)?.version
    const diagnostics = await withView<Diagnostic[] | undefined>(uri, undefined, (view, loaded) => diagnose(view, loaded, { syntax: true }))
    if (diagnostics !== undefined && documents.get(uri)?.version === version) await connection.sendDiagnostics({ uri, version, diagnostics })
  }
  documents.onDidOpen((event) => void publish(event.document.uri))
  documents.onDidChangeContent((event) => schedule(event.document.uri))
  documents.onDidClose((event) => {
    clearTimeout(timers.get(event.document.uri))
    timers.delete(event.document.uri)
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] })
  })

  documents.listen(connection)
  connection.listen()
}
