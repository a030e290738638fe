// Binary searches over sorted string arrays: the block of keys that start with a query.

/** Index of the first key that is not less than `query`. */
export function lowerBound(keys: readonly string[], query: string, from = 0, to = keys.length): number {
  let lo = from
  let hi = to
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (keys[mid]! < query) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The half-open range `[start, end)` of keys that start with `prefix` (within `[from, to)`). In a sorted array
 * those keys form one block that begins where `prefix` itself would be inserted.
 */
export function prefixRange(keys: readonly string[], prefix: string, from = 0, to = keys.length): [number, number] {
  const start = lowerBound(keys, prefix, from, to)
  let lo = start
  let hi = to
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (keys[mid]!.startsWith(prefix)) lo = mid + 1
    else hi = mid
  }
  return [start, lo]
}

/** Index of the first number in sorted `values` (within `[from, to)`) that is not less than `x`. */
export function lowerBoundNumber(values: ArrayLike<number>, x: number, from = 0, to = values.length): number {
  let lo = from
  let hi = to
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (values[mid]! < x) lo = mid + 1
    else hi = mid
  }
  return lo
}
