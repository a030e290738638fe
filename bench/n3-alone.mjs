// n3 alone, as bench/pretty.ts compares it: N-Triples from a file to Turtle on stdout, streamed, no prefixes.
import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { StreamParser, StreamWriter } from 'n3'

await pipeline(createReadStream(process.argv[2]), new StreamParser({ format: 'N-Triples' }), new StreamWriter({ format: 'Turtle' }), process.stdout)
