// Case folding for case-insensitive matching that keeps prefixes prefixes.

/**
 * `s` lower-cased, character by character. `toLowerCase` alone is not: a capital sigma becomes `ς` at
 * the end of a word and `σ` elsewhere, so `ΟΔΟΣ` would not fold to a prefix of `ΟΔΟΣΑ`. Mapping the
 * final form to `σ` makes fold(a + b) = fold(a) + fold(b), which every prefix search here relies on.
 */
export function fold(s: string): string {
  const lower = s.toLowerCase()
  return lower.includes('ς') ? lower.replaceAll('ς', 'σ') : lower
}
