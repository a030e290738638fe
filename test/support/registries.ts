// The registries a prefix may be offered on the word of: prefix.cc's dump, @zazuko/prefixes, the @vocabulary/* packages, and each vocabulary's own vann declarations.

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const VANN = 'http://purl.org/vocab/vann/'

/** Where a registry maps a prefix to a namespace: `prefix.cc #238`, `@zazuko/prefixes`, `@vocabulary/schema`, `vann in @vocabulary/…`. */
export type Evidence = string

/** Every registry's `prefix → namespace` entries, as the data build reads them (the same packages, the same resolution). */
export function registries(): (prefix: string, namespace: string) => Evidence[] {
  const require = createRequire(import.meta.url)
  const main = require.resolve('@zazuko/vocabularies')
  const fromVocabularies = createRequire(main)
  const claims = new Map<string, Evidence[]>()
  const claim = (prefix: string, namespace: string, evidence: Evidence) => {
    const key = `${prefix}\0${namespace}`
    claims.set(key, [...(claims.get(key) ?? []), evidence])
  }
  const prefixCc = JSON.parse(readFileSync(join(dirname(require.resolve('prefix-ns')), 'data.json'), 'utf8'))['@context'] as Record<string, string>
  Object.entries(prefixCc).forEach(([prefix, namespace], i) => claim(prefix, namespace, `prefix.cc #${i + 1}`))
  for (const [prefix, namespace] of Object.entries(zazukoPrefixes(fromVocabularies))) claim(prefix, namespace, '@zazuko/prefixes')
  const manifest = JSON.parse(readFileSync(join(dirname(main), 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  for (const name of Object.keys(manifest.dependencies).filter((n) => n.startsWith('@vocabulary/'))) {
    const manifestPath = fromVocabularies.resolve(`${name}/package.json`)
    const { prefix, namespace } = (JSON.parse(readFileSync(manifestPath, 'utf8')) as { vocabulary: { prefix: string; namespace: string } }).vocabulary
    claim(prefix, namespace, name)
    const data = readFileSync(join(dirname(manifestPath), `${name.slice('@vocabulary/'.length)}.nq`), 'utf8')
    for (const [p, ns] of vannDeclarations(data)) claim(p, ns, `vann in ${name}`)
  }
  return (prefix, namespace) => claims.get(`${prefix}\0${namespace}`) ?? []
}

/** @zazuko/prefixes' table: its CommonJS build read through require. */
function zazukoPrefixes(fromVocabularies: NodeJS.Require): Record<string, string> {
  return (fromVocabularies('@zazuko/prefixes/prefixes') as { default: Record<string, string> }).default
}

/** `vann:preferredNamespacePrefix` and `vann:preferredNamespaceUri` of one subject, in an N-Quads text. */
function vannDeclarations(nquads: string): Array<[string, string]> {
  const prefixes = new Map<string, string>()
  const uris = new Map<string, string>()
  for (const line of nquads.split('\n')) {
    const match = new RegExp(`^(\\S+) <${VANN}(preferredNamespacePrefix|preferredNamespaceUri)> (?:"([^"]*)"|<([^>]*)>)`).exec(line)
    if (match === null) continue
    const value = match[3] ?? match[4]!
    ;(match[2] === 'preferredNamespacePrefix' ? prefixes : uris).set(match[1]!, value)
  }
  return [...prefixes].flatMap(([subject, prefix]) => (uris.has(subject) ? [[prefix, uris.get(subject)!] as [string, string]] : []))
}
