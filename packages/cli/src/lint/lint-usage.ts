// `prefixd lint`'s lines of the usage text: apart from the command, which loads the parsers only when run.

export const LINT_USAGE = `  lint FILE|DIR...           check Turtle, TriG and SPARQL files (folders: their .ttl .trig .rq .sparql .ru
                             files, not node_modules or dot-folders) as the language server does: syntax,
                             undeclared, unused, unregistered and suspect prefixes, unknown and deprecated
                             terms, another namespace than the table's, http/https mixed; rules, severities,
                             prefix and vocabulary files from the nearest .prefixd.json
      --format F             text (default: file:line:col: severity: message [rule]), json or sarif (2.1.0)
      --fix                  apply the fixes that keep every IRI: remove unused prefixes, rename a typo
                             alias to the prefix usually written (dcterm: -> dcterms:); report what is left
      --config FILE          this .prefixd.json for every file, instead of the nearest one
      --fail-on S            exit 1 when a finding is at least S: error (default), warning, information, hint
`
