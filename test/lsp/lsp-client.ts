// An editor's side of the language server, for the tests: spawns the real `prefixd lsp` binary and
// talks LSP to it over stdio with vscode-languageserver-protocol, as VS Code's client does.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type Diagnostic,
  type InitializeResult,
  type MarkupContent,
  type Position,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node'
import { TextDocument } from 'vscode-languageserver-textdocument'
import { MAIN } from '../cli/run-prefixd.js'

export const CAPABILITIES: ClientCapabilities = {
  textDocument: {
    completion: { completionItem: { snippetSupport: false, labelDetailsSupport: true, insertReplaceSupport: false } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    publishDiagnostics: { versionSupport: true },
    rename: { prepareSupport: true },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'source'] } } },
  },
  workspace: { configuration: true, applyEdit: true, workspaceEdit: { documentChanges: false } },
}

export interface Client {
  readonly connection: ProtocolConnection
  readonly child: ChildProcessWithoutNullStreams
  readonly initialized: InitializeResult
  /** What the server wrote to stderr so far. */
  stderr(): string
  /** The edits the server asked the client to apply (workspace/applyEdit) so far; the client answers that it applied them. */
  readonly appliedEdits: WorkspaceEdit[]
  /** The first message the server asks to show (window/showMessage or showMessageRequest), so far or to come, that `test` accepts. */
  message(test: (message: string) => boolean): Promise<string>
  /** Opens a document and returns its URI. */
  open(uri: string, languageId: string, text: string): Promise<string>
  /** Applies changes to an open document (incremental sync). */
  change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<void>
  /** The next diagnostics published for `uri` at `version` (or later). */
  diagnostics(uri: string, version?: number): Promise<Diagnostic[]>
  /** The first diagnostics published for `uri` after this call (that `test` accepts). */
  nextDiagnostics(uri: string, test?: (diagnostics: Diagnostic[]) => boolean): Promise<Diagnostic[]>
  /** The first diagnostics published for `uri` (so far or to come) that `test` accepts. */
  diagnosticsWhere(uri: string, test: (diagnostics: Diagnostic[]) => boolean): Promise<Diagnostic[]>
  /**
   * The hover at `position` once `test` accepts its contents, asked again as each answer comes: a card says what a
   * term means once the server has read the knowledge tier, which the first card starts reading, in slices. Waits for
   * that state, not for a time; rejects with the last contents after `ms` (20 s) of asking.
   */
  hoverWhere(uri: string, position: Position, test: (contents: MarkupContent) => boolean, ms?: number): Promise<MarkupContent>
  close(): Promise<number | null>
}

export interface ClientOptions {
  readonly capabilities?: ClientCapabilities
  readonly settings?: unknown
  readonly rootUri?: string
  readonly initializationOptions?: unknown
  /** Another server to start (node's arguments: a script and its own), such as an installed `prefixd lsp`; default this repository's `prefixd lsp` and `args`. */
  readonly command?: readonly string[]
  readonly env?: NodeJS.ProcessEnv
  /** Called with the connection before it listens: handlers for what the server may send first (workDoneProgress). */
  readonly onConnection?: (connection: ProtocolConnection) => void
  /** Workspace folders (file URIs) for `initialize`. */
  readonly workspaceFolders?: readonly string[]
}

/** Starts `prefixd lsp` with `args` and initializes it. */
export async function startClient(args: readonly string[] = [], options: ClientOptions = {}): Promise<Client> {
  const child = spawn(process.execPath, options.command ?? [MAIN, 'lsp', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(options.env && { env: options.env }),
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin))
  const published = new Map<string, PublishDiagnosticsParams[]>()
  const waiting = new Set<() => void>()
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    published.set(params.uri, [...(published.get(params.uri) ?? []), params])
    for (const wake of waiting) wake()
  })
  const messages: string[] = []
  const shown = (params: { message: string }): null => {
    messages.push(params.message)
    for (const wake of waiting) wake()
    return null
  }
  connection.onNotification('window/showMessage', (params: { message: string }) => void shown(params))
  connection.onRequest('window/showMessageRequest', shown)
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => options.settings ?? null))
  const appliedEdits: WorkspaceEdit[] = []
  connection.onRequest('workspace/applyEdit', (params: { edit: WorkspaceEdit }) => {
    appliedEdits.push(params.edit)
    return { applied: true }
  })
  options.onConnection?.(connection)
  connection.listen()
  const versions = new Map<string, number>()
  const initialized = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: options.rootUri ?? null,
    ...(options.workspaceFolders !== undefined && { workspaceFolders: options.workspaceFolders.map((uri, i) => ({ uri, name: `folder ${i}` })) }),
    capabilities: options.capabilities ?? CAPABILITIES,
    ...(options.initializationOptions !== undefined && { initializationOptions: options.initializationOptions }),
  })
  await connection.sendNotification(InitializedNotification.type, {})
  // A server that takes whole documents only (as some do) gets the text the edits make.
  const sync = initialized.capabilities.textDocumentSync
  const full = (typeof sync === 'number' ? sync : sync?.change) === TextDocumentSyncKind.Full
  const texts = new Map<string, TextDocument>()
  return {
    connection,
    child,
    initialized,
    stderr: () => stderr,
    appliedEdits,
    message(test) {
      return new Promise((resolve) => {
        const check = (): boolean => {
          const found = messages.find(test)
          if (found === undefined) return false
          waiting.delete(wake)
          resolve(found)
          return true
        }
        const wake = (): void => void check()
        if (!check()) waiting.add(wake)
      })
    },
    async open(uri, languageId, text) {
      versions.set(uri, 1)
      texts.set(uri, TextDocument.create(uri, languageId, 1, text))
      await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } })
      return uri
    },
    async change(uri, contentChanges) {
      const version = (versions.get(uri) ?? 1) + 1
      versions.set(uri, version)
      const document = TextDocument.update(texts.get(uri)!, contentChanges, version)
      await connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version },
        contentChanges: full ? [{ text: document.getText() }] : contentChanges,
      })
    },
    diagnostics(uri, version = versions.get(uri) ?? 1) {
      return new Promise((resolve) => {
        const check = (): boolean => {
          const found = published.get(uri)?.find((p) => (p.version ?? version) >= version)
          if (found === undefined) return false
          waiting.delete(wake)
          resolve(found.diagnostics)
          return true
        }
        const wake = (): void => void check()
        if (!check()) waiting.add(wake)
      })
    },
    nextDiagnostics(uri, test = () => true) {
      const seen = published.get(uri)?.length ?? 0
      return new Promise((resolve) => {
        const check = (): boolean => {
          const found = published
            .get(uri)
            ?.slice(seen)
            .find((p) => test(p.diagnostics))
          if (found === undefined) return false
          waiting.delete(wake)
          resolve(found.diagnostics)
          return true
        }
        const wake = (): void => void check()
        if (!check()) waiting.add(wake)
      })
    },
    diagnosticsWhere(uri, test) {
      return new Promise((resolve) => {
        const check = (): boolean => {
          const found = published.get(uri)?.find((p) => test(p.diagnostics))
          if (found === undefined) return false
          waiting.delete(wake)
          resolve(found.diagnostics)
          return true
        }
        const wake = (): void => void check()
        if (!check()) waiting.add(wake)
      })
    },
    async hoverWhere(uri, position, test, ms = 20_000) {
      const deadline = performance.now() + ms
      for (;;) {
        const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position })
        const contents = (hover?.contents ?? { kind: 'plaintext', value: '' }) as MarkupContent
        if (test(contents)) return contents
        if (performance.now() > deadline)
          throw new Error(`the hover at ${uri}:${position.line}:${position.character} never came to the state asked for; it says: ${contents.value}`)
        await new Promise((resolve) => setImmediate(resolve))
      }
    },
    async close() {
      await connection.sendRequest(ShutdownRequest.type)
      await connection.sendNotification(ExitNotification.type)
      const code = await exited
      connection.dispose()
      return code
    },
  }
}
