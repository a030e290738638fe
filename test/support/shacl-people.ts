// The SHACL case `prefixd lint` (test/cli/lint.test.ts) and the language server (test/lsp/shacl.test.ts) both check,
// so that the two report the same results for the same files: a shapes graph and data breaking two of its shapes.

/** shapes/person.ttl: an integer ex:age (a violation with its own message) and at least one ex:name (a warning). */
export const PEOPLE_SHAPES = [
  '@prefix sh: <http://www.w3.org/ns/shacl#> .',
  '@prefix ex: <http://example.org/> .',
  '@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .',
  'ex:PersonShape a sh:NodeShape ; sh:targetClass ex:Person ;',
  '  sh:property [ sh:path ex:age ; sh:datatype xsd:integer ; sh:message "age must be an integer" ] ;',
  '  sh:property [ sh:path ex:name ; sh:minCount 1 ; sh:severity sh:Warning ] .',
  '',
].join('\n')

/** people.ttl: ex:bob's age is not an integer (5:3), ex:al has no name (7:1). */
export const PEOPLE_DATA =
  '@prefix ex: <http://example.org/> .\n\nex:bob a ex:Person ;\n  ex:name "Bob" ;\n  ex:age "old" .\n\nex:al a ex:Person ;\n  ex:age 3 .\n'
