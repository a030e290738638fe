// Language server benchmark: the real `prefixd lsp` driven over stdio as an editor drives it.
// Spawn to the first completion answered; completion latency per keystroke and diagnostics after an
// edit on a 1 MB Turtle document; the server's resident memory.

import { readFileSync, writeFileSync } from 'node:fs'
import { PrefixIndex } from '@prefixd/core'
import { CompletionRequest, type CompletionList } from 'vscode-languageserver-protocol/node'
import { startClient, type Client } from '../test/lsp/lsp-client.js'
import { markdownTable } from './timing.js'

const index = await PrefixIndex.loadDefault()

/** A seeded generator (mulberry32), so every run types into the same document. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** About `bytes` of Turtle: subjects typed with classes of the default vocabularies, described with their properties. */
function turtleDocument(bytes: number): string {
  const next = random(5)
  const named = index.terms().map((t) => ({ iri: t.iri, prefixed: index.shrink(t.iri) })).filter((t) => t.prefixed !== undefined && /^[\w-]+:[\w-]+$/.test(t.prefixed))
  const classes = named.filter((t) => index.hasType(t.iri, 'http://www.w3.org/2000/01/rdf-schema#Class'))
  const properties = named.filter((t) => index.hasType(t.iri, 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'))
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
  const used = new Set<string>(['ex'])
  const body: string[] = []
  let size = 0
  for (let i = 0; size < bytes; i++) {
    const type = pick(classes).prefixed!
    const lines = [`ex:s${i} a ${type}`]
    for (let j = 0; j < 3; j++) lines.push(`  ${pick(properties).prefixed!} ${next() < 0.5 ? `ex:s${Math.floor(next() * (i + 1))}` : `"value ${i}.${j}"`}`)
    const statement = lines.join(' ;\n') + ' .\n'
    for (const name of statement.match(/[A-Za-z][\w.-]*(?=:)/g) ?? []) used.add(name)
    body.push(statement)
    size += statement.length
  }
  const header = [...used].filter((p) => p === 'ex' || index.namespace(p) !== undefined).map((p) => `@prefix ${p}: <${p === 'ex' ? 'http://example.org/' : index.namespace(p)}> .`)
  return header.join('\n') + '\n\n' + body.join('')
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}
const ms = (n: number): string => n.toFixed(n < 10 ? 2 : 1)

function rssMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN) / 1024
  return { rss: field('VmRSS'), peak: field('VmHWM') }
}

/** Spawn to the first completion answered, five times: each a fresh process loading the default data. */
async function firstCompletion(): Promise<number[]> {
  const times: number[] = []
  for (let run = 0; run < 5; run++) {
    const started = performance.now()
    const client = await startClient()
    const uri = await client.open('file:///bench/first.ttl', 'turtle', 'ex:a a foaf:Pers')
    const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 0, character: 16 } })) as CompletionList
    times.push(performance.now() - started)
    if (!list.items.some((i) => i.label === 'foaf:Person')) throw new Error('the first completion lacks foaf:Person')
    await client.close()
  }
  return times.sort((a, b) => a - b)
}

/** Types `names` character by character at `line` of the open document, asking for completions after each keystroke. */
async function typeAndComplete(client: Client, uri: string, line: number, names: readonly string[]): Promise<number[]> {
  const times: number[] = []
  for (const name of names) {
    await client.change(uri, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '\n' }])
    for (let i = 0; i < name.length; i++) {
      await client.change(uri, [{ range: { start: { line: line + 1, character: i }, end: { line: line + 1, character: i } }, text: name[i]! }])
      const started = performance.now()
      const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: line + 1, character: i + 1 } })) as CompletionList | null
      times.push(performance.now() - started)
      if (i === name.length - 1 && !list?.items.some((item) => item.label === name.split(' ').at(-1))) throw new Error(`no ${name} among the completions`)
    }
    line++
  }
  return times.sort((a, b) => a - b)
}

/** An edit, then the diagnostics for its version: the time between (the server's 50 ms quiet period included). */
async function diagnosticsAfterEdits(client: Client, uri: string, line: number, rounds: number): Promise<number[]> {
  const times: number[] = []
  for (let round = 0; round < rounds; round++) {
    const started = performance.now()
    await client.change(uri, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: round % 2 === 0 ? 'ex:x ex:y ex:z .\n' : 'foaf:x ex:y ex:z .\n' }])
    const diagnostics = await client.diagnostics(uri)
    times.push(performance.now() - started)
    if (round % 2 === 1 && !diagnostics.some((d) => d.code === 'undeclared-prefix' || d.code === 'unknown-term')) throw new Error('the edit was not diagnosed')
  }
  return times.sort((a, b) => a - b)
}

const document = turtleDocument(1_000_000)
const lineCount = document.split('\n').length
const first = await firstCompletion()

const client = await startClient()
const idle = rssMb(client.child.pid!)
const uri = await client.open('file:///bench/large.ttl', 'turtle', document)
const openDiagnostics = await client.diagnostics(uri)
if (openDiagnostics.some((d) => d.code === 'syntax')) throw new Error('the generated document does not parse: ' + JSON.stringify(openDiagnostics.find((d) => d.code === 'syntax')))
const typed = ['ex:new a schema:Person', 'ex:new foaf:knows', 'ex:new a dcat:Dataset', 'ex:new schema:author', 'ex:new a foaf:Person', 'ex:new dcterms:title', 'ex:new a skos:Concept', 'ex:new rdfs:label', 'ex:new a owl:Class', 'ex:new schema:name']
const atEnd = await typeAndComplete(client, uri, lineCount - 1, typed)
const inMiddle = await typeAndComplete(client, uri, Math.floor(lineCount / 2), typed)
const diagnostics = await diagnosticsAfterEdits(client, uri, Math.floor(lineCount / 3), 10)
const loaded = rssMb(client.child.pid!)
await client.close()

const rows = [
  ['spawn → first completion answered (5 fresh processes)', `median ${ms(percentile(first, 50))} ms, max ${ms(first.at(-1)!)} ms`, '≤ 500 ms'],
  [`completion per keystroke, 1 MB document, typing at its end (${atEnd.length})`, `p50 ${ms(percentile(atEnd, 50))} ms, p99 ${ms(percentile(atEnd, 99))} ms`, 'p99 ≤ 10 ms'],
  [`completion per keystroke, 1 MB document, typing in its middle (${inMiddle.length})`, `p50 ${ms(percentile(inMiddle, 50))} ms, p99 ${ms(percentile(inMiddle, 99))} ms`, 'p99 ≤ 10 ms'],
  ['edit → diagnostics published, 1 MB document (10 edits; its 20 ms quiet period included)', `median ${ms(percentile(diagnostics, 50))} ms, max ${ms(diagnostics.at(-1)!)} ms`, '≤ 50 ms'],
  ['server RSS with the default data, before any document', `${idle.rss.toFixed(0)} MB`, '≤ 150 MB'],
  ['server RSS after the 1 MB document and the edits (peak)', `${loaded.rss.toFixed(0)} MB (peak ${loaded.peak.toFixed(0)} MB)`, '≤ 150 MB'],
]
const table = markdownTable(['measure', 'prefixd lsp', 'goal'], rows)
const report = `# Language server (bench/lsp.ts)\n\nThe real \`prefixd lsp\` over stdio, timed from the client's side (JSON-RPC included). Document: ${(document.length / 1e6).toFixed(2)} MB of Turtle, ${lineCount} lines, terms of the default vocabularies. Node ${process.version}; the machine's 2 cores were shared with other work while measuring.\n\n${table}\n`
process.stdout.write(report)
writeFileSync(new URL('./results/lsp.md', import.meta.url), report)
