// A prefix declaration as Turtle, SPARQL and JSON-LD write it.

export type DeclarationSyntax = 'turtle' | 'sparql' | 'jsonld'

/** The syntaxes in the order the pages offer them. */
export const SYNTAXES: readonly DeclarationSyntax[] = ['turtle', 'sparql', 'jsonld']

export const SYNTAX_NAMES: Readonly<Record<DeclarationSyntax, string>> = {
  turtle: 'Turtle',
  sparql: 'SPARQL',
  jsonld: 'JSON-LD',
}

/** `@prefix foaf: <…> .`, `PREFIX foaf: <…>` or the JSON-LD context entry `"foaf": "…"`. */
export function declaration(prefix: string, namespace: string, syntax: DeclarationSyntax): string {
  switch (syntax) {
    case 'turtle':
      return `@prefix ${prefix}: <${namespace}> .`
    case 'sparql':
      return `PREFIX ${prefix}: <${namespace}>`
    case 'jsonld':
      return `${JSON.stringify(prefix)}: ${JSON.stringify(namespace)}`
  }
}
