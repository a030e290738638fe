// UsageCollector: quads and prefix declarations in, terms and usage counts out — memory bounded by distinct terms.

import type { Quad, Term as RdfTerm } from '../rdf-js.js'
import { RDF_TYPE } from '../terms/vocab.js'
import { DataDescriptions } from './descriptions.js'
import { addValue, incrementPair, increment, MAX_COMMENT, mergeDefinition, UsageCounts, type Definition } from './usage-counts.js'
import { Usage } from './usage.js'
import * as V from './usage-vocab.js'

/** The most distinct predicates of one subject counted for its types (a huge subject costs no more). */
const MAX_RUN_PREDICATES = 64
/** How deep blank nodes nest before the outermost subject is closed. */
const MAX_NESTING = 16

/** One subject's statements as they arrive in a row (n3 writes a nested blank node's statements first). */
interface Run {
  subject: string
  blank: boolean
  /** The predicate written last: '' before the first. */
  last: string
  predicates: string[]
  types: string[]
  line: number
  /** What the subject's own statements say of it, when it is an IRI and they say something a definition holds. */
  definition: Definition | undefined
}

/**
 * Collects what RDF says about its terms and how it uses them. Feed it quads in document order
 * (`addQuad`, with the line when known), each document between `beginDocument` and `endDocument`,
 * then take {@link Usage} from `finish()`. What it keeps grows with the distinct classes, properties,
 * defined terms and (context, term) pairs, never with the number of statements.
 */
export class UsageCollector {
  readonly #counts = new UsageCounts()
  readonly #runs: Run[] = []
  readonly #declared = new Set<string>()
  #descriptions = new DataDescriptions()
  #file = -1

  beginDocument(name: string): void {
    this.endDocument()
    this.#file = this.#counts.files.length
    this.#counts.files.push(name)
  }

  /** A prefix the document declares: it counts once per document. */
  addPrefix(prefix: string, namespace: string): void {
    this.#declared.add(prefix + '\n' + namespace)
  }

  addQuad(quad: Quad, line = 0): void {
    const counts = this.#counts
    counts.triples++
    const subject = quad.subject
    let run = this.#runs[this.#runs.length - 1]
    if (run === undefined || run.subject !== subject.value || run.blank !== (subject.termType === 'BlankNode')) run = this.#switchTo(subject, line)
    const predicate = quad.predicate.value
    increment(counts.properties, predicate)
    if (predicate !== run.last) {
      incrementPair(counts.follows, run.last, predicate)
      run.last = predicate
      if (predicate !== RDF_TYPE && run.predicates.length < MAX_RUN_PREDICATES && !run.predicates.includes(predicate)) run.predicates.push(predicate)
    }
    const object = quad.object
    if (predicate === RDF_TYPE) {
      if (object.termType === 'NamedNode') this.#typed(run, object.value)
    } else if (DESCRIBING.has(predicate)) {
      this.#describe(run, predicate, object)
    }
  }

  /** Closes the document: its subjects, its prefix declarations and its VoID and SHACL descriptions. */
  endDocument(): void {
    while (this.#runs.length > 0) this.#close(this.#runs.pop()!)
    for (const pair of this.#declared) {
      const cut = pair.indexOf('\n')
      incrementPair(this.#counts.prefixes, pair.slice(0, cut), pair.slice(cut + 1))
    }
    this.#declared.clear()
    this.#descriptions.addTo(this.#counts)
    this.#descriptions = new DataDescriptions()
  }

  /** What was read, as a {@link Usage}; the collector is spent. */
  finish(): Usage {
    this.endDocument()
    return new Usage(this.#counts)
  }

  /** The run of `subject`: a suspended one it returns to, a nested blank node's, or a fresh one. */
  #switchTo(subject: RdfTerm, line: number): Run {
    const blank = subject.termType === 'BlankNode'
    const runs = this.#runs
    for (let i = runs.length - 2; i >= 0; i--) {
      if (runs[i]!.subject === subject.value && runs[i]!.blank === blank) {
        while (runs.length > i + 1) this.#close(runs.pop()!)
        return runs[i]!
      }
    }
    if (!blank) while (runs.length > 0) this.#close(runs.pop()!)
    else if (runs.length >= MAX_NESTING) this.#close(runs.shift()!)
    const run: Run = { subject: subject.value, blank, last: '', predicates: [], types: [], line, definition: undefined }
    runs.push(run)
    return run
  }

  #typed(run: Run, type: string): void {
    increment(this.#counts.classes, type)
    if (run.types.length < MAX_RUN_PREDICATES && !run.types.includes(type)) run.types.push(type)
    const kind = V.DEFINING_TYPES.get(type)
    if (kind !== undefined && !run.blank) {
      const definition = this.#definitionOf(run)
      definition.kinds |= kind
      if (V.DEPRECATED_TYPE_IRIS.has(type)) definition.deprecated = true
    }
    if (type === V.SH + 'NodeShape') this.#descriptions.typed(run.subject, 'shape')
    else if (kind === V.CLASS) this.#descriptions.typed(run.subject, 'class')
  }

  #definitionOf(run: Run): Definition {
    return (run.definition ??= { kinds: 0 })
  }

  /** A statement that says what a term is (label, domain, …) or describes data (VoID, SHACL). */
  #describe(run: Run, predicate: string, object: RdfTerm): void {
    if (this.#descriptions.read(run.subject, predicate, object)) return
    if (run.blank) return
    const definition = this.#definitionOf(run)
    const labelRank = V.LABELS.get(predicate)
    if (labelRank !== undefined) {
      // An English or untagged label before one in another language, of the same predicate.
      const rank = labelRank * 2 + (preferredLanguage(object) ? 0 : 1)
      if (object.termType === 'Literal' && (definition.label === undefined || rank < definition.labelRank!)) {
        definition.label = object.value
        definition.labelRank = rank
      }
      return
    }
    const commentRank = V.COMMENTS.get(predicate)
    if (commentRank !== undefined) {
      if (object.termType === 'Literal' && (definition.comment === undefined || commentRank < definition.commentRank!)) {
        definition.comment = object.value.length > MAX_COMMENT ? object.value.slice(0, MAX_COMMENT - 1) + '…' : object.value
        definition.commentRank = commentRank
      }
      return
    }
    if (predicate === V.DEPRECATED) {
      if (object.value === 'true' || object.value === '1') definition.deprecated = true
      return
    }
    if (object.termType !== 'NamedNode') return
    if (predicate === V.SUBCLASS_OF) {
      definition.kinds |= V.CLASS
      addValue(definition, 'supers', object.value)
    } else {
      definition.kinds |= V.PROPERTY
      addValue(definition, predicate === V.DOMAIN ? 'domain' : predicate === V.RANGE ? 'range' : 'supers', object.value)
    }
  }

  /** A subject's statements are over: its types get its properties, and what defines it is kept. */
  #close(run: Run): void {
    const counts = this.#counts
    for (const type of run.types) {
      for (const predicate of run.predicates) incrementPair(counts.classProperties, type, predicate)
    }
    const definition = run.definition
    if (definition === undefined) return
    const known = counts.definitions.get(run.subject)
    if (definition.kinds === 0 && known === undefined) return // a label of something that is no term
    definition.file = this.#file < 0 ? undefined : this.#file
    definition.line = run.line
    if (known === undefined) counts.definitions.set(run.subject, definition)
    else mergeDefinition(known, definition)
  }
}

/** Whether a literal is in English or has no language: the label to show where several are given. */
function preferredLanguage(object: RdfTerm): boolean {
  const language = (object as { language?: string }).language
  return language === undefined || language === '' || language === 'en' || language.startsWith('en-')
}

/** The predicates other than rdf:type that the collector reads the objects of. */
const DESCRIBING: ReadonlySet<string> = new Set([
  ...V.LABELS.keys(),
  ...V.COMMENTS.keys(),
  V.DOMAIN,
  V.RANGE,
  V.SUBCLASS_OF,
  V.SUBPROPERTY_OF,
  V.DEPRECATED,
  V.VOID_CLASS_PARTITION,
  V.VOID_PROPERTY_PARTITION,
  V.VOID_CLASS,
  V.VOID_PROPERTY,
  V.VOID_ENTITIES,
  V.VOID_TRIPLES,
  V.SH_TARGET_CLASS,
  V.SH_PROPERTY,
  V.SH_PATH,
  V.SH_ORDER,
])
