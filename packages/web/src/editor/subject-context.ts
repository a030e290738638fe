// What the editor knows of the subject the cursor is in (Turtle and TriG): the property written last, its types and the
// properties it has — the context in which a set with usage ranks completion (`previous`, `types`, `written`).

import { directiveAt, tokens, type Token } from '@prefixd/core/syntax'

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'
/**
 * The most types and properties given (the first written): what the autocomplete API reads of each. More would only
 * lengthen the URL, and a subject of a few hundred properties would pass what a server takes in a request line (431).
 */
export const MAX_CONTEXT_NAMES = 32

/** One subject being described: the top level, or a `[ … ]` inside it; `( … )` lists hold no statements. */
interface Level {
  /** What the next term is. */
  next: 'subject' | 'predicate' | 'object' | 'none'
  /** IRI of the predicate read last ('' before its first; undefined when it could not be read). */
  last: string | undefined
  types: string[]
  written: string[]
}

/** The subject's context, as the autocomplete API takes it (IRIs). */
export interface SubjectContext {
  /** The predicate before the one being written; absent for a subject's first, or when it cannot be told. */
  readonly previous?: string
  readonly types: readonly string[]
  readonly written: readonly string[]
}

const fresh = (next: Level['next']): Level => ({ next, last: next === 'none' ? undefined : '', types: [], written: [] })

/**
 * The context at the end of `before` (the text up to the name being completed): names are read through the
 * document's `declared` prefixes (a name with another prefix counts as unknown). SPARQL is not read here.
 */
export function subjectContext(before: string, declared: ReadonlyMap<string, string>): SubjectContext {
  const list = [...tokens(before)].filter((t) => t.kind !== 'comment')
  const levels: Level[] = [fresh('subject')]
  for (let i = 0; i < list.length; i++) {
    const token = list[i]!
    const level = levels[levels.length - 1]!
    if (levels.length === 1 && level.next === 'subject' && token.kind === 'term') {
      const directive = directiveAt(list, i)
      if (directive !== undefined) {
        i = directive.next - 1
        continue
      }
    }
    if (token.kind === 'punct') punctuation(levels, token.text)
    else if (level.next === 'subject') level.next = 'predicate'
    else if (level.next === 'predicate') {
      const iri = token.text === 'a' ? RDF_TYPE : iriOf(token, declared)
      ;[level.last, level.next] = [iri, 'object']
      if (iri !== undefined && iri !== RDF_TYPE && level.written.length < MAX_CONTEXT_NAMES && !level.written.includes(iri)) level.written.push(iri)
    } else if (level.next === 'object' && level.last === RDF_TYPE) {
      const type = iriOf(token, declared)
      if (type !== undefined && !level.types.includes(type) && level.types.length < MAX_CONTEXT_NAMES) level.types.push(type)
    }
  }
  const { last, types, written } = levels[levels.length - 1]!
  return { ...(last !== undefined && last !== '' && { previous: last }), types, written }
}

function punctuation(levels: Level[], text: string): void {
  const level = levels[levels.length - 1]!
  if (text === ';' && level.next !== 'none') level.next = 'predicate'
  else if (text === ',' && level.next !== 'none') level.next = 'object'
  else if ((text === '.' && levels.length === 1) || text === '{' || text === '}') {
    // A statement's end, or a TriG graph's: the next term is a subject.
    levels.length = 0
    levels.push(fresh('subject'))
  } else if (text === '[') levels.push(fresh(level.next === 'none' ? 'none' : 'predicate'))
  else if (text === '(') levels.push(fresh('none'))
  else if ((text === ']' || text === ')') && levels.length > 1) {
    levels.pop()
    const outer = levels[levels.length - 1]!
    // `[ … ]` as the subject: its own predicates come next.
    if (outer.next === 'subject') outer.next = 'predicate'
  }
}

/** The IRI a term stands for: `<iri>`, or a prefixed name the document declares. */
function iriOf(token: Token, declared: ReadonlyMap<string, string>): string | undefined {
  if (token.kind === 'iri') return token.text.startsWith('<') && token.text.endsWith('>') ? token.text.slice(1, -1) : undefined
  const colon = token.kind === 'term' ? token.text.indexOf(':') : -1
  const namespace = colon < 0 ? undefined : declared.get(token.text.slice(0, colon))
  return namespace === undefined ? undefined : namespace + token.text.slice(colon + 1).replace(/\\(.)/g, '$1')
}
