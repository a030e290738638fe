// n3's Parser in Node.js, loaded on first use: an `import` of 'n3' loads its whole CommonJS build at startup.

import { createRequire } from 'node:module'
import type { Parser } from 'n3'

let loaded: typeof Parser | undefined

/**
 * n3's `Parser` class, required the first time a text is parsed. Node.js takes n3's CommonJS build, whose
 * index loads every part (stores, stream parser and writer, readable-stream): 60–100 ms of CPU that the
 * language server and most commands, which never parse RDF, paid at startup (CPU profile of `prefixd lsp`).
 * Bundlers targeting browsers take n3-parser.browser.ts, a plain import, which they tree-shake.
 */
export function n3Parser(): typeof Parser {
  return (loaded ??= (createRequire(import.meta.url)('n3') as { Parser: typeof Parser }).Parser)
}
