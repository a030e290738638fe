// A seeded generator of realistic prefix tables and vocabularies, for measuring how costs grow with size.

import type { Term } from '@prefixd/core'

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#'
const OWL = 'http://www.w3.org/2002/07/owl#'
const SCHEMA_TYPES = [RDFS + 'Class', OWL + 'Class', RDF + 'Property', OWL + 'ObjectProperty', OWL + 'DatatypeProperty']

const WORDS = (
  'person agent place event thing work item part group name title date time value code type kind unit ' +
  'measure amount price offer order product service organization member role action status state level ' +
  'source target origin result report record entry list set collection series version language country ' +
  'city region address street number phone email image media video audio text document file page site ' +
  'link relation related broader narrower label comment description note identifier key license rights ' +
  'creator contributor publisher subject topic keyword category class property domain range quantity'
).split(' ')

/** mulberry32: small, fast and good enough to make the same data set from the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface SyntheticData {
  /** prefix → namespace, in generation order. */
  readonly prefixes: Record<string, string>
  readonly terms: Term[]
}

/**
 * `prefixCount` namespaces on shared hosts (deep paths, `/` and `#` endings) and `termCount` terms
 * spread over them with a skew (a few large vocabularies, many small ones), typed as classes,
 * properties or instances of the vocabulary's own classes, each with an English label.
 */
export function generate(prefixCount: number, termCount: number, seed = 42): SyntheticData {
  const random = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const hosts = Array.from({ length: Math.max(4, Math.ceil(Math.sqrt(prefixCount))) }, (_, i) => {
    const scheme = random() < 0.3 ? 'https' : 'http'
    return `${scheme}://${pick(WORDS)}${i}.${pick(['org', 'com', 'net', 'io', 'de'])}/`
  })
  const prefixes: Record<string, string> = {}
  const namespaces: string[] = []
  for (let i = 0; i < prefixCount; i++) {
    const depth = Math.floor(random() * 4)
    const path = Array.from({ length: depth }, () => pick(WORDS)).join('/')
    const base = pick(hosts) + (path === '' ? '' : path + '/') + `v${i}`
    const namespace = base + (random() < 0.5 ? '#' : '/')
    prefixes[`${pick(WORDS).slice(0, 4)}${i}`] = namespace
    namespaces.push(namespace)
  }
  const classesOf = new Map<string, string[]>()
  const terms: Term[] = []
  for (let i = 0; i < termCount; i++) {
    // Skewed choice: squaring favours low indexes, so early namespaces grow large.
    const namespace = namespaces[Math.floor(random() * random() * namespaces.length)]!
    const words = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(WORDS))
    const camel = words.map((w, k) => (k === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('')
    const roll = random()
    const classes = classesOf.get(namespace) ?? []
    let local: string
    let type: string
    if (roll < 0.3 || classes.length === 0) {
      local = camel[0]!.toUpperCase() + camel.slice(1) + i
      type = pick(SCHEMA_TYPES.slice(0, 2))
      classes.push(namespace + local)
      classesOf.set(namespace, classes)
    } else if (roll < 0.8) {
      local = camel + i
      type = pick(SCHEMA_TYPES.slice(2))
    } else {
      local = `${camel}_${i}`
      type = pick(classes)
    }
    terms.push({ iri: namespace + local, types: [type], labels: { en: words.join(' ') } })
  }
  // As a parser would give them: flat strings, not the chains of concatenations built above (which
  // the engine flattens on first use, a cost that data read from a file never has).
  return JSON.parse(JSON.stringify({ prefixes, terms })) as SyntheticData
}
