// The syntax check's own thread: parsing a large document takes a while, and the server must keep
// answering completions meanwhile.

import { parentPort } from 'node:worker_threads'
import { syntaxErrors, type SyntaxProblem, type SyntaxRequest } from './syntax-errors.js'

parentPort!.on('message', async (request: SyntaxRequest & { readonly id: number }) => {
  const problems = await syntaxErrors(request).catch((error: Error): SyntaxProblem[] => [{ line: 0, startColumn: 0, endColumn: 1, message: `the syntax check failed: ${error.message}` }])
  parentPort!.postMessage({ id: request.id, problems })
})
