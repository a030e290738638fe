// `prefixd pretty` on 1,000,000 N-Triples against n3 alone parsing and writing the same data as Turtle
// without prefixes, and serdi (Debian's C reader and writer): MB/s and peak RSS of each, as separate processes,
// rounds alternating, in one run.

import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { StreamParser, Writer } from 'n3'

const TRIPLES = Number(process.env.PRETTY_TRIPLES ?? 1_000_000)
const ROUNDS = Number(process.env.PRETTY_ROUNDS ?? 3)
const ROOT = fileURLToPath(new URL('../', import.meta.url))
const PREFIXD = join(ROOT, 'packages/cli/bin/prefixd.js')
const RESULTS = new URL('./results/pretty.md', import.meta.url)

/** n3 alone: the same stream, no prefix choice (what a user would write without prefixd). */
const N3_ALONE = fileURLToPath(new URL('./n3-alone.mjs', import.meta.url))

const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  foaf: 'http://xmlns.com/foaf/0.1/',
  schema: 'http://schema.org/',
  dcterms: 'http://purl.org/dc/terms/',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  owl: 'http://www.w3.org/2002/07/owl#',
}

/** Seeded: the same file every run. Subjects have 5 statements each, like a typical export. */
async function writeData(file: string): Promise<void> {
  let seed = 42
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const classes = [NS.foaf + 'Person', NS.schema + 'Organization', NS.skos + 'Concept', NS.schema + 'CreativeWork', NS.owl + 'Thing']
  const bases = ['http://example.org/resource/', 'https://data.example.com/id/', 'http://dbpedia.org/resource/', 'http://www.wikidata.org/entity/Q']
  const out = createWriteStream(file)
  let chunk = ''
  for (let i = 0; i < TRIPLES; i++) {
    const subject = `<${bases[Math.floor(i / 5) % bases.length]}${Math.floor(i / 5)}>`
    const kind = i % 5
    let line: string
    if (kind === 0) line = `${subject} <${NS.rdf}type> <${pick(classes)}> .`
    else if (kind === 1) line = `${subject} <${pick([NS.rdfs + 'label', NS.foaf + 'name', NS.schema + 'name', NS.skos + 'prefLabel'])}> "Name ${i}"@en .`
    else if (kind === 2) line = `${subject} <${pick([NS.schema + 'age', NS.dcterms + 'extent'])}> "${i % 97}"^^<${NS.xsd}integer> .`
    else if (kind === 3)
      line = `${subject} <${pick([NS.foaf + 'knows', NS.schema + 'knows', NS.dcterms + 'relation', NS.owl + 'sameAs'])}> <${pick(bases)}${Math.floor((random() * TRIPLES) / 5)}> .`
    else line = `${subject} <${pick([NS.dcterms + 'description', NS.rdfs + 'comment'])}> "A thing described in words, number ${i}." .`
    chunk += line + '\n'
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
      chunk = ''
    }
  }
  out.end(chunk)
  await new Promise<void>((resolve) => out.once('finish', () => resolve()))
}

interface Run {
  readonly seconds: number
  readonly cpuSeconds: number
  readonly maxRssMb: number
}

/** Runs `args` under /usr/bin/time (wall, user and system seconds, peak RSS in KiB), output to `outFile`. */
function measure(args: readonly string[], outFile: string): Run {
  // A contender is Node with a script, or a command of its own (serdi).
  const command = args[0] === 'serdi' ? [...args] : [process.execPath, ...args]
  const result = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', 'sh', '-c', '"$@" > "$0"', outFile, ...command], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`)
  const [wall, user, system, maxRssKb] = result.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number, number, number]
  return { seconds: wall, cpuSeconds: user + system, maxRssMb: maxRssKb / 1024 }
}

/** A digest of the quads of an RDF file in their order (the data has no blank nodes), to check each output against the input. */
async function quadsDigest(file: string, format: string): Promise<string> {
  const hash = createHash('sha256')
  const line = new Writer({ format: 'N-Quads' })
  for await (const q of createReadStream(file).pipe(new StreamParser({ format }))) hash.update(line.quadToString(q.subject, q.predicate, q.object, q.graph))
  return hash.digest('hex')
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const dir = await mkdtemp(join(tmpdir(), 'prefixd-bench-pretty-'))
try {
  const data = join(dir, 'data.nt')
  await writeData(data)
  const inputMb = (await stat(data)).size / 1e6
  const prefixMap = join(dir, 'prefixes.json')
  const contenders: Record<string, readonly string[]> = {
    'prefixd pretty --stream (prefixes chosen from the index, streamed)': [PREFIXD, 'pretty', '--stream', data],
    'n3 alone (StreamParser → StreamWriter, no prefixes)': [N3_ALONE, data],
    'n3 given the same prefixes up front (the cost of n3 writing prefixed names)': [N3_ALONE, data, prefixMap],
    'serdi -i ntriples -o turtle (Debian, C, streamed; no prefixes)': ['serdi', '-i', 'ntriples', '-o', 'turtle', data],
  }
  const runs: Record<string, Run[]> = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]))
  const outputs: Record<string, number> = {}
  let expected: string | undefined
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, args] of Object.entries(contenders)) {
      const out = join(dir, `out-${round}.ttl`)
      runs[name]!.push(measure(args, out))
      outputs[name] = (await stat(out)).size / 1e6
      // Answers checked once: each output holds the input's quads, in order.
      if (round === 0 && (await quadsDigest(out, 'Turtle')) !== (expected ??= await quadsDigest(data, 'N-Triples')))
        throw new Error(`${name}: its output does not hold the input's quads`)
      if (args.includes('pretty')) {
        // The prefixes prefixd declared, for the third contender.
        const text = await readFile(out, 'utf8')
        const map = Object.fromEntries([...text.matchAll(/^@prefix ([^:]*): <([^>]*)>\.$/gm)].map((m) => [m[1], m[2]]))
        await writeFile(prefixMap, JSON.stringify(map))
      }
      await rm(out)
    }
  }
  const rows = Object.entries(runs).map(([name, rs]) => {
    const seconds = median(rs.map((r) => r.seconds))
    const cpu = median(rs.map((r) => r.cpuSeconds))
    return { name, seconds, cpu, mbPerS: inputMb / seconds, mbPerCpuS: inputMb / cpu, rss: median(rs.map((r) => r.maxRssMb)), output: outputs[name]! }
  })
  const [prefixd, n3, n3Prefixed, serdi] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0], (typeof rows)[0]]
  const lines = [
    `# prefixd pretty vs n3 alone (bench/pretty.ts)`,
    '',
    `${TRIPLES.toLocaleString('en')} N-Triples (${inputMb.toFixed(0)} MB, seeded: 5 statements per subject over foaf, schema, dcterms, skos, rdfs, owl and four data namespaces), written as Turtle to a file. Each contender is its own process (Node ${process.version}, startup and data loading included); median of ${ROUNDS} alternating rounds; time and peak RSS from /usr/bin/time. The machine was shared with other engineers' builds and tests, so wall time wanders: the CPU time (user + system) of each process is the steadier measure, and the ratio the figure to read.`,
    '',
    '| contender | wall | MB/s (wall) | CPU | MB/s (CPU) | peak RSS | output |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.seconds.toFixed(2)} s | ${r.mbPerS.toFixed(1)} | ${r.cpu.toFixed(2)} s | ${r.mbPerCpuS.toFixed(1)} | ${r.rss.toFixed(0)} MB | ${r.output.toFixed(0)} MB |`,
    ),
    '',
    `Throughput of prefixd pretty against n3 alone: **${(n3.cpu / prefixd.cpu).toFixed(2)}×** by CPU time, ${(n3.seconds / prefixd.seconds).toFixed(2)}× by wall time (goal ≥ 0.8×); peak RSS ${(prefixd.rss / n3.rss).toFixed(2)}× n3's.`,
    `serdi, the C streaming writer, beside them: prefixd pretty runs at ${(serdi.cpu / prefixd.cpu).toFixed(2)}× serdi's throughput by CPU time (${(serdi.seconds / prefixd.seconds).toFixed(2)}× by wall), n3 alone at ${(serdi.cpu / n3.cpu).toFixed(2)}×. Load when the run ended: \`${execFileSync('uptime', { encoding: 'utf8' }).trim()}\`.`,
    `n3 given the same prefixes up front runs at ${(n3.cpu / n3Prefixed.cpu).toFixed(2)}× n3 alone by CPU time (its writer matches every IRI against a regular expression of them, and prefixes only plain local names); prefixd pretty, which chooses the prefixes and writes the names itself, runs at ${(n3Prefixed.cpu / prefixd.cpu).toFixed(2)}× that.`,
    '',
  ]
  console.log(lines.join('\n'))
  await writeFile(RESULTS, lines.join('\n'))
} finally {
  await rm(dir, { recursive: true, force: true })
}
