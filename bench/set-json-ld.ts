// A JSON-LD vocabulary file PUT to a set while the resolver answers other requests: the file is expanded on a thread of
// its own (packages/server/src/sets/json-ld-thread.ts); a GET every 10 ms meanwhile, and its latency, beside how long the
// same reading holds a thread in process (what it held the resolver's thread for before).

import { readUsage } from '@prefixd/core'
import { jsonLdQuads } from '@prefixd/lsp/json-ld'
import { TOKEN } from './serve-child.js'

const NODES = Number(process.env.BENCH_JSON_LD_NODES ?? 40_000)

/** Widgets with a type, two values and a label each, as JSON-LD with a context. */
function widgets(count: number): string {
  const graph = Array.from({ length: count }, (_, i) => ({ '@id': `ex:w${i}`, '@type': 'wdg:Widget', 'wdg:weight': i, 'rdfs:label': `widget ${i}` }))
  const context = { ex: 'http://example.org/', wdg: 'http://example.org/widgets#', rdfs: 'http://www.w3.org/2000/01/rdf-schema#' }
  return JSON.stringify({ '@context': context, '@graph': graph })
}

const percentile = (values: readonly number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(p * values.length) - 1)] ?? NaN

/** Says (through `say`) what a JSON-LD upload to the set `name` of the resolver at `base` costs the other requests. */
export async function jsonLdSection(say: (line?: string) => void, base: string, name: string): Promise<void> {
  const body = widgets(NODES)
  const put = () =>
    fetch(`${base}/api/v1/sets/${name}/vocabularies/widgets.jsonld`, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/ld+json', authorization: `Bearer ${TOKEN}` },
    }).then(async (response) => {
      if (!response.ok) throw new Error(`PUT widgets.jsonld: ${response.status} ${(await response.text()).slice(0, 200)}`)
    })
  const alone = performance.now()
  await put()
  const putAlone = performance.now() - alone
  const latencies: number[] = []
  let done = false
  const started = performance.now()
  const upload = put().finally(() => (done = true))
  while (!done) {
    const sent = performance.now()
    await (await fetch(`${base}/api/v1/expand?q=foaf:Person`)).arrayBuffer()
    latencies.push(performance.now() - sent)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  await upload
  const putWith = performance.now() - started
  // Last: seconds here with the connection idle would pass the resolver's keep-alive (5 s), and the PUT after find it closed.
  const inProcess = performance.now()
  await readUsage([Buffer.from(body)], { format: 'json-ld', name: 'widgets.jsonld', jsonLd: jsonLdQuads })
  const held = performance.now() - inProcess
  say()
  say(`## A JSON-LD file PUT while other requests come`)
  say()
  say(
    `${(body.length / 2 ** 20).toFixed(1)} MiB of JSON-LD (${NODES.toLocaleString('en-US')} nodes, ${(NODES * 3).toLocaleString('en-US')} statements): read in process it holds a thread ${held.toFixed(0)} ms (the resolver's, before it was read off it). Its PUT: ${putAlone.toFixed(0)} ms alone, ${putWith.toFixed(0)} ms with a GET /api/v1/expand every 10 ms meanwhile, whose ${latencies.length} answers took p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, at most ${Math.max(...latencies).toFixed(1)} ms.`,
  )
  say()
}
