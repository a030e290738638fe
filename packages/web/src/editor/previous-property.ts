// The property written last in the statements of the subject the cursor is in (Turtle and TriG): the resolver ranks
// what usually follows it first when the chosen set carries usage (`previous=` of /api/v1/autocomplete).

import { directiveAt, tokens, type Token } from '@prefixd/core/syntax'

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type'

/** One subject being described: the top level, or a `[ … ]` inside it; `( … )` lists hold no statements. */
interface Level {
  /** What the next term is. */
  next: 'subject' | 'predicate' | 'object' | 'none'
  /** IRI of the predicate read last ('' before its first; undefined when it could not be read). */
  last: string | undefined
}

/**
 * The IRI of the predicate before the one being written at the end of `before` (the text up to the name being
 * completed), or undefined when there is none — a subject's first — or it cannot be told (a prefix the document does
 * not declare, SPARQL, a position the scan cannot follow).
 */
export function previousProperty(before: string, declared: ReadonlyMap<string, string>): string | undefined {
  const list = [...tokens(before)].filter((t) => t.kind !== 'comment')
  const levels: Level[] = [{ next: 'subject', last: '' }]
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
    else if (level.next === 'predicate') [level.last, level.next] = [token.text === 'a' ? RDF_TYPE : iriOf(token, declared), 'object']
  }
  const last = levels[levels.length - 1]!.last
  return last === '' ? undefined : last
}

function punctuation(levels: Level[], text: string): void {
  const level = levels[levels.length - 1]!
  if (text === ';' && level.next !== 'none') level.next = 'predicate'
  else if ((text === '.' && levels.length === 1) || text === '{' || text === '}') {
    // A statement's end, or a TriG graph's: the next term is a subject.
    levels.length = 1
    ;[levels[0]!.next, levels[0]!.last] = ['subject', '']
  } else if (text === '[') levels.push({ next: level.next === 'none' ? 'none' : 'predicate', last: '' })
  else if (text === '(') levels.push({ next: 'none', last: undefined })
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
