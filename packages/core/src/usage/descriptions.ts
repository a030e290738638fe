// VoID partitions and SHACL shapes of one document: descriptions of data, turned into usage counts when it ends.

import type { Term as RdfTerm } from '../rdf-js.js'
import { ownCopy, termKey } from './term-key.js'
import { increment, incrementPair, type UsageCounts } from './usage-counts.js'
import * as V from './usage-vocab.js'

interface Partition {
  cls?: string
  property?: string
  entities?: number
  triples?: number
  /** The partition or dataset this one partitions further. */
  parent?: string
}

interface Shape {
  targets: string[]
  properties: string[]
}

interface PropertyShape {
  path?: string
  order?: number
}

/**
 * What a document's VoID and SHACL statements say about the data they describe, joined by node when the
 * document ends (a partition's class and its count come in separate statements, in any order). It holds
 * one entry per partition or shape: as many as the terms described.
 */
export class DataDescriptions {
  readonly #partitions = new Map<string, Partition>()
  readonly #shapes = new Map<string, Shape>()
  readonly #propertyShapes = new Map<string, PropertyShape>()
  /** Nodes typed as classes, and as node shapes: one that is both targets its own instances (SHACL's implicit class target). */
  readonly #classes = new Set<string>()
  readonly #nodeShapes = new Set<string>()

  /** Reads a statement if it is VoID or SHACL: whether it was. `subject` is the subject's {@link termKey}. */
  read(subject: string, predicate: string, object: RdfTerm): boolean {
    switch (predicate) {
      case V.VOID_CLASS_PARTITION:
      case V.VOID_PROPERTY_PARTITION:
        this.#partition(termKey(object)).parent = subject
        return true
      case V.VOID_CLASS:
        if (object.termType === 'NamedNode') this.#partition(subject).cls = object.value
        return true
      case V.VOID_PROPERTY:
        if (object.termType === 'NamedNode') this.#partition(subject).property = object.value
        return true
      case V.VOID_ENTITIES:
        this.#partition(subject).entities = count(object)
        return true
      case V.VOID_TRIPLES:
        this.#partition(subject).triples = count(object)
        return true
      case V.SH_TARGET_CLASS:
        if (object.termType === 'NamedNode') this.#shape(subject).targets.push(object.value)
        return true
      case V.SH_PROPERTY:
        this.#shape(subject).properties.push(termKey(object))
        return true
      case V.SH_PATH:
        if (object.termType === 'NamedNode') this.#propertyShape(subject).path = object.value
        return true
      case V.SH_ORDER:
        this.#propertyShape(subject).order = Number(object.value)
        return true
      default:
        return false
    }
  }

  /** A node typed as a class or a node shape: a shape that is also a class targets its own instances. */
  typed(subject: string, kind: 'class' | 'shape'): void {
    ;(kind === 'class' ? this.#classes : this.#nodeShapes).add(subject)
  }

  /** The document's descriptions as counts: class partitions' entities, properties' triples, shapes' properties. */
  addTo(counts: UsageCounts): void {
    for (const partition of this.#partitions.values()) {
      const parentClass = partition.parent === undefined ? undefined : this.#partitions.get(partition.parent)?.cls
      // Kept by the usage: strings of their own, not views of the document (see ownCopy).
      if (partition.cls !== undefined) increment(counts.classes, ownCopy(partition.cls), partition.entities ?? 0)
      if (partition.property === undefined) continue
      if (parentClass !== undefined) incrementPair(counts.classProperties, ownCopy(parentClass), ownCopy(partition.property), partition.triples ?? 1)
      else increment(counts.properties, ownCopy(partition.property), partition.triples ?? 0)
    }
    for (const [node, shape] of this.#shapes) this.#addShape(counts, node, shape)
  }

  /** A shape's properties, for each class it targets, and in its `sh:order` as the order they are written in. */
  #addShape(counts: UsageCounts, node: string, shape: Shape): void {
    const targets = this.#classes.has(node) && this.#nodeShapes.has(node) ? [node, ...shape.targets] : shape.targets
    const paths = shape.properties
      .map((property) => this.#propertyShapes.get(property))
      .filter((property): property is PropertyShape & { path: string } => property?.path !== undefined)
    for (const target of targets) for (const { path } of paths) incrementPair(counts.classProperties, ownCopy(target), ownCopy(path))
    const ordered = paths.filter((p) => Number.isFinite(p.order)).sort((a, b) => a.order! - b.order!)
    for (let i = 1; i < ordered.length; i++) incrementPair(counts.follows, ownCopy(ordered[i - 1]!.path), ownCopy(ordered[i]!.path))
  }

  #partition(node: string): Partition {
    let partition = this.#partitions.get(node)
    if (partition === undefined) this.#partitions.set(node, (partition = {}))
    return partition
  }

  #shape(node: string): Shape {
    let shape = this.#shapes.get(node)
    if (shape === undefined) this.#shapes.set(node, (shape = { targets: [], properties: [] }))
    return shape
  }

  #propertyShape(node: string): PropertyShape {
    let shape = this.#propertyShapes.get(node)
    if (shape === undefined) this.#propertyShapes.set(node, (shape = {}))
    return shape
  }
}

function count(object: RdfTerm): number {
  const n = Number(object.value)
  return Number.isSafeInteger(n) && n >= 0 ? n : 0
}
