// The shape of a Turtle or TriG text, read with n3's lexer: what a formatting writer (Jena's riot --formatted) gives.

import { Lexer } from 'n3'

export interface TurtleShape {
  /** Whether every `@prefix`/`PREFIX` and `@base`/`BASE` comes before the first statement. */
  readonly prefixesFirst: boolean
  /** Statement blocks (a subject and its predicates), and how many subjects head more than one block in a graph. */
  readonly blocks: number
  readonly repeatedSubjects: number
  /** Distinct blank-node labels, blank nodes written `[ … ]`, lists written `( … )`. */
  readonly labels: number
  readonly nested: number
  readonly lists: number
}

/** Reads the shape of `text`: a block starts with the first token of a statement at depth 0. */
export function turtleShape(text: string): TurtleShape {
  const tokens = new Lexer().tokenize(text) as { type: string; prefix?: string; value?: string }[]
  let prefixesFirst = true
  let statements = false
  let declaration = false
  let depth = 0
  let atStart = true
  let graph = ''
  let lastHead = ''
  const heads = new Map<string, number>()
  const labels = new Set<string>()
  let nested = 0
  let lists = 0
  for (const token of tokens) {
    const type = token.type
    if (type === '@prefix' || type === 'PREFIX' || type === '@base' || type === 'BASE') {
      if (statements) prefixesFirst = false
      declaration = true
      continue
    }
    if (declaration) {
      // A declaration ends with its IRI (and a '.' for the @ forms).
      if (type === 'IRI') {
        declaration = false
        atStart = true
      }
      continue
    }
    if (type === 'blank') labels.add(token.value!)
    if (type === '[') nested++
    if (type === '(') lists++
    if (type === '[' || type === '(') depth++
    else if (type === ']' || type === ')') depth--
    if ((type === '.' && depth === 0) || type === '}') {
      if (type === '}') graph = ''
      atStart = true
      continue
    }
    if (type === '{') {
      // What was taken for a subject was the graph's name.
      const count = heads.get(lastHead)! - 1
      if (count === 0) heads.delete(lastHead)
      else heads.set(lastHead, count)
      graph = lastHead.slice(lastHead.indexOf(' ') + 1)
      atStart = true
      continue
    }
    if (atStart && type !== 'eof' && type !== '.') {
      atStart = false
      statements = true
      // `[ … ] .` blocks have no subject that could repeat.
      if (type === '[') continue
      lastHead = graph + ' ' + (token.prefix ?? '') + ':' + (token.value ?? type)
      heads.set(lastHead, (heads.get(lastHead) ?? 0) + 1)
    }
  }
  return {
    prefixesFirst,
    blocks: heads.size,
    repeatedSubjects: [...heads.values()].filter((n) => n > 1).length,
    labels: labels.size,
    nested,
    lists,
  }
}
