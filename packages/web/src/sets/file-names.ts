// The names a set's vocabulary files are stored under: what the resolver takes (1 to 128 of A-Z a-z 0-9 . _ ~ -,
// starting with a letter or digit), made from the names on the user's disk without losing what tells the syntax.

/** At most this many characters of a file name's last dot-separated parts are taken as its extension (`.nt.gz`). */
const MAX_EXTENSION = 24

/**
 * `name` as the API takes it, its extension (`.ttl`, `.nt.gz`: up to two parts, which tell the syntax) kept whole:
 * `my shapes.ttl` → `my-shapes.ttl`, `###.ttl` → `vocabulary.ttl`.
 */
export function safeName(name: string): string {
  const found = /(?:\.[A-Za-z0-9]+){1,2}$/.exec(name)?.[0] ?? ''
  const extension = found.length <= MAX_EXTENSION ? found : ''
  const base = name
    .slice(0, name.length - extension.length)
    .replace(/[^A-Za-z0-9._~-]/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
  return (base === '' ? 'vocabulary' : base).slice(-(128 - extension.length)) + extension
}

/** The stored names that two or more of `names` would share, each with the names it stands for: a batch with any is refused. */
export function sharedNames(names: readonly string[]): Array<{ readonly stored: string; readonly names: readonly string[] }> {
  const byStored = new Map<string, string[]>()
  for (const name of names) {
    const stored = safeName(name)
    byStored.set(stored, [...(byStored.get(stored) ?? []), name])
  }
  return [...byStored].filter(([, all]) => all.length > 1).map(([stored, all]) => ({ stored, names: all }))
}
