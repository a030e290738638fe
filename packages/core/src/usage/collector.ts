// UsageCollector: quads and prefix declarations in, terms and usage counts out — memory bounded by distinct terms.

import type { Quad, Term as RdfTerm } from '../rdf-js.js'
import { RDF_TYPE } from '../terms/vocab.js'
import { DataDescriptions } from './descriptions.js'
import { ownCopy, termKey } from './term-key.js'
import { addValue, incrementPair, increment, MAX_COMMENT, mergeDefinition, UsageCounts, type Definition } from './usage-counts.js'
import { Usage } from './usage.js'
import * as V from './usage-vocab.js'

/** The most distinct predicates of one subject counted for its types (a huge subject costs no more). */
const MAX_RUN_PREDICATES = 64
/** How deep blank nodes nest before the outermost subject is closed. */
const MAX_NESTING = 16

/**
 * A predicate as the collector counts it: the one map lookup a statement costs finds all it updates, and
 * pairs are keyed by these objects, so each IRI is held once however many maps name it.
 */
interface PredicateCounter {
  readonly iri: string
  count: number
  readonly isType: boolean
  /** Whether the collector reads the objects of its statements (labels, domains, VoID, SHACL). */
  readonly describing: boolean
  /** How often each predicate is written right after this one. */
  readonly followers: Map<PredicateCounter, Follow>
  /** The follower counted last: data repeats its order, so the next one is most often the same (no map lookup). */
  recent: Follow | undefined
  /** How many subjects' statements it is the first predicate of (a field: no map lookup a subject). */
  firsts: number
}

interface Follow {
  readonly next: PredicateCounter
  count: number
}

interface ClassCounter {
  readonly iri: string
  count: number
  /** How many of its instances carry each predicate (a counter object: one lookup a subject and predicate, no set). */
  readonly properties: Map<PredicateCounter, { count: number }>
  /** What an instance of it is, when the class defines terms (usage-vocab.ts DEFINING_TYPES): found once, not per statement. */
  readonly kind: number | undefined
  readonly deprecated: boolean
  readonly shape: boolean
}

/** One subject's statements as they arrive in a row (n3 writes a nested blank node's statements first). */
interface Run {
  /** The subject's {@link termKey}: its IRI, or `_:` and its label. */
  subject: string
  blank: boolean
  /** The predicate written last: undefined before the first. */
  last: PredicateCounter | undefined
  predicates: PredicateCounter[]
  types: ClassCounter[]
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
  readonly #predicates = new Map<string, PredicateCounter>()
  readonly #classes = new Map<string, ClassCounter>()
  /** The predicates that were a subject's first, in the order each was first so (their counts: `firsts`). */
  readonly #firsts: PredicateCounter[] = []
  /** The first predicate of the subject before (see #predicateOf). */
  #firstGuess: PredicateCounter | undefined
  #triples = 0
  #descriptions = new DataDescriptions()
  #file = -1
  /** Whether the document's statements come in the order their author wrote them (see beginDocument). */
  #ordered = true

  /**
   * Starts a document. `ordered: false` says its statements do not come as written (JSON-LD through a processor,
   * which sorts each node's properties by name): which property follows which is then not counted from it.
   */
  beginDocument(name: string, options: { readonly ordered?: boolean } = {}): void {
    this.endDocument()
    this.#file = this.#counts.files.length
    this.#counts.files.push(name)
    this.#ordered = options.ordered ?? true
  }

  /** A prefix the document declares: it counts once per document. */
  addPrefix(prefix: string, namespace: string): void {
    this.#declared.add(prefix + '\n' + namespace)
  }

  addQuad(quad: Quad, line = 0): void {
    this.#triples++
    const subject = termKey(quad.subject)
    let run = this.#runs[this.#runs.length - 1]
    if (run === undefined || run.subject !== subject) run = this.#switchTo(quad.subject, subject, line)
    const iri = termKey(quad.predicate)
    const last = run.last
    const predicate = this.#predicateOf(last, iri)
    predicate.count++
    if (predicate !== last) {
      if (!this.#ordered) {
        // Not the author's order: no evidence of which property follows which.
      } else if (last === undefined) {
        if (predicate.firsts++ === 0) this.#firsts.push(predicate)
        this.#firstGuess = predicate
      } else if (last.recent?.next === predicate) last.recent.count++
      else this.#follow(last, predicate)
      run.last = predicate
      if (!predicate.isType && run.predicates.length < MAX_RUN_PREDICATES && !run.predicates.includes(predicate)) run.predicates.push(predicate)
    }
    if (predicate.isType) {
      if (quad.object.termType === 'NamedNode') this.#typed(run, quad.object.value)
    } else if (predicate.describing) {
      this.#describe(run, iri, quad.object)
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

  /** What was read, as a {@link Usage}; the collector starts afresh. */
  finish(): Usage {
    this.endDocument()
    const counts = this.#counts
    counts.triples += this.#triples
    for (const predicate of this.#predicates.values()) {
      increment(counts.properties, predicate.iri, predicate.count)
      for (const { next, count } of predicate.followers.values()) incrementPair(counts.follows, predicate.iri, next.iri, count)
    }
    for (const next of this.#firsts) incrementPair(counts.follows, '', next.iri, next.firsts)
    for (const type of this.#classes.values()) {
      increment(counts.classes, type.iri, type.count)
      for (const [predicate, { count }] of type.properties) incrementPair(counts.classProperties, type.iri, predicate.iri, count)
    }
    const usage = new Usage(counts)
    this.#reset()
    return usage
  }

  #reset(): void {
    this.#predicates.clear()
    this.#classes.clear()
    this.#firsts.length = 0
    this.#firstGuess = undefined
    this.#triples = 0
    this.#file = -1
  }

  /**
   * The counter of `iri`, written after `last`: data repeats its order (each port of a plugin, each shape of a file,
   * their properties in one order), so it is most often `last` again (an object list) or the one that followed
   * `last` before — found by comparing one IRI, before a map lookup that hashes it (1.7 % of the reader's CPU).
   */
  #predicateOf(last: PredicateCounter | undefined, iri: string): PredicateCounter {
    const guess = last === undefined ? this.#firstGuess : last.iri === iri ? last : last.recent?.next
    if (guess !== undefined && guess.iri === iri) return guess
    return this.#predicates.get(iri) ?? this.#newPredicate(iri)
  }

  #follow(last: PredicateCounter, predicate: PredicateCounter): void {
    let follow = last.followers.get(predicate)
    if (follow === undefined) last.followers.set(predicate, (follow = { next: predicate, count: 0 }))
    follow.count++
    last.recent = follow
  }

  #newPredicate(iri: string): PredicateCounter {
    // Kept by the usage: a string of its own, not a view of the document (see ownCopy).
    const predicate: PredicateCounter = {
      iri: ownCopy(iri),
      count: 0,
      isType: iri === RDF_TYPE,
      describing: DESCRIBING.has(iri),
      followers: new Map(),
      recent: undefined,
      firsts: 0,
    }
    this.#predicates.set(predicate.iri, predicate) // the copy: a key is kept while the collector reads on
    return predicate
  }

  /** The run of `subject`: a suspended one it returns to, a nested blank node's, or a fresh one. */
  #switchTo(term: RdfTerm, subject: string, line: number): Run {
    const blank = term.termType === 'BlankNode'
    const runs = this.#runs
    for (let i = runs.length - 2; i >= 0; i--) {
      if (runs[i]!.subject === subject) {
        while (runs.length > i + 1) this.#close(runs.pop()!)
        return runs[i]!
      }
    }
    if (!blank) while (runs.length > 0) this.#close(runs.pop()!)
    else if (runs.length >= MAX_NESTING) this.#close(runs.shift()!)
    const run: Run = { subject, blank, last: undefined, predicates: [], types: [], line, definition: undefined }
    runs.push(run)
    return run
  }

  #typed(run: Run, type: string): void {
    const counter = this.#classes.get(type) ?? this.#newClass(type)
    counter.count++
    if (run.types.length < MAX_RUN_PREDICATES && !run.types.includes(counter)) run.types.push(counter)
    const kind = counter.kind
    if (kind !== undefined && !run.blank) {
      const definition = this.#definitionOf(run)
      definition.kinds |= kind
      if (counter.deprecated) definition.deprecated = true
    }
    if (counter.shape) this.#descriptions.typed(run.subject, 'shape')
    else if (kind === V.CLASS) this.#descriptions.typed(run.subject, 'class')
  }

  #newClass(type: string): ClassCounter {
    const kind = V.DEFINING_TYPES.get(type)
    const counter: ClassCounter = {
      iri: ownCopy(type), // kept by the usage (see ownCopy)
      count: 0,
      properties: new Map(),
      kind,
      deprecated: kind !== undefined && V.DEPRECATED_TYPE_IRIS.has(type),
      shape: type === V.SH + 'NodeShape',
    }
    this.#classes.set(counter.iri, counter)
    return counter
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
        definition.label = object.value // copied if the definition is kept (see #close)
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
      addValue(definition, 'supers', ownCopy(object.value))
    } else {
      definition.kinds |= V.PROPERTY
      addValue(definition, predicate === V.DOMAIN ? 'domain' : predicate === V.RANGE ? 'range' : 'supers', ownCopy(object.value))
    }
  }

  /** A subject's statements are over: its types get its properties, and what defines it is kept. */
  #close(run: Run): void {
    for (const type of run.types) {
      for (const predicate of run.predicates) {
        const carried = type.properties.get(predicate)
        if (carried === undefined) type.properties.set(predicate, { count: 1 })
        else carried.count++
      }
    }
    const definition = run.definition
    if (definition !== undefined) this.#define(run, definition)
  }

  /** What a subject's statements said of it, kept when it is a term (or one already defined). */
  #define(run: Run, definition: Definition): void {
    const counts = this.#counts
    const known = counts.definitions.get(run.subject)
    if (definition.kinds === 0 && known === undefined) return // a label of something that is no term
    // Kept by the usage: strings of their own (see ownCopy), copied only now, as most labels read are of no term.
    if (definition.label !== undefined) definition.label = ownCopy(definition.label)
    if (definition.comment !== undefined) definition.comment = ownCopy(definition.comment)
    definition.file = this.#file < 0 ? undefined : this.#file
    definition.line = run.line
    if (known === undefined) counts.definitions.set(ownCopy(run.subject), definition)
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
