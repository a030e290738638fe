// SHACL in the editor and in CI: the shapes graphs of a project validate its Turtle and TriG data
// (rdf-validate-shacl), and each result is placed on the statement at fault — the predicate of its path in the
// focus node's statement, else the focus node as written — with the shape's message. For the language server and
// `prefixd lint` (`@prefixd/lsp/shacl`).

import { readFileSync } from 'node:fs'
import { Parser, type Quad } from 'n3'
import type SHACLValidator from 'rdf-validate-shacl'
import { declarationsIn, tokens, type Language, type Token } from '@prefixd/core/syntax'
import { isShapesGraph } from './shape-files.js'

export { isShapeFile, isShapeFileRead, isShapesGraph, shapeFilesFound, shapeFilesIn } from './shape-files.js'

const SH = 'http://www.w3.org/ns/shacl#'
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'

/** A SHACL result at `[start, end)` of the data's text. */
export interface ShaclProblem {
  readonly start: number
  readonly end: number
  /** sh:Violation, sh:Warning or sh:Info, as LSP severities (a violation takes the `shacl` rule's). */
  readonly level: 'violation' | 'warning' | 'info'
  readonly message: string
}

/** The shapes of a project, read once; `validate` checks a data text against all of them. */
export class Shapes {
  readonly #quads: Quad[] = []
  /** Made on the first validation: rdf-validate-shacl and its RDF/JS stack load only for a project with shapes and data. */
  #validator?: Promise<SHACLValidator>

  /** Shapes graphs as Turtle or TriG texts; throws with the file named when one does not parse. */
  constructor(graphs: ReadonlyArray<{ readonly text: string; readonly file: string; readonly language: Language }>) {
    const quads = this.#quads
    for (const { text, file, language } of graphs) {
      try {
        quads.push(...new Parser({ format: language === 'trig' ? 'application/trig' : 'text/turtle', baseIRI: new URL(file, 'file:///').href }).parse(text))
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}`)
      }
    }
  }

  #made(): Promise<SHACLValidator> {
    // The validator copies the shapes into a dataset of its own factory (`[...shapes]`): an array of quads does.
    return (this.#validator ??= import('rdf-validate-shacl').then(
      ({ default: Validator }) => new Validator(this.#quads as unknown as ConstructorParameters<typeof SHACLValidator>[0]),
    ))
  }

  /**
   * The results of validating `text` (Turtle or TriG, read with `baseIri`), placed in the text; `[]` for a text
   * that does not parse (its syntax errors say why), one in SPARQL, or a shapes graph.
   */
  async validate(text: string, language: Language, baseIri: string): Promise<ShaclProblem[]> {
    if (language === 'sparql' || isShapesGraph(text)) return []
    let quads: Quad[]
    try {
      quads = new Parser({ format: language === 'trig' ? 'application/trig' : 'text/turtle', baseIRI: baseIri }).parse(text)
    } catch {
      return []
    }
    const validator = await this.#made()
    const report = await validator.validate(validator.factory.dataset(quads))
    if (report.conforms) return []
    const places = new Places(text, baseIri)
    return report.results.map((result) => {
      const focus = result.focusNode?.value
      const path = result.path?.termType === 'NamedNode' ? result.path.value : undefined
      const { start, end } = places.of(focus, path)
      const severity = result.severity?.value
      const level = severity === SH + 'Warning' ? 'warning' : severity === SH + 'Info' ? 'info' : 'violation'
      const said = result.message.map((m) => m.value).join('; ')
      const component = result.sourceConstraintComponent?.value.replace(SH, 'sh:') ?? 'a shape'
      const message = (said !== '' ? said : `violates ${component}`) + (path === undefined ? '' : ` (path <${path}>)`)
      return { start, end, level, message } as ShaclProblem
    })
  }
}

/** Where the statements of a text are, by the IRI of their subject, read from its tokens. */
class Places {
  readonly #tokens: Token[]
  readonly #prefixes: Map<string, string>
  /** Subject IRI → the index of its statement's first token (the first statement wins). */
  readonly #subjects = new Map<string, number>()

  constructor(
    text: string,
    readonly baseIri: string,
  ) {
    this.#tokens = [...tokens(text)].filter((t) => t.kind !== 'comment')
    this.#prefixes = new Map(declarationsIn(this.#tokens).map((d) => [d.prefix, d.namespace]))
    let depth = 0
    let first = true
    for (let i = 0; i < this.#tokens.length; i++) {
      const token = this.#tokens[i]!
      if (first && token.kind !== 'punct') {
        const iri = this.#iriOf(token)
        if (iri !== undefined && !this.#subjects.has(iri)) this.#subjects.set(iri, i)
        first = false
      }
      if (token.kind !== 'punct') continue
      if (token.text === '[' || token.text === '(') depth++
      else if (token.text === ']' || token.text === ')') depth = Math.max(0, depth - 1)
      else if ((token.text === '.' && depth === 0) || token.text === '{' || token.text === '}') first = true
    }
  }

  /** The place of a result: the path's predicate in the focus node's statement, else the focus node, else the first token. */
  of(focus: string | undefined, path: string | undefined): { start: number; end: number } {
    const at = focus === undefined ? undefined : this.#subjects.get(focus)
    if (at !== undefined) {
      let depth = 0
      for (let i = at + 1; i < this.#tokens.length; i++) {
        const token = this.#tokens[i]!
        if (token.kind === 'punct') {
          if (token.text === '[' || token.text === '(') depth++
          else if (token.text === ']' || token.text === ')') depth--
          else if (token.text === '.' && depth === 0) break
          continue
        }
        if (path !== undefined && depth === 0 && (token.text === 'a' ? RDF_TYPE : this.#iriOf(token)) === path) return token
      }
      return this.#tokens[at]!
    }
    if (focus !== undefined) for (const token of this.#tokens) if (this.#iriOf(token) === focus) return token
    return this.#tokens[0] ?? { start: 0, end: 0 }
  }

  /** The IRI a term or IRI token writes, if it writes one. */
  #iriOf(token: Token): string | undefined {
    if (token.kind === 'iri' && token.closed) {
      if (/^[A-Za-z][A-Za-z0-9+.-]*:/u.test(token.text.slice(1))) return token.text.slice(1, -1) // absolute: as n3 reads it
      try {
        return new URL(token.text.slice(1, -1), this.baseIri).href
      } catch {
        return token.text.slice(1, -1)
      }
    }
    if (token.kind !== 'term') return undefined
    const colon = token.text.indexOf(':')
    const namespace = colon < 0 ? undefined : this.#prefixes.get(token.text.slice(0, colon))
    return namespace === undefined ? undefined : namespace + token.text.slice(colon + 1).replace(/\\(.)/gsu, '$1')
  }
}

/**
 * The shapes of `files` (Turtle, or TriG by extension), `undefined` for none. A file that does not read throws with its
 * name when `named` (the project named it); one found by looking is left out (its syntax errors are its own diagnostics).
 */
export function readShapes(files: readonly string[], named: boolean): Shapes | undefined {
  const graphs: { file: string; text: string; language: Language }[] = []
  for (const file of files) {
    const graph = { file, text: readFileSync(file, 'utf8'), language: /\.trig$/iu.test(file) ? ('trig' as const) : ('turtle' as const) }
    if (!named) {
      try {
        new Shapes([graph])
      } catch {
        continue
      }
    }
    graphs.push(graph)
  }
  return graphs.length === 0 ? undefined : new Shapes(graphs)
}
