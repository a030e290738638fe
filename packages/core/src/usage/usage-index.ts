// What a workspace's usage adds to an index: which of the prefixes its data declares may name its terms (one rule
// for the library's completion, the language server and the resolver, so that a name one offers the other expands
// alike), and the terms its data defines.

import { addCompact, toCompact } from '../data/compact.js'
import { prefixEntryProblem } from '../names/entry-problem.js'
import { PrefixIndexBuilder } from '../prefix-index/builder.js'
import type { PrefixIndex } from '../prefix-index/prefix-index.js'
import type { Usage, UsageDefinition } from './usage.js'

/** A prefix the data declares that binds next to the index. */
export interface UsageBinding {
  readonly prefix: string
  readonly namespace: string
  /** How many of the data's files declare it so. */
  readonly files: number
  /** The namespace the index keeps for it without offering it (a long-tail or suspect binding), which this one replaces. */
  readonly over?: string
}

/**
 * The prefixes `usage`'s data declares that bind where `index` offers no binding of that name: a prefix the
 * project writes in its files wins over one the index only keeps for expansion (LV2's `lv2:` is
 * `…/lv2core#` in every LV2 file, a long-tail `…/lv2core/` in prefix.cc), never over an offered one. The empty
 * prefix is each file's own and never binds beyond it; nor does a namespace that is no absolute IRI, or a
 * `file:` one (it names a path on the machine that read the data).
 */
export function usageBindings(index: PrefixIndex, usage: Pick<Usage, 'prefixes'>): readonly UsageBinding[] {
  // Asked on every completion through a prefix the index does not offer: made once per table of declared prefixes
  // (a Usage keeps its own) and index.
  const rows = usage.prefixes()
  let byIndex = MADE.get(rows)
  if (byIndex === undefined) MADE.set(rows, (byIndex = new WeakMap()))
  let bindings = byIndex.get(index)
  if (bindings === undefined) byIndex.set(index, (bindings = bindingsOf(index, rows)))
  return bindings
}

const MADE = new WeakMap<object, WeakMap<PrefixIndex, readonly UsageBinding[]>>()

function bindingsOf(index: PrefixIndex, rows: ReturnType<Usage['prefixes']>): UsageBinding[] {
  const bindings: UsageBinding[] = []
  for (const { prefix, namespace, files } of rows) {
    if (!bindsBeyondItsFile(prefix, namespace) || index.isOffered(prefix)) continue
    const over = index.namespace(prefix)
    if (over === namespace) continue
    bindings.push({ prefix, namespace, files, ...(over !== undefined && { over }) })
  }
  return bindings
}

/**
 * Whether a prefix a file declares may name terms beyond it: not the empty prefix, no `file:` path, and an entry a
 * table takes (a PN_PREFIX and an absolute IRI) — a usage read from JSON (`serve --usage`) may declare any string, and
 * a binding the served table refused would be offered by completion and expand nowhere.
 */
export function bindsBeyondItsFile(prefix: string, namespace: string): boolean {
  return prefix !== '' && !/^file:/i.test(namespace) && prefixEntryProblem(prefix, namespace) === undefined
}

/** The namespace `prefix` names next to `usage`: the index's when it offers it, else the data's (see {@link usageBindings}), else the index's. */
export function usageNamespace(index: PrefixIndex, usage: Pick<Usage, 'prefixes'>, prefix: string): string | undefined {
  if (index.isOffered(prefix)) return index.namespace(prefix)
  const declared = prefix === '' ? undefined : usageBindings(index, usage).find((binding) => binding.prefix === prefix)
  return declared?.namespace ?? index.namespace(prefix)
}

const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class'
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property'
const SH_NODE_SHAPE = 'http://www.w3.org/ns/shacl#NodeShape'

/** The type a term is given in an index for each kind the usage reader saw it defined as. */
const TYPE_OF_KIND = { class: RDFS_CLASS, property: RDF_PROPERTY, shape: SH_NODE_SHAPE } as const

/** Adds the terms `definitions` define, with their labels, kinds, superclasses and deprecation, from `source`. */
export function addUsageDefinitions<T extends PrefixIndexBuilder>(builder: T, definitions: readonly UsageDefinition[], source: string): T {
  for (const definition of definitions) {
    builder.addTerm(
      {
        iri: definition.iri,
        types: definition.kinds.map((kind) => TYPE_OF_KIND[kind]),
        ...(definition.label !== undefined && { labels: { '': definition.label } }),
        ...(definition.deprecated === true && { deprecated: true }),
      },
      source,
    )
    if (definition.kinds.includes('class')) for (const parent of definition.supers ?? []) builder.addSubClassOf(definition.iri, parent)
  }
  return builder
}

/**
 * `index` with `usage`'s bindings in its table and the terms its data defines, so that what completion offers
 * from the usage expands and shrinks back, and its own terms search and describe: the resolver serving `--usage`
 * answers from it. `index` itself when there is nothing to add.
 */
export function withUsage(index: PrefixIndex, usage: Pick<Usage, 'prefixes' | 'definitions'>, options: { readonly wholeTable?: boolean } = {}): PrefixIndex {
  const bindings = usageBindings(index, usage)
  const definitions = usage.definitions()
  if (bindings.length === 0 && definitions.length === 0) return index
  const builder = addCompact(new PrefixIndexBuilder(), toCompact(index))
  builder.addPrefixes(
    bindings.map(({ prefix, namespace }) => [prefix, namespace] as const),
    { source: 'usage file', override: true },
  )
  return addUsageDefinitions(builder, definitions, 'usage file').build(options)
}
