// `prefixd format`'s flags and usage text, apart from the command so that other commands load neither the
// formatter nor the diff library.

export const FORMAT_USAGE = `  format [FILE...]           format Turtle, TriG and SPARQL in place, comments and statement order kept
                             (stdin to stdout without FILE); exit 1 with --check if one is not formatted,
                             2 if one does not read (file:line:col said on stderr; the others are still done)
      --check                change nothing: print a diff of each file that is not formatted
      --format F             turtle, trig or sparql (default: by extension .ttl .trig .rq .sparql .ru)
      --indent N|tab         spaces per level (default 4) or a tab
      --width N              the line width groups are broken at (default 80)
      --keyword-case C       upper (default), lower or keep: SPARQL's keywords, Turtle's PREFIX/BASE/GRAPH
      --predicates L         lines (default: each predicate of a subject on its own line) or fill
      --objects L            fill (default: a predicate's objects on its line while they fit) or lines
      --align-prefixes       align the namespaces of consecutive prefix declarations
      --sort-statements      sort statements by subject and prefixes by prefix (within runs between directives)
`

export const FORMAT_OPTIONS = {
  check: { type: 'boolean' },
  indent: { type: 'string' },
  width: { type: 'string' },
  'keyword-case': { type: 'string' },
  predicates: { type: 'string' },
  objects: { type: 'string' },
  'align-prefixes': { type: 'boolean' },
  'sort-statements': { type: 'boolean' },
} as const

export interface FormatFlags {
  readonly check?: boolean
  readonly format?: string
  readonly indent?: string
  readonly width?: string
  readonly 'keyword-case'?: string
  readonly predicates?: string
  readonly objects?: string
  readonly 'align-prefixes'?: boolean
  readonly 'sort-statements'?: boolean
}
