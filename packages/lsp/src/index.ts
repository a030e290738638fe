// @prefixd/lsp: the prefixd language server for Turtle, TriG and SPARQL (`prefixd lsp`).

import { connect } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import type { DefaultData, PrefixIndex } from '@prefixd/core'
import type { Connection } from 'vscode-languageserver/node'
import { createConnection, IPCMessageReader, IPCMessageWriter, ProposedFeatures, SocketMessageReader, SocketMessageWriter } from './protocol/protocol.js'
import { startServer } from './server.js'
import { traceStreams } from './trace.js'
import type { WorkspaceSettings } from './server-index/settings.js'

export { startServer } from './server.js'
export type { ServerOptions } from './server.js'
export type { WorkspaceSettings } from './server-index/settings.js'

/** How the editor talks to the server: its stdin and stdout, Node's IPC channel, or a socket the editor listens on. */
export type Transport = { readonly kind: 'stdio' } | { readonly kind: 'node-ipc' } | { readonly kind: 'socket'; readonly port: number }

export interface LanguageServerOptions {
  readonly transport: Transport
  /** The index, a promise of it, or of the default data to make it from (see {@link ServerOptions.index}). */
  readonly index: PrefixIndex | Promise<PrefixIndex | DefaultData>
  /** Builds the index again with the editor's settings (see {@link ServerOptions.reload}). */
  readonly reload?: (settings: WorkspaceSettings) => Promise<PrefixIndex>
  readonly stdin?: NodeJS.ReadableStream
  readonly stdout?: NodeJS.WritableStream
  /** Where a failure to load the index is told (besides the editor) before the process exits with status 2. */
  readonly stderr?: NodeJS.WritableStream
}

/**
 * Starts the server on the process's transport; the process exits when the editor says so or goes
 * away, or with status 2 when the index cannot be loaded (a prefix file that is not there).
 */
export function runLanguageServer(options: LanguageServerOptions): Connection {
  // An editor keeps the server for hours beside everything else: V8 is told to favour memory over
  // speed (its heap grows less before it collects). With a 1 MB document open and edited ten times the
  // server's RSS went from 188 to 144 MB (bench/lsp.ts's document; load average 13–21 on 2 cores).
  // Set here, as the process starts: `prefixd` is run as `node main.js`, with no V8 flags of its own.
  const { connection, onInput } = connectionFor(options)
  const stderr = options.stderr ?? process.stderr // not `options` in the closure below: it holds the index given (the data)
  const index = startServer(connection, { index: options.index, onInput, ...(options.reload && { reload: options.reload }) })
  // Once the index is in: while it loads, the flag made V8 collect more often (50 ms more CPU to the first completion).
  index.then(
    () => setFlagsFromString('--optimize-for-size'),
    (error: Error) => {
      stderr.write(`prefixd: ${error.message}\n`)
      process.exit(2)
    },
  )
  return connection
}

/** The connection, and how to hear of input as it is read (see {@link ServerOptions.onInput}). */
function connectionFor({ transport, stdin = process.stdin, stdout = process.stdout }: LanguageServerOptions): {
  connection: Connection
  onInput: (listener: () => void) => void
} {
  switch (transport.kind) {
    case 'stdio':
      traceStreams(stdin, stdout)
      return { connection: createConnection(ProposedFeatures.all, stdin, stdout), onInput: (listener) => void stdin.on('data', listener) }
    case 'node-ipc':
      return {
        connection: createConnection(ProposedFeatures.all, new IPCMessageReader(process), new IPCMessageWriter(process)),
        onInput: (listener) => void process.on('message', listener),
      }
    case 'socket': {
      const socket = connect(transport.port, '127.0.0.1')
      return {
        connection: createConnection(ProposedFeatures.all, new SocketMessageReader(socket), new SocketMessageWriter(socket)),
        onInput: (listener) => void socket.on('data', listener),
      }
    }
  }
}
