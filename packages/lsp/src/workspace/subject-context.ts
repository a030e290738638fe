// What an editor knows of the subject at the cursor: the property written before, the types given so far, the
// properties it has — read from the statement's tokens, nested blank nodes ([ … ]) each a subject of their own.

import type { UsageContext } from '@prefixd/core'
import type { Token } from '@prefixd/core/syntax'
import { unescapeLocal } from '@prefixd/core/checks'
import { RDF_TYPE } from '../terms/terms.js'

interface Frame {
  state: 'subject' | 'predicate' | 'object' | 'list'
  /** The predicate written last (IRI; '' before the first, undefined when it could not be read). */
  last: string | undefined
  types: string[]
  written: string[]
  /** For a nested blank node, the predicate whose object it is (its range says what the node is). */
  objectOf?: string
}

/**
 * The context at the end of `tokens` (the statement's tokens before the cursor) for a name in `position`:
 * `declared` reads prefixed names. Turtle and TriG only; SPARQL gets no context.
 */
export function subjectContext(tokens: readonly Token[], declared: ReadonlyMap<string, string>, position: 'class' | 'property' | undefined): UsageContext {
  const frames: Frame[] = [{ state: 'subject', last: '', types: [], written: [] }]
  for (const token of tokens) {
    const frame = frames[frames.length - 1]!
    if (token.kind === 'comment') continue
    if (token.kind === 'punct') {
      punctuation(frames, frame, token.text)
      continue
    }
    if (frame.state === 'list') continue
    if (frame.state === 'subject') frame.state = 'predicate'
    else if (frame.state === 'predicate') {
      const iri = token.text === 'a' ? RDF_TYPE : iriOfToken(token, declared)
      frame.last = iri
      if (iri !== undefined && iri !== RDF_TYPE && !frame.written.includes(iri)) frame.written.push(iri)
      frame.state = 'object'
    } else if (frame.last === RDF_TYPE) {
      const type = iriOfToken(token, declared)
      if (type !== undefined) frame.types.push(type)
    }
  }
  const frame = frames[frames.length - 1]!
  return {
    ...(position !== undefined && { position }),
    ...(position === 'property' && frame.last !== undefined && { previous: frame.last }),
    types: frame.types,
    written: frame.written,
    ...(position === 'property' && frame.objectOf !== undefined && { objectOf: frame.objectOf }),
  }
}

function punctuation(frames: Frame[], frame: Frame, text: string): void {
  switch (text) {
    case ';':
      if (frame.state !== 'list') frame.state = 'predicate'
      break
    case ',':
      if (frame.state !== 'list') frame.state = 'object'
      break
    case '[':
      frames.push({
        state: frame.state === 'list' ? 'list' : 'predicate',
        last: '',
        types: [],
        written: [],
        ...(frame.state === 'object' && frame.last !== undefined && frame.last !== RDF_TYPE && { objectOf: frame.last }),
      })
      break
    case '(':
      frames.push({ state: 'list', last: '', types: [], written: [] })
      break
    case ']':
    case ')':
      if (frames.length > 1) frames.pop()
      // A [ … ] in subject place is the subject: its predicates come next.
      if (frames[frames.length - 1]!.state === 'subject') frames[frames.length - 1]!.state = 'predicate'
      break
    default:
      break
  }
}

/** The IRI a term token stands for: a prefixed name the document declares, or an absolute IRI. */
function iriOfToken(token: Token, declared: ReadonlyMap<string, string>): string | undefined {
  if (token.kind === 'iri') return token.text.startsWith('<') && token.text.endsWith('>') ? token.text.slice(1, -1) : undefined
  if (token.kind !== 'term') return undefined
  const colon = token.text.indexOf(':')
  if (colon < 0) return undefined
  const namespace = declared.get(token.text.slice(0, colon))
  return namespace === undefined ? undefined : namespace + unescapeLocal(token.text.slice(colon + 1))
}
