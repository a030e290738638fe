// The values the server takes from vscode-languageserver, loaded with require(): the library is CommonJS, and
// an `import` of it makes Node.js lex each of its files for their export names first — 200 ms of CPU at
// startup on a loaded 2-core machine, against 105 ms for require() (its types are imported as usual).

import { createRequire } from 'node:module'

const library = createRequire(import.meta.url)('vscode-languageserver/node') as typeof import('vscode-languageserver/node')

export const {
  CodeActionKind,
  Command,
  CompletionItemKind,
  CompletionItemTag,
  createConnection,
  DiagnosticSeverity,
  DiagnosticTag,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  InsertTextFormat,
  IPCMessageReader,
  IPCMessageWriter,
  MarkupKind,
  ProposedFeatures,
  ResponseError,
  SocketMessageReader,
  SocketMessageWriter,
  TextDocumentSyncKind,
} = library
