// The language server: wires a connection's requests to the features, over documents kept in sync
// incrementally (text and tokens). The index may still be loading when the first requests arrive;
// they wait for it.

import type { DefaultData, PrefixIndex } from '@prefixd/core'
import type { CompletionList, CompletionParams, Connection, InitializeParams, InitializeResult, Position } from 'vscode-languageserver'
import { CodeActionKind, DidChangeConfigurationNotification, ErrorCodes, ResponseError, TextDocumentSyncKind } from './protocol/protocol.js'
import { clientTraits, plainDocumentation, plainHover, wordCompletions, type ClientTraits } from './protocol/client-traits.js'
import { codeActions, declaration } from './actions/code-actions.js'
import { completeAt, completionSpot, DECLARE_PREFIX_COMMAND, namespacesRead, resolveCompletion } from './completion/completion.js'
import type { DocumentView } from './documents/document.js'
import { FORMATTING_CAPABILITIES, registerFormatting } from './formatting/formatting.js'
import { documentLinks, hover } from './terms/navigation.js'
import { OpenDocuments } from './documents/open-documents.js'
import { Publisher } from './diagnostics/publisher.js'
import { prepareRename, rename } from './actions/rename.js'
import { ServerIndex } from './server-index/server-index.js'
import { layerSettings, projectSettings, readSettings, workspaceRoot, type WorkspaceSettings } from './server-index/settings.js'
import { WorkspaceShapes } from './shacl/workspace-shapes.js'
import { traced } from './trace.js'
import { WorkspaceServer } from './workspace/workspace-server.js'
import { workspaceNamespace } from './workspace/workspace-completion.js'

export interface ServerOptions {
  /**
   * The index, or a promise of it: the server answers `initialize` at once and loads meanwhile. Or a promise
   * of the default data (`readDefault()`): the server makes the index itself, once idle, and a
   * completion that comes first is answered from an index of the vocabulary it reads (made in a fraction of the time).
   */
  readonly index: PrefixIndex | Promise<PrefixIndex | DefaultData>
  /** Milliseconds between the last edit and the diagnostics (default 20). */
  readonly diagnosticsDelay?: number
  /** Builds the index again with the editor's settings layered over the command line's; without it settings are ignored. */
  readonly reload?: (settings: WorkspaceSettings) => Promise<PrefixIndex>
  /**
   * Registers a listener run as the client's bytes are read, a turn before their message is dispatched: the idle
   * wait for the whole index then counts a message that came in the very turn it ran out (dispatched, it came too
   * late: the 100–200 ms build had started, and the completion waited behind it).
   */
  readonly onInput?: (listener: () => void) => void
}

/** What the server and its parts share. */
interface Server {
  readonly connection: Connection
  /** Of the options, only this is kept: the index given (a promise of the default data) would keep the data alive. */
  readonly reload: ServerOptions['reload']
  readonly index: ServerIndex
  readonly documents: OpenDocuments
  readonly publisher: Publisher
  /** The workspace folders' RDF: its terms and usage, read in the background. */
  readonly workspace: WorkspaceServer
  /** The workspace's SHACL shapes, read again when the settings or a shape file change. */
  readonly shapes: WorkspaceShapes
  /** What `initialize` told of the client. */
  readonly client: { traits: ClientTraits; root?: string; pullsSettings: boolean; initialSettings?: unknown }
}

/** Serves `connection` until the client exits; resolves with the index once it is loaded. */
export function startServer(connection: Connection, options: ServerOptions): Promise<PrefixIndex> {
  const documents = new OpenDocuments()
  // The syntax thread starts once the index is in and the requests that waited for it are answered: the
  // first completion waits for the index, not for the parsers.
  const index = new ServerIndex(options.index, () => setImmediate(() => documents.checker.warm()), options.onInput)
  index.ready.catch((error: Error) => connection.console.error(`prefixd: cannot load the prefix index: ${error.message}`))
  const publisher = new Publisher(connection, documents, index, options.diagnosticsDelay ?? 20)
  const shapes = new WorkspaceShapes({
    set: (read) => (publisher.shapes = read),
    error: (message) => void connection.window.showErrorMessage(message),
    find: (root, globs) => workspace.shapeFiles(root, globs),
  })
  const workspace = new WorkspaceServer({
    connection,
    need: () => index.need(),
    viewOf: (uri) => documents.viewOf(uri),
    // A shape file changed on disk or saved: the shapes read again, and every open document validated against them.
    filesChanged: (paths) =>
      void shapes.changed(server.client.root, paths).then((changed) => {
        if (changed) for (const uri of documents.uris()) void publisher.publish(uri)
      }),
  })
  const server: Server = {
    connection,
    reload: options.reload,
    index,
    documents,
    publisher,
    workspace,
    shapes,
    client: { traits: { insertReplace: false, plainHover: false, plainDocumentation: false }, pullsSettings: false },
  }
  connection.onInitialize((params) => initialize(server, params))
  registerFeatures(server)
  registerFormatting(connection, documents)
  workspace.register()
  registerSettings(server)
  registerDocumentSync(server)
  connection.onShutdown(() => {
    documents.checker.stop()
    workspace.dispose()
  })
  connection.listen()
  return index.ready
}

function initialize({ client, publisher, workspace }: Server, params: InitializeParams): InitializeResult {
  client.pullsSettings = params.capabilities?.workspace?.configuration ?? false
  client.root = workspaceRoot(params)
  // The project's rules from the first diagnostics on (a broken file is told once the client is up).
  try {
    publisher.rules = projectSettings(client.root).rules ?? {}
  } catch {
    // told by applySettings once the client is up
  }
  // Settings come as { prefixd: { … } } (as Helix sends its `config`) or as the section itself.
  const init = params.initializationOptions as { prefixd?: unknown } | undefined
  client.initialSettings = init !== null && typeof init === 'object' && 'prefixd' in init ? init.prefixd : init
  client.traits = clientTraits(params, client.initialSettings)
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: true } },
      ...workspace.initialize(params),
      completionProvider: { triggerCharacters: [':'], resolveProvider: true, completionItem: { labelDetailsSupport: true } },
      hoverProvider: true,
      documentLinkProvider: { resolveProvider: false },
      codeActionProvider: {
        codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite, CodeActionKind.Source, CodeActionKind.SourceOrganizeImports],
      },
      renameProvider: { prepareProvider: true },
      executeCommandProvider: { commands: [DECLARE_PREFIX_COMMAND] },
      ...FORMATTING_CAPABILITIES,
    },
    serverInfo: { name: 'prefixd', version: '0.1.0' },
  }
}

/** Runs `feature` once the index is loaded, on the document's current version. */
async function withView<T>(
  server: Server,
  params: { textDocument?: { uri?: unknown } },
  fallback: T,
  feature: (view: DocumentView, index: PrefixIndex) => T,
): Promise<T> {
  server.index.activity() // at its start too: see completion
  try {
    const loaded = await server.index.need()
    const view = server.documents.viewOf(params?.textDocument?.uri)
    return view === undefined ? fallback : feature(view, loaded)
  } finally {
    server.index.activity()
  }
}

/**
 * Completion: from the whole index, or before it is made, from one of the vocabulary the completion reads
 * (the first keystrokes after the editor starts the server), which answers alike.
 */
async function completion(server: Server, params: CompletionParams): Promise<CompletionList | null> {
  const spotAt = (view: DocumentView) => completionSpot(view, offsetOf(view, params.position))
  server.publisher.postpone()
  // Counted at its start as well as its end: one that waits (for the data, while it is read) keeps the idle build
  // of the whole index and the warm-up from starting meanwhile. As typing: the whole index waits for a pause in it.
  server.index.activity(true)
  try {
    const { index: loaded, words } = await server.index.forCompletion((table) => {
      const view = server.documents.viewOf(params?.textDocument?.uri)
      const spot = view === undefined ? undefined : spotAt(view)
      return view === undefined || spot === undefined ? [] : namespacesRead(view, table, spot)
    })
    const view = server.documents.viewOf(params?.textDocument?.uri)
    const spot = view === undefined ? undefined : spotAt(view)
    if (view === undefined || spot === undefined) return null
    const { traits } = server.client
    const options = { insertReplace: traits.insertReplace, workspace: server.workspace.usage, words }
    let list = traced('completion', () => completeAt(view, loaded, spot, options))
    if (traits.completionWord !== undefined) list = wordCompletions(list, lineOf(view, params.position.line), params.position, traits.completionWord)
    return traits.plainDocumentation ? { ...list, items: list.items.map(plainDocumentation) } : list
  } finally {
    server.index.activity(true)
  }
}

/** The text of line `line` (its end of line left out). */
function lineOf(view: DocumentView, line: number): string {
  const start = view.document.offsetAt({ line, character: 0 })
  return view.slice(start, view.document.offsetAt({ line: line + 1, character: 0 })).replace(/\r?\n$|\r$/u, '')
}

/** The offset of a request's position; a clear error for one that is not a position. */
function offsetOf(view: DocumentView, position: Position | undefined): number {
  if (typeof position?.line !== 'number' || typeof position.character !== 'number' || position.line < 0 || position.character < 0) {
    throw new ResponseError(ErrorCodes.InvalidParams, 'position must be { line, character } with whole numbers ≥ 0')
  }
  return view.document.offsetAt(position)
}

/** The requests: each feature on the document's current view. */
function registerFeatures(server: Server): void {
  const { connection, client } = server
  connection.onCompletion((params) => completion(server, params))
  connection.onCompletionResolve(async (item) => {
    const resolved = resolveCompletion(await server.index.need(), item)
    return client.traits.plainDocumentation ? plainDocumentation(resolved) : resolved
  })
  connection.onHover(async (params) => {
    const base = await withView(server, params, null, (view, loaded) => hover(view, loaded, offsetOf(view, params.position)))
    const view = server.documents.viewOf(params?.textDocument?.uri)
    const found = view === undefined ? base : await server.workspace.hover(base, view, offsetOf(view, params.position))
    return client.traits.plainHover ? plainHover(found) : found
  })
  connection.onDocumentLinks((params) => withView(server, params, [], documentLinks))
  connection.onCodeAction((params) =>
    withView(server, params, [], (view, loaded) => {
      if (params.range === undefined) throw new ResponseError(ErrorCodes.InvalidParams, 'a code action request needs a range')
      offsetOf(view, params.range.start)
      const published = server.documents.get(view.document.uri)?.prefixDiagnostics?.diagnostics ?? []
      return codeActions(view, loaded, params.range, params.context?.diagnostics ?? [], params.context?.only, published, (prefix) =>
        workspaceNamespace(server.workspace.usage, loaded, prefix),
      )
    }),
  )
  connection.onExecuteCommand(async (params) => {
    if (params.command !== DECLARE_PREFIX_COMMAND) throw new ResponseError(ErrorCodes.InvalidParams, `unknown command '${String(params.command)}'`)
    const [uri, prefix, namespace] = params.arguments ?? []
    if (typeof uri !== 'string' || typeof prefix !== 'string' || typeof namespace !== 'string') {
      throw new ResponseError(ErrorCodes.InvalidParams, `${DECLARE_PREFIX_COMMAND} takes a document URI, a prefix and a namespace`)
    }
    const edit = await withView(server, { textDocument: { uri } }, undefined, (view) =>
      view.declared.has(prefix) ? undefined : declaration(view, prefix, namespace),
    )
    // A client that applied the item's additionalTextEdits declared the prefix already: then there is nothing to do.
    if (edit !== undefined) await connection.workspace.applyEdit({ label: `Declare ${prefix}:`, edit: { changes: { [uri]: [edit] } } })
    return null
  })
  connection.onPrepareRename((params) => withView(server, params, null, (view) => prepareRename(view, offsetOf(view, params.position))))
  connection.onRenameRequest((params) =>
    withView(server, params, null, (view) => {
      if (typeof params.newName !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'newName must be a string')
      return rename(view, offsetOf(view, params.position), params.newName)
    }),
  )
}

/** The editor's settings: pulled (`workspace/configuration`) or pushed, applied when they change. */
function registerSettings(server: Server): void {
  const { connection, client } = server
  /** The settings the index was last built with, as JSON. */
  const applied = { json: JSON.stringify({}) }
  const pull = async (): Promise<void> => {
    const value: unknown = await connection.workspace.getConfiguration({ section: 'prefixd' }).catch(() => undefined)
    await applySettings(server, value ?? client.initialSettings, applied)
  }
  connection.onInitialized(() => {
    server.index.activity() // the client is up: the whole index is made once it has been idle a while
    server.workspace.initialized()
    if (client.pullsSettings) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: 'prefixd' }).catch(() => undefined)
      void pull()
    } else {
      void applySettings(server, client.initialSettings, applied)
    }
  })
  connection.onDidChangeConfiguration((params) => {
    if (client.pullsSettings) void pull()
    else void applySettings(server, (params.settings as { prefixd?: unknown } | null)?.prefixd, applied)
  })
}

/**
 * Applies the editor's settings over the project's `.prefixd.json`: the rules at once, the index built again if
 * its part differs from what it was built with; then diagnoses the open documents again.
 */
async function applySettings(server: Server, raw: unknown, applied: { json: string }): Promise<void> {
  const { connection, reload, publisher } = server
  let settings: WorkspaceSettings
  try {
    settings = layerSettings(projectSettings(server.client.root), readSettings(raw, server.client.root))
  } catch (error) {
    void connection.window.showErrorMessage(`prefixd: ${(error as Error).message}`)
    return
  }
  const { rules = {}, shapes, ...forIndex } = settings
  let rulesChanged = JSON.stringify(rules) !== JSON.stringify(publisher.rules)
  publisher.rules = rules
  if (await server.shapes.configure(server.client.root, shapes)) rulesChanged = true
  const json = JSON.stringify(forIndex)
  if (json === applied.json || reload === undefined) {
    if (rulesChanged) for (const uri of server.documents.uris()) void publisher.publish(uri)
    return
  }
  try {
    await server.index.ready
    const loaded = await reload(forIndex)
    applied.json = json
    server.index.replace(loaded)
  } catch (error) {
    // The index built before stays: a file that cannot be read is the user's to fix, not a reason to stop.
    void connection.window.showErrorMessage(`prefixd: the settings were not applied: ${(error as Error).message}`)
    return
  }
  for (const uri of server.documents.uris()) void server.publisher.publish(uri)
}

/** Open, change and close: the documents kept in sync, diagnosed after each. */
function registerDocumentSync({ connection, documents, publisher, index }: Server): void {
  connection.onDidOpenTextDocument((params) => {
    if (!traced('open', () => documents.open(params))) return // not a document of ours
    void publisher.publish(params.textDocument.uri)
    index.activity()
  })
  connection.onDidChangeTextDocument((params) => {
    const open = traced('change', () => documents.change(params))
    if (open === undefined) return
    publisher.schedule(open)
    index.activity()
  })
  connection.onDidCloseTextDocument(({ textDocument: { uri } }) => {
    if (documents.close(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] })
  })
}
