// n3's Parser in a browser bundle: a plain import, which bundlers tree-shake (see n3-parser.ts for Node.js).

import { Parser } from 'n3'

export function n3Parser(): typeof Parser {
  return Parser
}
