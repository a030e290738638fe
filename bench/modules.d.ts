// Types for benchmark contenders that ship none.

declare module '@rdfjs/prefix-map/PrefixMap.js' {
  import type { DataFactory, NamedNode, Term } from '@rdfjs/types'
  export default class PrefixMap extends Map<string, NamedNode> {
    constructor(prefixes: Iterable<[string, NamedNode]>, options: { factory: DataFactory })
    resolve(term: Term): NamedNode | null
    shrink(term: Term): NamedNode | null
  }
}

// Node bindings to RE2 (optional: installed by hand to compare engines).
declare module 're2' {
  export default class RE2 {
    constructor(pattern: string, flags: string)
    lastIndex: number
    exec(text: string): { groups?: object } | null
  }
}
