// The workspace part of the language server: reading the folders on initialize (with workDoneProgress), keeping
// current on watched-file changes and saves, and the requests that read the workspace — definition, references,
// workspace symbols, and the workspace's card on hover.

import { fileURLToPath } from 'node:url'
import type { PrefixIndex } from '@prefixd/core'
import type { Connection, Hover, InitializeParams, ServerCapabilities, SymbolInformation } from 'vscode-languageserver'
import type { DocumentView } from '../documents/document.js'
import { DidChangeWatchedFilesNotification, MarkupKind } from '../protocol/protocol.js'
import { watchFolders, type FolderWatch } from './folder-watch.js'
import { definitionOf, iriAt, referencesTo, workspaceCard, workspaceSymbols } from './workspace-features.js'
import { UsageReader } from './usage-reader.js'
import { WorkspaceUsage, type ReadingProgress } from './workspace-usage.js'

const FILE_CHANGE_DELETED = 3
/** What the client is asked to watch: the RDF files the workspace reads. */
const WATCHED = '**/*.{ttl,trig,nt,nq,jsonld,ttl.gz,trig.gz,nt.gz,nq.gz,jsonld.gz}'

/** What the workspace features need of the server. */
export interface WorkspaceHost {
  readonly connection: Connection
  /** The index, once loaded. */
  need(): Promise<PrefixIndex>
  viewOf(uri: unknown): DocumentView | undefined
  /** Told of the files that changed on disk or were saved (the SHACL shapes are read again from them). */
  filesChanged?(paths: readonly string[]): void
}

export class WorkspaceServer {
  readonly usage: WorkspaceUsage
  readonly #host: WorkspaceHost
  readonly #reader = new UsageReader()
  #folders: string[] = []
  #progress = false
  #watch = false
  /** The folders watched by the server itself, where the client cannot watch them. */
  #ownWatch: FolderWatch | undefined

  constructor(host: WorkspaceHost) {
    this.#host = host
    this.usage = new WorkspaceUsage((message) => host.connection.console.log(message), this.#reader)
  }

  /** The shape files of `folder` (shape-files.ts), found on the workspace reading's thread. */
  shapeFiles(folder: string, globs?: readonly string[]): Promise<string[]> {
    return this.#reader.shapeFiles(folder, globs)
  }

  /** Reads what `initialize` says of the workspace and the client; the capabilities the workspace adds. */
  initialize(params: InitializeParams): ServerCapabilities {
    const uris = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : [])
    this.#folders = uris.filter((uri) => uri.startsWith('file:')).map((uri) => fileURLToPath(uri))
    if (this.#folders.length === 0 && typeof params.rootPath === 'string') this.#folders = [params.rootPath]
    this.#progress = params.capabilities?.window?.workDoneProgress === true
    this.#watch = params.capabilities?.workspace?.didChangeWatchedFiles?.dynamicRegistration === true
    return { definitionProvider: true, referencesProvider: true, workspaceSymbolProvider: true }
  }

  /**
   * After `initialized`: starts reading the folders in the background, and asks the client to watch their RDF files —
   * or, where it cannot be asked (Neovim before 0.9), watches them itself.
   */
  initialized(): void {
    const { connection } = this.#host
    if (this.#watch) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: WATCHED }] }).catch(() => undefined)
    if (this.#folders.length === 0) return
    if (!this.#watch)
      this.#ownWatch = watchFolders(
        this.#folders,
        (paths) => this.#changed(paths),
        (message) => connection.console.log(message),
      )
    void this.#start()
  }

  /** Files changed on disk, as the server's own watch saw them: read again (or forgotten when gone). */
  #changed(paths: readonly string[]): void {
    for (const path of paths) void this.usage.update(path)
    this.#host.filesChanged?.(paths)
  }

  async #start(): Promise<void> {
    const progress = this.#progress ? await this.#workDoneProgress() : undefined
    await this.usage
      .start(this.#folders, progress)
      .catch((error: Error) => this.#host.connection.console.error(`prefixd: reading the workspace: ${error.message}`))
  }

  async #workDoneProgress(): Promise<ReadingProgress | undefined> {
    const reporter = await this.#host.connection.window.createWorkDoneProgress().catch(() => undefined)
    if (reporter === undefined) return undefined
    return {
      begin: (title, message) => reporter.begin(title, 0, message),
      report: (percentage, message) => reporter.report(percentage, message),
      done: (message) => {
        reporter.report(100, message)
        reporter.done()
      },
    }
  }

  /** Registers the notifications and requests of the workspace. */
  register(): void {
    const { connection } = this.#host
    connection.onDidChangeWatchedFiles(({ changes }) => {
      const paths: string[] = []
      for (const change of changes ?? []) {
        if (typeof change?.uri !== 'string' || !change.uri.startsWith('file:')) continue
        const path = fileURLToPath(change.uri)
        paths.push(path)
        if (change.type === FILE_CHANGE_DELETED) this.usage.remove(path)
        else void this.usage.update(path)
      }
      if (paths.length > 0) this.#host.filesChanged?.(paths)
    })
    connection.onDidSaveTextDocument(({ textDocument, text }) => {
      if (typeof textDocument?.uri !== 'string' || !textDocument.uri.startsWith('file:')) return
      const path = fileURLToPath(textDocument.uri)
      void (typeof text === 'string' ? this.usage.updateFromText(path, text) : this.usage.update(path))
      this.#host.filesChanged?.([path])
    })
    connection.onDefinition((params) => this.#atIri(params, null, (iri) => definitionOf(this.usage, iri)))
    connection.onReferences((params) => this.#atIri(params, [], (iri) => referencesTo(this.usage, iri)))
    connection.onWorkspaceSymbol(async (params): Promise<SymbolInformation[]> =>
      workspaceSymbols(this.usage, await this.#host.need(), String(params?.query ?? '')),
    )
  }

  /** A hover with the workspace's card added (or the card alone, where the index knows nothing of the name). */
  async hover(base: Hover | null, view: DocumentView | undefined, offset: number): Promise<Hover | null> {
    if (view === undefined) return base
    const index = await this.#host.need()
    const iri = iriAt(view, index, this.usage, offset)
    const card = iri === undefined ? undefined : workspaceCard(view, index, this.usage, iri)
    if (card === undefined) return base
    const before = base !== null && typeof base.contents === 'object' && 'value' in base.contents ? base.contents.value : undefined
    return { ...(base ?? {}), contents: { kind: MarkupKind.Markdown, value: before === undefined ? `<${iri}>\n\n${card}` : `${before}\n\n---\n\n${card}` } }
  }

  async #atIri<T>(
    params: { textDocument?: { uri?: unknown }; position?: { line?: unknown; character?: unknown } },
    fallback: T,
    answer: (iri: string) => Promise<T>,
  ): Promise<T> {
    const view = this.#host.viewOf(params?.textDocument?.uri)
    const { line, character } = params?.position ?? {}
    if (view === undefined || typeof line !== 'number' || typeof character !== 'number' || line < 0 || character < 0) return fallback
    const iri = iriAt(view, await this.#host.need(), this.usage, view.document.offsetAt({ line, character }))
    return iri === undefined ? fallback : answer(iri)
  }

  dispose(): void {
    this.#ownWatch?.close()
    this.usage.dispose()
  }
}
