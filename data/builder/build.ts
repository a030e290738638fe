// Builds the files of @prefixd/data (the full, prefixes and knowledge tiers, each one ES module) from the curated @vocabulary/* packages and the prefix.cc dump in prefix-ns.

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type DataProvenance, gradePrefixes, PrefixIndexBuilder, prefixesFromJson, toCompact } from '@prefixd/core'
import { buildKnowledge } from './knowledge.js'
import { packageVersion, writeDataPackage } from './tiers.js'

// Vocabularies a user would miss at once; the build stops if any is absent.
const MUST_HAVE = ['rdf', 'rdfs', 'owl', 'xsd', 'skos', 'schema', 'foaf', 'dcterms', 'prov', 'dcat', 'sh']
const DCTERMS_TITLE = 'http://purl.org/dc/terms/title'
/**
 * Namespaces that mean another one: curation data, which `standardize` reads (and shrink only when asked to
 * standardize). Never applied by default: every prefix keeps the namespace it was registered with, and an IRI
 * in a synonym shrinks to a name that expands back to it. Only where the publisher declares the two equal
 * (schema.org serves both schemes) or prefix.cc's entry is a known slip of the scheme or the host; never a
 * guess from the scheme alone, since `https://xmlns.com/foaf/0.1/Person` is no foaf term.
 */
const NAMESPACE_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  'http://schema.org/': ['https://schema.org/'],
  'http://www.w3.org/2006/vcard/ns#': ['https://www.w3.org/2006/vcard/ns#'],
  'https://gs1.org/voc/': ['https://ref.gs1.org/voc/'],
}
/**
 * The name of a synonym namespace that a registry gives it, made curated so that shrink prefers it to the
 * registry's other names for the same namespace. Only registered names: the build stops if prefix.cc does not map
 * the prefix to that namespace. A synonym no registry names (vcard over https, GS1's resolver host) has no name of
 * its own: its IRIs expand, and shrink gives them none. See README.md for the choice.
 */
const SYNONYM_PREFIXES: Readonly<Record<string, string>> = {
  sdo: 'https://schema.org/', // prefix.cc's and rdflib's name for schema.org over https
}
/**
 * Terms a vocabulary package lacks, written in this folder from the specifications that define them and added to
 * that vocabulary's terms and knowledge (see README.md): XSD's constraining facets, which OWL 2 datatype restrictions
 * use (`owl:withRestrictions ( [ xsd:pattern "…" ] )`) and @vocabulary/xsd leaves out.
 */
const SUPPLEMENTS: Readonly<Record<string, string>> = { xsd: fileURLToPath(new URL('xsd-facets.nt', import.meta.url)) }
const STANDS_FOR = new Map(Object.entries(NAMESPACE_SYNONYMS).flatMap(([namespace, synonyms]) => synonyms.map((s) => [s, namespace] as const)))

const started = performance.now()
const require = createRequire(import.meta.url)

// @vocabulary/* packages are dependencies of @zazuko/vocabularies; npm may nest some of them under it,
// so each is resolved from there through Node's module resolution, never looked up in a fixed folder.
const vocabulariesMain = require.resolve('@zazuko/vocabularies')
const vocabulariesDir = dirname(vocabulariesMain)
const vocabulariesPackage = JSON.parse(readFileSync(join(vocabulariesDir, 'package.json'), 'utf8'))
const fromVocabularies = createRequire(vocabulariesMain)
const packageNames = Object.keys(vocabulariesPackage.dependencies)
  .filter((name) => name.startsWith('@vocabulary/'))
  .sort()

interface Vocabulary {
  prefix: string
  namespace: string
  dir: string
  dataFile: string
  supplement?: string
}

const vocabularies: Vocabulary[] = packageNames.map((name) => {
  let manifestPath: string
  try {
    manifestPath = fromVocabularies.resolve(`${name}/package.json`)
  } catch {
    throw new Error(`${name} is listed by @zazuko/vocabularies but cannot be resolved: run npm ci`)
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  const { prefix, namespace } = manifest.vocabulary ?? {}
  if (typeof prefix !== 'string' || typeof namespace !== 'string') throw new Error(`${name} has no vocabulary.prefix/namespace`)
  const dir = dirname(manifestPath)
  const supplement = SUPPLEMENTS[prefix]
  return { prefix, namespace, dir, dataFile: join(dir, `${name.slice('@vocabulary/'.length)}.nq`), ...(supplement !== undefined && { supplement }) }
})
const missing = MUST_HAVE.filter((prefix) => !vocabularies.some((v) => v.prefix === prefix))
if (missing.length > 0) throw new Error(`expected vocabularies are missing: ${missing.join(', ')}`)

const builder = new PrefixIndexBuilder()

// 1. Curated prefixes: @zazuko/prefixes (the table the vocabulary packages belong to), then each package's own.
const zazukoPrefixes = (await import(fromVocabularies.resolve('@zazuko/prefixes/prefixes'))).default as Record<string, string>
builder.addPrefixes(zazukoPrefixes, { source: '@zazuko/prefixes', curated: true })
builder.addPrefixes(
  vocabularies.map((v) => [v.prefix, v.namespace] as [string, string]),
  { source: '@vocabulary/*', curated: true },
)

// 2. prefix.cc, in its popularity order; curated entries win on conflicts.
const prefixCcPath = join(dirname(require.resolve('prefix-ns')), 'data.json')
// The dump is shaped as a JSON-LD context, but every entry is a prefix: read it as a plain table, so that
// namespaces ending in a letter (which JSON-LD would not take as prefixes) are kept too.
const prefixCcDump = JSON.parse(readFileSync(prefixCcPath, 'utf8')) as { '@context': Record<string, string> }
const prefixCc = prefixesFromJson(prefixCcDump['@context'], 'prefix-ns')
const unregistered = Object.entries(SYNONYM_PREFIXES).filter(([prefix, namespace]) => prefixCcDump['@context'][prefix] !== namespace)
if (unregistered.length > 0) throw new Error(`synonym names that prefix.cc does not register so: ${unregistered.map(([p]) => p).join(', ')}`)
builder.addPrefixes(SYNONYM_PREFIXES, { source: 'synonym names', curated: true })
// Every prefix as prefix.cc registers it: `sdo:`, `sc:` and `schemas:` expand to https://schema.org/.
builder.addPrefixes(prefixCc.entries, { source: 'prefix.cc' })
for (const [synonym, namespace] of STANDS_FOR) builder.addNamespaceSynonym(synonym, namespace, { source: 'namespace synonyms' })
// Popularity ranks search results between vocabularies, curated ones included.
prefixCc.entries.forEach(([prefix], i) => builder.describeVocabulary(prefix, { popularity: i + 1 }))
// Quality grades (see README.md): completion and shrink leave long-tail and suspect prefixes out.
const graded = builder.build()
const grades = gradePrefixes(graded.entries(), (prefix) => graded.vocabulary(prefix))
for (const [prefix, grade] of grades) builder.describeVocabulary(prefix, grade)

// 3. Terms, types, labels and subclass statements of every curated vocabulary, plus titles.
for (const v of vocabularies) {
  let data: string
  try {
    data = readFileSync(v.dataFile, 'utf8')
  } catch {
    throw new Error(`vocabulary data missing: ${v.dataFile}`)
  }
  builder.addRdf(data, { format: 'n-quads', source: v.dataFile })
  if (v.supplement !== undefined) addSupplement(v, data)
  const meta = readFileSync(join(v.dir, 'meta.nt'), 'utf8')
  const title = new RegExp(`<${DCTERMS_TITLE}> "((?:[^"\\\\]|\\\\.)*)"`).exec(meta)?.[1]
  if (title !== undefined) builder.describeVocabulary(v.prefix, { title: JSON.parse(`"${title}"`) })
}

const parseErrors = builder.problems.filter((p) => p.message.startsWith('RDF syntax error'))
if (parseErrors.length > 0) throw new Error(`vocabulary files failed to parse:\n${parseErrors.map((p) => p.message).join('\n')}`)

const index = builder.build()
const compact = toCompact(index)
// Provenance: the version of every package the data comes from.
const sources = [
  packageVersion(vocabulariesMain),
  packageVersion(fromVocabularies.resolve('@zazuko/prefixes/prefixes')),
  packageVersion(prefixCcPath),
  ...vocabularies.map((v) => packageVersion(v.dataFile)),
  ...vocabularies.flatMap((v) => (v.supplement === undefined ? [] : [supplementSource(v.supplement)])),
]
// 4. What the terms mean and what each vocabulary is: the knowledge tier, a file of its own.
const knowledge = buildKnowledge(
  vocabularies.map((v) => {
    const { name, version } = packageVersion(v.dataFile)
    return { ...v, package: `${name}@${version}` }
  }),
  (iri) => index.term(iri) !== undefined,
)
// The bindings a registry proposes that the table did not keep (prefix.cc's prefix: for http://prefix.cc/, where the
// curated table binds QUDT's): the vocabulary pages show them beside the namespace kept.
const proposals = builder.problems.flatMap((problem) => {
  const kept = /^prefix '([^']*)' is already bound to </.exec(problem.message)
  const colon = problem.entry.indexOf(': ')
  if (kept === null || colon < 0) return []
  return [{ prefix: kept[1]!, namespace: problem.entry.slice(colon + 2), source: problem.source }]
})
const sizes = writeDataPackage(compact, { ...knowledge, proposals }, sources)

const conflicts = builder.problems.length
console.log(
  `@prefixd/data: full ${(sizes.full! / 1e6).toFixed(1)} MB, prefixes ${(sizes.prefixes! / 1e3).toFixed(0)} kB, ` +
    `knowledge ${(sizes.knowledge! / 1e6).toFixed(1)} MB (${knowledge.terms.length} terms, ${knowledge.vocabularies.filter((v) => v.title !== undefined).length} titled vocabularies); ${index.size.prefixes} prefixes (${Object.keys(zazukoPrefixes).length} curated, ` +
    `${prefixCc.entries.length} from prefix.cc), ${vocabularies.length} vocabularies, ${index.size.terms} terms, ` +
    `${compact.types.length} types; ${index.records().length} records, ${STANDS_FOR.size} namespace synonyms; ${conflicts} entries skipped (conflicts or invalid); ` +
    `grades: ${['curated', 'popular', 'long-tail', 'suspect'].map((q) => `${[...grades.values()].filter((g) => g.quality === q).length} ${q}`).join(', ')}; ` +
    `${Math.round(performance.now() - started)} ms`,
)
// The grading rules that decided beyond popularity, with their counts (data/README.md quotes them).
const reasons = new Map<string, number>()
for (const grade of grades.values())
  if (grade.reason !== undefined) reasons.set(`${grade.quality} ${grade.reason}`, (reasons.get(`${grade.quality} ${grade.reason}`) ?? 0) + 1)
console.log(
  `  graded by rule: ${[...reasons]
    .sort()
    .map(([reason, count]) => `${count} ${reason}`)
    .join(', ')}`,
)
for (const p of builder.problems) console.log(`  skipped ${p.source}: ${p.entry}: ${p.message}`)

/**
 * Adds a supplement's terms to the index, after checking that each is a new term of the vocabulary's namespace:
 * once the package itself defines one, the supplement is out of date and the build says so rather than mix them.
 */
function addSupplement(v: Vocabulary, packageData: string): void {
  const text = readFileSync(v.supplement!, 'utf8')
  for (const iri of new Set([...text.matchAll(/^<([^>]+)>/gm)].map((m) => m[1]!))) {
    if (!iri.startsWith(v.namespace)) throw new Error(`${v.supplement}: <${iri}> is not in ${v.prefix}'s namespace ${v.namespace}`)
    if (packageData.includes(`\n<${iri}> `) || packageData.startsWith(`<${iri}> `))
      throw new Error(`${v.supplement}: ${v.dataFile} now describes <${iri}>: drop it from the supplement`)
  }
  builder.addRdf(text, { format: 'n-triples', source: v.supplement! })
}

/** A supplement as a source of the data: written for this package, so it carries the package's version and the specifications it is written from. */
function supplementSource(file: string): DataProvenance['sources'][number] {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
  const specifications = [...readFileSync(file, 'utf8').matchAll(/<(https:\/\/www\.w3\.org\/TR\/[^#>]+)/g)].map((m) => m[1]!)
  return { name: basename(file), version, specifications: [...new Set(specifications)] }
}
