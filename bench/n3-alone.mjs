// n3 alone, as bench/pretty.ts compares it: N-Triples from a file to Turtle on stdout, streamed. With a
// second argument, a JSON prefix map given to the writer up front (what a user who knows them would do).
import { createReadStream, readFileSync } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { StreamParser, StreamWriter } from 'n3'

const prefixes = process.argv[3] === undefined ? undefined : JSON.parse(readFileSync(process.argv[3], 'utf8'))
await pipeline(
  createReadStream(process.argv[2]),
  new StreamParser({ format: 'N-Triples' }),
  new StreamWriter({ format: 'Turtle', ...(prefixes && { prefixes }) }),
  process.stdout,
)
