// IRIs numbered in the order first met: how a usage is written as rows over its own list of IRIs (prefixd-usage/1,
// UsageRows).

/** A list of IRIs and `id`, which gives an IRI's place in it, adding it at the end when first met. */
export function iriNumbers(): { readonly iris: string[]; readonly id: (iri: string) => number } {
  const ids = new Map<string, number>()
  const iris: string[] = []
  const id = (iri: string): number => {
    let n = ids.get(iri)
    if (n === undefined) ids.set(iri, (n = iris.push(iri) - 1))
    return n
  }
  return { iris, id }
}
