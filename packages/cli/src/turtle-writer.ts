// The streaming writer of `prefixd pretty`: RDF/JS quads in, Turtle (TriG where a quad has a graph) out, in input order.

import { Transform, type TransformCallback } from 'node:stream'
import type { Literal, Quad, Term } from '@rdfjs/types'
import type { PrefixIndex } from '@prefixd/core'
import { PrefixChooser } from './prefix-chooser.js'
import { iriRef, isShorthand, quoted, shortestQuoted } from './turtle-terms.js'

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'
const RDF_NIL = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#nil'
const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string'
/** Output text is pushed in chunks of this size: statements are a few dozen characters each. */
const CHUNK = 64 * 1024

/**
 * Writes quads as N3.Writer lays them out — a subject's statements joined by `;`, a predicate's objects by
 * `,`, a graph's statements in a `{ }` block — with prefixed names from a {@link PrefixChooser}. Each
 * prefix is declared just before the statement that first uses it (Turtle and TriG allow `@prefix`
 * between statements, not inside a graph block), so nothing is held back and memory stays bounded.
 */
export class TurtleWriter extends Transform {
  /** Names IRIs; the input's own declarations go to its `declare`. */
  readonly chooser: PrefixChooser
  #text = ''
  /** The pending statement, if any: its subject and predicate, as terms and as text. */
  #subject: Term | undefined
  #subjectText = ''
  #predicate: Term | undefined
  #predicateText = ''
  /** The graph of the pending statement; `undefined` for the default graph (no block open). */
  #graph: Term | undefined
  /** Whether the last thing written is a `@prefix` line (a blank line then separates the statements). */
  #afterPrefix = false

  readonly #language: (tag: string) => string

  /**
   * `strictNames` (default `true`): names rdflib, Jena or n3 would refuse are written as full IRIs; `language`: a
   * language tag as the input wrote it, from the lower-case form readers give.
   */
  constructor(index: PrefixIndex, options: { readonly strictNames?: boolean; readonly language?: (tag: string) => string } = {}) {
    super({ writableObjectMode: true, readableObjectMode: false })
    this.#language = options.language ?? ((tag) => tag)
    this.chooser = new PrefixChooser(index, (prefix, namespace) => this.#declare(prefix, namespace), options.strictNames ?? true)
  }

  override _transform(quad: Quad, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.#write(quad)
    } catch (error) {
      done(error as Error)
      return
    }
    if (this.#text.length >= CHUNK) this.#push()
    done()
  }

  override _flush(done: TransformCallback): void {
    this.#end()
    this.#push()
    done()
  }

  #write({ subject, predicate, object, graph }: Quad): void {
    const inGraph = graph.termType === 'DefaultGraph' ? undefined : graph
    // Terms are written first: a prefix they declare ends the pending statement, which they then cannot continue.
    const sameSubject = this.#subject !== undefined && sameTerm(subject, this.#subject) && sameGraph(inGraph, this.#graph)
    const subjectText = sameSubject ? this.#subjectText : this.#term(subject)
    const samePredicate = sameSubject && sameTerm(predicate, this.#predicate!)
    const predicateText = samePredicate ? this.#predicateText : predicate.termType === 'NamedNode' && predicate.value === RDF_TYPE ? 'a' : this.#term(predicate)
    // The empty list reads as `()` where an object goes (Turtle §2.8).
    const objectText = object.termType === 'NamedNode' && object.value === RDF_NIL ? '()' : this.#term(object)
    if (this.#subject !== undefined && sameSubject) {
      this.#text += samePredicate ? ', ' + objectText : ';\n    ' + predicateText + ' ' + objectText
    } else {
      if (this.#subject !== undefined && !sameGraph(inGraph, this.#graph)) this.#end()
      // The statement before ends if still open (then in the same graph); else a quad in a graph opens its block.
      const start = this.#subject !== undefined ? '.\n' : inGraph !== undefined ? this.#term(inGraph) + ' {\n' : ''
      this.#text += (this.#afterPrefix ? '\n' : '') + start + subjectText + ' ' + predicateText + ' ' + objectText
      this.#subject = subject
      this.#subjectText = subjectText
      this.#graph = inGraph
      this.#afterPrefix = false
    }
    this.#predicate = predicate
    this.#predicateText = predicateText
  }

  #term(term: Term): string {
    switch (term.termType) {
      case 'NamedNode':
        return this.#iri(term.value)
      case 'BlankNode':
        return '_:' + term.value
      case 'Literal':
        return this.#literal(term)
      case 'Quad':
        // An RDF 1.2 triple term.
        return `<<( ${this.#term(term.subject)} ${this.#term(term.predicate)} ${this.#term(term.object)} )>>`
      default:
        throw new TypeError(`a ${term.termType} cannot be written in Turtle`)
    }
  }

  #literal(literal: Literal): string {
    const value = literal.value
    const language = literal.language
    if (language !== '') return this.#string(value) + '@' + this.#language(language) + (literal.direction ? '--' + literal.direction : '')
    const datatype = literal.datatype.value
    if (datatype === XSD_STRING) return this.#string(value)
    if (isShorthand(value, datatype)) return value
    return this.#string(value) + '^^' + this.#iri(datatype)
  }

  /** Text of several lines in a long form, its lines kept; the rest `"…"`, as n3 writes it. */
  #string(value: string): string {
    return value.includes('\n') ? shortestQuoted(value) : quoted(value)
  }

  #iri(iri: string): string {
    return this.chooser.name(iri) ?? iriRef(iri)
  }

  /** Ends the pending statement, and the graph block around it. */
  #end(): void {
    if (this.#subject === undefined) return
    this.#text += this.#graph === undefined ? '.\n' : '\n}\n'
    this.#subject = undefined
    this.#predicate = undefined
    this.#graph = undefined
  }

  #declare(prefix: string, namespace: string): void {
    this.#end()
    this.#text += '@prefix ' + prefix + ': ' + iriRef(namespace) + '.\n'
    this.#afterPrefix = true
  }

  #push(): void {
    if (this.#text !== '') this.push(this.#text)
    this.#text = ''
  }
}

const sameTerm = (a: Term, b: Term): boolean => a.termType === b.termType && a.value === b.value && a.termType !== 'Quad'

const sameGraph = (a: Term | undefined, b: Term | undefined): boolean => (a === undefined ? b === undefined : b !== undefined && sameTerm(a, b))
