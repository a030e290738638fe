// The formatted writer of `prefixd pretty`: a whole graph or dataset held in memory, written as a person would.

import { createHash } from 'node:crypto'
import type { BlankNode, Literal, Quad, Term } from '@rdfjs/types'
import type { PrefixIndex } from '@prefixd/core'
import { NamePlan } from './name-plan.js'
import { iriRef, isShorthand, shortestQuoted } from './turtle-terms.js'

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'
const RDF_TYPE = RDF + 'type'
const RDF_FIRST = RDF + 'first'
const RDF_REST = RDF + 'rest'
const RDF_NIL = RDF + 'nil'
const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string'
const LANG_STRINGS = new Set([RDF + 'langString', RDF + 'dirLangString'])
const INDENT = '    '
/** Objects are written one a line past this width. */
const WIDTH = 100
/** Text is handed out in pieces of about this size. */
const CHUNK = 1 << 20

export interface FormatOptions {
  /** Default `true`: names some major reader refuses are written as full IRIs. */
  readonly strictNames?: boolean
  /** The input's prefix declarations, first binding of each prefix: they win over the index. */
  readonly declared?: ReadonlyMap<string, string>
  /** Written as `@base`: the relative IRIs of the data stay relative to it. */
  readonly base?: string
  /** A language tag as the input wrote it, from the lower-case form readers give (default: as given). */
  readonly language?: (tag: string) => string
  /** Default `false`: no prefix made up for a namespace nothing names (see NamePlanOptions.derivePrefixes). */
  readonly derivePrefixes?: boolean
}

/** What is known of a blank node across the whole input. */
interface BlankInfo {
  /** How many statements have it as their object. */
  refs: number
  /** The graph of the (last) statement that has it as object, and of those that have it as subject. */
  refGraph: string | undefined
  subjectGraph: string | undefined
  /** Seen where it must keep a label: a graph name, a triple term, subjects or objects in several graphs. */
  pinned: boolean
}

/**
 * Writes `quads` as Turtle, or TriG when a quad is in a named graph: `@base` and every `@prefix` first
 * (only the prefixes the text uses), then each graph — the default graph, then named graphs by IRI — as
 * its subjects sorted by IRI (blank-node subjects after them, in input order), each subject's statements
 * together, `rdf:type` first as `a`, then predicates by IRI, objects sorted and duplicates dropped. A blank
 * node that is the object of one statement (of its own graph) is written there as `[ … ]`, a well-formed
 * list as `( … )`; the other blank nodes get fresh labels `_:b0`, `_:b1`… in order of writing. Literals
 * take their shortest form. Returns the text in pieces.
 */
export function writeFormatted(index: PrefixIndex, quads: readonly Quad[], options: FormatOptions = {}): string[] {
  return [...formatPieces(index, quads, options)]
}

/** {@link writeFormatted}'s pieces one by one as they are made, so that a writer need not hold the whole text. */
export function formatPieces(index: PrefixIndex, quads: readonly Quad[], options: FormatOptions = {}): Generator<string> {
  return new Formatter(index, quads, options).pieces()
}

class Formatter {
  readonly #quads: readonly Quad[]
  readonly #plan: NamePlan
  readonly #base: string | undefined
  /** graph key → subject key → statements. */
  readonly #graphs = new Map<string, Map<string, Quad[]>>()
  readonly #graphTerms = new Map<string, Term>()
  readonly #blanks = new Map<string, BlankInfo>()
  readonly #labels = new Map<string, string>()
  /** Blank nodes written (or being written) nested, so a cycle of them is cut with a label. */
  readonly #nested = new Set<string>()
  /** The graph being written: a nested blank node must be the subject of statements in it. */
  #graph = ''
  readonly #language: (tag: string) => string
  /** Each blank node's colour: what surrounds it, so that blank-node subjects are ordered by content, not by input order. */
  #colours: Map<string, string> | undefined

  constructor(index: PrefixIndex, quads: readonly Quad[], options: FormatOptions) {
    this.#quads = quads
    this.#base = options.base
    this.#language = options.language ?? ((tag) => tag)
    const uses = new Map<string, number>()
    const use = (iri: string): void => {
      uses.set(iri, (uses.get(iri) ?? 0) + 1)
    }
    const useTerm = (term: Term): void => {
      if (term.termType === 'NamedNode') use(term.value)
      else if (term.termType === 'Literal') {
        // Exactly the datatypes #literal writes by name: every prefix a name uses is then declared, and none other.
        const datatype = term.datatype.value
        if (term.language === '' && datatype !== XSD_STRING && !LANG_STRINGS.has(datatype) && !isShorthand(term.value, datatype)) use(datatype)
      } else if (term.termType === 'Quad') this.#pinTerms(term, useTerm)
    }
    for (const quad of quads) {
      const graph = quad.graph.termType === 'DefaultGraph' ? '' : key(quad.graph)
      if (graph !== '') {
        this.#graphTerms.set(graph, quad.graph)
        useTerm(quad.graph)
        if (quad.graph.termType === 'BlankNode') this.#blank(quad.graph.value).pinned = true
      }
      let subjects = this.#graphs.get(graph)
      if (subjects === undefined) this.#graphs.set(graph, (subjects = new Map()))
      const subject = key(quad.subject)
      const statements = subjects.get(subject)
      if (statements === undefined) subjects.set(subject, [quad])
      else statements.push(quad)
      useTerm(quad.subject)
      if (quad.predicate.value !== RDF_TYPE) useTerm(quad.predicate)
      useTerm(quad.object)
      if (quad.subject.termType === 'BlankNode') {
        const info = this.#blank(quad.subject.value)
        if (info.subjectGraph === undefined) info.subjectGraph = graph
        else if (info.subjectGraph !== graph) info.pinned = true
      }
      if (quad.object.termType === 'BlankNode') {
        const info = this.#blank(quad.object.value)
        info.refs++
        info.refGraph = graph
      }
    }
    this.#plan = new NamePlan(index, uses, {
      strictNames: options.strictNames ?? true,
      derivePrefixes: options.derivePrefixes === true,
      ...(options.declared !== undefined && { declared: options.declared }),
    })
  }

  *pieces(): Generator<string> {
    // The head, last made and first given: only the prefixes the text uses (a list's rdf:first is not written).
    const body = [...this.#body()]
    let head = ''
    if (this.#base !== undefined) head += '@base ' + iriRef(this.#base) + ' .\n'
    // Asked for, and said: a reader of the file learns which prefixes no table gave.
    const derived = this.#plan.derivedPrefixes()
    if (derived.length > 0)
      head += `# made up by prefixd pretty --derive-prefixes (no table names their namespaces): ${derived.map((p) => p + ':').join(' ')}\n`
    for (const prefix of this.#plan.usedPrefixes()) head += '@prefix ' + prefix + ': ' + iriRef(this.#plan.namespace(prefix)!) + ' .\n'
    if (head !== '' && this.#quads.length > 0) head += '\n'
    yield head
    yield* body
  }

  *#body(): Generator<string> {
    let text = ''
    let written = false
    const graphKeys = [...this.#graphs.keys()].sort(this.#compareKeys)
    for (const graph of graphKeys) {
      this.#graph = graph
      const subjects = this.#graphs.get(graph)!
      const inner = graph === '' ? '' : INDENT
      if (graph !== '') text += (text === '' && !written ? '' : '\n') + this.#term(this.#graphTerms.get(graph)!, INDENT) + ' {\n'
      const roots = [...subjects.keys()].filter((subject) => !this.#nestable(subject))
      roots.sort(this.#compareKeys)
      let first = graph === ''
      const writeRoot = (subject: string): void => {
        const statements = subjects.get(subject)!
        const head = statements[0]!.subject
        // A blank node nobody refers to opens its statements itself, `[ … ] .`
        const open = head.termType === 'BlankNode' && this.#blanks.get(head.value)!.refs === 0 && !this.#blanks.get(head.value)!.pinned
        if (!first) text += inner === '' ? '\n' : ''
        first = false
        // Marked before its statements are written: a cycle back to it then writes its label.
        if (head.termType === 'BlankNode') this.#nested.add(head.value)
        if (open) {
          text += inner + '[ ' + this.#predicateObjects(statements, inner + INDENT) + ' ] .\n'
        } else text += inner + this.#term(head, inner) + ' ' + this.#predicateObjects(statements, inner + INDENT) + ' .\n'
      }
      for (const subject of roots) {
        writeRoot(subject)
        if (text.length >= CHUNK) {
          yield text
          text = ''
          written = true
        }
      }
      // Blank nodes that only refer to each other in a cycle are not reached from a root: they get labels.
      const cycles = [...subjects.keys()].filter((subject) => subject.startsWith('_:') && this.#nestable(subject)).sort(this.#compareKeys)
      for (const subject of cycles) if (!this.#nested.has(subject.slice(2))) writeRoot(subject)
      if (graph !== '') text += '}\n'
    }
    yield text
  }

  /**
   * The default graph first, IRIs in code-point order (the same order everywhere), then blank nodes by colour —
   * what surrounds them — so that the output does not depend on the input's order (a shuffled input, relabelled
   * blank nodes: the same text). Blank nodes alike in all they are part of are alike in what is written of them too.
   */
  readonly #compareKeys = (a: string, b: string): number => {
    const blankA = a.startsWith('_:')
    const blankB = b.startsWith('_:')
    if (blankA && blankB) {
      const colours = (this.#colours ??= blankColours(this.#quads))
      a = colours.get(a.slice(2)) ?? ''
      b = colours.get(b.slice(2)) ?? ''
    } else if (blankA || blankB) return blankA ? 1 : -1
    return a < b ? -1 : a > b ? 1 : 0
  }

  #blank(label: string): BlankInfo {
    let info = this.#blanks.get(label)
    if (info === undefined) this.#blanks.set(label, (info = { refs: 0, refGraph: undefined, subjectGraph: undefined, pinned: false }))
    return info
  }

  /** Walks a triple term: its blank nodes keep labels (`[ … ]` cannot stand in a triple term). */
  #pinTerms(term: { readonly subject: Term; readonly predicate: Term; readonly object: Term }, useTerm: (term: Term) => void): void {
    for (const part of [term.subject, term.predicate, term.object]) {
      if (part.termType === 'BlankNode') this.#blank(part.value).pinned = true
      else useTerm(part)
    }
  }

  /** Whether the subject `subjectKey` is written where its one reference is. */
  #nestable(subjectKey: string): boolean {
    if (!subjectKey.startsWith('_:')) return false
    const info = this.#blanks.get(subjectKey.slice(2))!
    return !info.pinned && info.refs === 1 && info.refGraph === this.#graph && (info.subjectGraph === undefined || info.subjectGraph === this.#graph)
  }

  #predicateObjects(statements: readonly Quad[], indent: string): string {
    const byPredicate = new Map<string, Quad[]>()
    for (const quad of statements) {
      const group = byPredicate.get(quad.predicate.value)
      if (group === undefined) byPredicate.set(quad.predicate.value, [quad])
      else group.push(quad)
    }
    const predicates = [...byPredicate.keys()].sort((a, b) => (a === RDF_TYPE ? -1 : b === RDF_TYPE ? 1 : a < b ? -1 : a > b ? 1 : 0))
    let text = ''
    for (const predicate of predicates) {
      const group = byPredicate.get(predicate)!
      const objects: string[] = []
      let blanks = false
      for (const quad of group) {
        objects.push(this.#object(quad.object, indent))
        if (quad.object.termType === 'BlankNode') blanks = true
      }
      // The same statement twice is one statement (RDF graphs are sets); two blank nodes written alike are two.
      const written = blanks || objects.length === 1 ? objects.sort() : [...new Set(objects)].sort()
      if (text !== '') text += ' ;\n' + indent
      const verb = predicate === RDF_TYPE ? 'a' : this.#iri(predicate)
      // Objects that do not fit on the line, or that span lines (`[ … ]` of several predicates), one a line.
      const line = written.join(', ')
      const oneLine = written.length === 1 || (indent.length + verb.length + line.length < WIDTH && !line.includes('\n'))
      text += verb + ' ' + (oneLine ? line : written.join(',\n' + indent + INDENT))
    }
    return text
  }

  #object(term: Term, indent: string): string {
    // The empty list reads as `()` (Turtle §2.8), where an object or list item goes.
    if (term.termType === 'NamedNode' && term.value === RDF_NIL) return '()'
    if (term.termType !== 'BlankNode') return this.#term(term, indent)
    const subject = '_:' + term.value
    if (!this.#nestable(subject) || this.#nested.has(term.value)) return this.#label(term)
    const statements = this.#graphs.get(this.#graph)!.get(subject)
    if (statements === undefined) return '[]'
    const items = this.#list(term, statements)
    if (items !== undefined) return '(' + items.map((item) => ' ' + this.#object(item, indent + INDENT)).join('') + ' )'
    this.#nested.add(term.value)
    return '[ ' + this.#predicateObjects(statements, indent + INDENT) + ' ]'
  }

  /** The items of the well-formed list `head` is the first node of (each node nested, with only rdf:first and rdf:rest), or `undefined`. */
  #list(head: BlankNode, statements: readonly Quad[]): Term[] | undefined {
    const items: Term[] = []
    const nodes = new Set<string>()
    let node: Term = head
    let current: readonly Quad[] | undefined = statements
    while (node.termType !== 'NamedNode' || node.value !== RDF_NIL) {
      if (node.termType !== 'BlankNode' || current === undefined || current.length !== 2 || nodes.has(node.value)) return undefined
      if (node !== head && !this.#nestable('_:' + node.value)) return undefined
      const first: Quad | undefined = current.find((q) => q.predicate.value === RDF_FIRST)
      const rest: Quad | undefined = current.find((q) => q.predicate.value === RDF_REST)
      if (first === undefined || rest === undefined) return undefined
      items.push(first.object)
      nodes.add(node.value)
      node = rest.object
      current = node.termType === 'BlankNode' ? this.#graphs.get(this.#graph)!.get('_:' + node.value) : undefined
    }
    for (const label of nodes) this.#nested.add(label)
    return items
  }

  #label(term: BlankNode): string {
    let label = this.#labels.get(term.value)
    if (label === undefined) this.#labels.set(term.value, (label = '_:b' + this.#labels.size))
    return label
  }

  #term(term: Term, indent: string): string {
    switch (term.termType) {
      case 'NamedNode':
        return this.#iri(term.value)
      case 'BlankNode':
        return this.#label(term)
      case 'Literal':
        return this.#literal(term)
      case 'Quad':
        // An RDF 1.2 triple term.
        return `<<( ${this.#term(term.subject, indent)} ${this.#term(term.predicate, indent)} ${this.#term(term.object, indent)} )>>`
      default:
        throw new TypeError(`a ${term.termType} cannot be written in Turtle`)
    }
  }

  #literal(literal: Literal): string {
    const value = literal.value
    if (literal.language !== '') return shortestQuoted(value) + '@' + this.#language(literal.language) + (literal.direction ? '--' + literal.direction : '')
    const datatype = literal.datatype.value
    if (datatype === XSD_STRING) return shortestQuoted(value)
    if (isShorthand(value, datatype)) return value
    return shortestQuoted(value) + '^^' + (LANG_STRINGS.has(datatype) ? iriRef(datatype) : this.#iri(datatype))
  }

  #iri(iri: string): string {
    return this.#plan.text(iri)
  }
}

/** A subject's or graph's key: `<` and the IRI, or `_:` and the label (the default graph's is ''). */
function key(term: Term): string {
  return term.termType === 'BlankNode' ? '_:' + term.value : term.termType === 'NamedNode' ? '<' + term.value : '<<' + JSON.stringify(term)
}

/**
 * Each blank node's colour: a hash of the statements around it, with the other blank nodes by their colours,
 * refined a few rounds (colour refinement, 1-WL). It names no label and no position in the input.
 *
 * Why this shape: the statements around every blank node, as text, were held at once in each round — 2,049 MB
 * of peak RSS for 932,970 quads, where 1,225 MB were enough before the colouring. Each blank node now keeps only
 * where its statements are (numbers in typed arrays, made once); its lines are made, sorted and hashed one blank
 * node at a time, then dropped. The lines and their hash are what they were, so is every colour, and so the output.
 */
export function blankColours(quads: readonly Quad[]): Map<string, string> {
  const { labels, ids, starts, places } = blankPlaces(quads)
  let colours: string[] = []
  const text = (term: Term): string => (term.termType === 'BlankNode' ? '_' + (colours[ids.get(term.value)!] ?? '') : key(term))
  for (let round = 0; round < 4; round++) {
    const next: string[] = new Array<string>(labels.length)
    for (let id = 0; id < labels.length; id++) {
      const lines: string[] = []
      for (let at = starts[id]!; at < starts[id + 1]!; at++) {
        const q = quads[places[at]! >>> 2]!
        lines.push(ROLES[places[at]! & 3]! + [q.subject, q.predicate, q.object, q.graph].map(text).join(' '))
      }
      lines.sort()
      const hash = createHash('sha1')
      for (let i = 0; i < lines.length; i++) hash.update(i === 0 ? lines[i]! : '\n' + lines[i]!)
      next[id] = hash.digest('base64')
    }
    colours = next
  }
  return new Map(labels.map((label, id) => [label, colours[id]!]))
}

/** A statement's line starts with where the blank node stands in it (as the first colouring wrote it: see blankPlaces). */
const ROLES = ['s ', 'o ', 'g ']

/**
 * Where each blank node stands: its labels in order of first place, and for the blank node `id` the places
 * `places[starts[id]]` up to `places[starts[id + 1]]`, each a quad's index times 4 plus its role (0 subject, 1 object,
 * 2 graph). A role is the first of the quad's subject, object and graph that is the same term object — what the
 * line-per-statement colouring wrote (`_:a ex:p _:a` read with one term for both is `s` twice), kept so that no
 * colour changes.
 */
function blankPlaces(quads: readonly Quad[]): { labels: string[]; ids: Map<string, number>; starts: Int32Array; places: Int32Array } {
  if (quads.length >= 2 ** 29) throw new RangeError('too many statements to order their blank nodes') // index × 4 in an Int32
  const ids = new Map<string, number>()
  const labels: string[] = []
  const counts: number[] = []
  const each = (visit: (id: number, index: number, role: number) => void): void => {
    for (let index = 0; index < quads.length; index++) {
      const q = quads[index]!
      const terms = [q.subject, q.object, q.graph]
      for (const term of terms) {
        if (term.termType !== 'BlankNode') continue
        let id = ids.get(term.value)
        if (id === undefined) {
          ids.set(term.value, (id = labels.length))
          labels.push(term.value)
          counts.push(0)
        }
        visit(id, index, term === q.subject ? 0 : term === q.object ? 1 : 2)
      }
    }
  }
  each((id) => counts[id]!++)
  const starts = new Int32Array(labels.length + 1)
  for (let id = 0; id < labels.length; id++) starts[id + 1] = starts[id]! + counts[id]!
  const places = new Int32Array(starts[labels.length]!)
  const filled = starts.slice(0, labels.length)
  each((id, index, role) => (places[filled[id]!++] = index * 4 + role))
  return { labels, ids, starts, places }
}
