// What a user would write instead of `prefixd shrink`: a stdin filter with @zazuko/prefixes and the same table.

import { createInterface } from 'node:readline'
import { PrefixIndex } from '@prefixd/core'
import { shrink } from '@zazuko/prefixes'

// The table every contender of bench/core.ts and bench/shrink.ts gets (the default data's file has moved since
// this script was written, and the script failed on it; its index is loaded before the first line is read).
const table = (await PrefixIndex.loadDefault()).prefixes()
let out = ''
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  out += shrink(line, table) + '\n'
  if (out.length > 65536) {
    process.stdout.write(out)
    out = ''
  }
}
process.stdout.write(out)
