// A team's small vocabulary and data using it, for the tests of sets' vocabulary files.

export const WDG = 'http://example.org/widgets#'

/** A team's vocabulary: four terms with labels and comments, under a prefix the default table does not have. */
export const WIDGETS_TTL = `@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix wdg: <${WDG}> .
wdg:Widget a rdfs:Class ; rdfs:label "Widget" ; rdfs:comment "A thing the team builds." .
wdg:weight a rdf:Property ; rdfs:label "weight" ; rdfs:comment "How heavy it is, in grams." ; rdfs:domain wdg:Widget .
wdg:width a rdf:Property ; rdfs:label "width" .
wdg:wheel a rdf:Property ; rdfs:label "wheel" ; rdfs:comment "A wheel it rolls on." .
`

/** N-Triples using the vocabulary: widgets with a weight and then a width each, and one wheel. */
export function widgetData(count: number): string {
  const lines: string[] = []
  for (let i = 0; i < count; i++) {
    const subject = `<http://example.org/w${i}>`
    lines.push(`${subject} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${WDG}Widget> .`)
    lines.push(`${subject} <${WDG}weight> "${i}" .`, `${subject} <${WDG}width> "3" .`)
  }
  return lines.join('\n') + `\n<http://example.org/x> <${WDG}wheel> "1" .\n`
}
