// Which RDF types include which: the RDFS/OWL built-in hierarchy plus loaded rdfs:subClassOf statements.

import { OWL, RDF_PROPERTY, RDFS, RDFS_CLASS } from './vocab.js'

/** The built-in class hierarchy of RDFS (§2, §4) and OWL 2 (RDF mapping, table 6): [subclass, superclass]. */
const BUILTIN_SUBCLASSES: ReadonlyArray<readonly [string, string]> = [
  [OWL + 'Class', RDFS_CLASS],
  [RDFS + 'Datatype', RDFS_CLASS],
  [OWL + 'Restriction', OWL + 'Class'],
  [OWL + 'DeprecatedClass', RDFS_CLASS],
  [OWL + 'DataRange', RDFS + 'Datatype'],
  [OWL + 'ObjectProperty', RDF_PROPERTY],
  [OWL + 'DatatypeProperty', RDF_PROPERTY],
  [OWL + 'AnnotationProperty', RDF_PROPERTY],
  [OWL + 'OntologyProperty', RDF_PROPERTY],
  [OWL + 'DeprecatedProperty', RDF_PROPERTY],
  [OWL + 'FunctionalProperty', RDF_PROPERTY],
  [OWL + 'InverseFunctionalProperty', OWL + 'ObjectProperty'],
  [OWL + 'TransitiveProperty', OWL + 'ObjectProperty'],
  [OWL + 'SymmetricProperty', OWL + 'ObjectProperty'],
  [OWL + 'AsymmetricProperty', OWL + 'ObjectProperty'],
  [OWL + 'ReflexiveProperty', OWL + 'ObjectProperty'],
  [OWL + 'IrreflexiveProperty', OWL + 'ObjectProperty'],
  [RDFS + 'ContainerMembershipProperty', RDF_PROPERTY],
]

/** A set of subclass statements and the transitive closure over them (cycles allowed). */
export class TypeHierarchy {
  #supers = new Map<string, Set<string>>()
  #closures = new Map<string, readonly string[]>()

  constructor() {
    for (const [sub, sup] of BUILTIN_SUBCLASSES) this.add(sub, sup)
  }

  /** An independent copy: an index keeps its own, so a builder that goes on cannot change it. */
  clone(): TypeHierarchy {
    const copy = new TypeHierarchy()
    for (const [sub, sup] of this.statements()) copy.add(sub, sup)
    return copy
  }

  /** Records `sub rdfs:subClassOf sup`. */
  add(sub: string, sup: string): void {
    if (sub === sup) return
    let set = this.#supers.get(sub)
    if (set === undefined) this.#supers.set(sub, (set = new Set()))
    set.add(sup)
    this.#closures.clear()
  }

  /** Every statement, for serialisation. */
  *statements(): IterableIterator<[string, string]> {
    for (const [sub, sups] of this.#supers) for (const sup of sups) yield [sub, sup]
  }

  /** `type` and all its superclasses, transitively; memoised. */
  closure(type: string): readonly string[] {
    let result = this.#closures.get(type)
    if (result !== undefined) return result
    const seen = new Set<string>([type])
    const queue = [type]
    for (let i = 0; i < queue.length; i++) {
      for (const sup of this.#supers.get(queue[i]!) ?? []) {
        if (!seen.has(sup)) {
          seen.add(sup)
          queue.push(sup)
        }
      }
    }
    result = [...seen]
    this.#closures.set(type, result)
    return result
  }
}
