// What a user would write instead of `prefixd shrink`: a stdin filter with @zazuko/prefixes and the same table.

import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { shrink } from '@zazuko/prefixes'

const compact = JSON.parse(readFileSync(new URL('../data/default-index.json', import.meta.url), 'utf8')) as { prefixes: Array<[string, string]> }
const table = Object.fromEntries(compact.prefixes)
let out = ''
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  out += shrink(line, table) + '\n'
  if (out.length > 65536) {
    process.stdout.write(out)
    out = ''
  }
}
process.stdout.write(out)
