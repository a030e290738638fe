// The best items of a range of a sorted array, best first, without scanning the range.

/** Items per block of {@link RangeBest}: a block is scanned whole, 128 bytes of priorities. */
const BLOCK_BITS = 5
const BLOCK = 1 << BLOCK_BITS
/** The most items {@link RangeBest.visitFor} picks by insertion before it sorts a range whole. */
const TOP = 64

/**
 * Items `0 … n-1` with a priority each: a permutation of `0 … n-1` (lower is better; see
 * {@link prioritiesOf} and {@link rankedAmong} to make one).
 * {@link RangeBest.best} finds the best item of any range `[lo, hi)`: the items are cut into blocks
 * of {@link BLOCK}, and a sparse table keeps the best block of every run of 2^k blocks, so a range
 * costs a scan of its two partial end blocks (contiguous memory) and two table lookups — few cache
 * misses, where a segment tree would chase ~2 log n nodes across memory. The table holds
 * (n / 32) · log2(n / 32) entries: 2 MB for a million items. {@link RangeBest.visit} lists a range
 * best first: take its best item, split the range around it, and keep the parts in a small heap
 * keyed by their own best item — k items cost k + 1 range queries and a heap of k entries, however
 * large the range.
 */
export class RangeBest {
  readonly #priority: Int32Array
  /** `#table[k][b]`: the best item of blocks `b … b + 2^k - 1`. */
  readonly #table: Int32Array[] = []
  /** The heap of the last {@link RangeBest.visit}, reused by the next (a visit inside a visit makes its own). */
  #spare: Heap | undefined
  /** The buffer of {@link RangeBest.visitFor}, kept likewise. */
  #top: Int32Array | undefined
  /** `#itemOf[p]`: the item of priority `p`, so that priorities sorted as plain numbers name their items. */
  readonly #itemOf: Int32Array

  constructor(priority: Int32Array) {
    this.#priority = priority
    this.#itemOf = new Int32Array(priority.length)
    priority.forEach((p, item) => (this.#itemOf[p] = item))
    const blocks = (priority.length + BLOCK - 1) >> BLOCK_BITS
    const first = new Int32Array(blocks)
    for (let b = 0; b < blocks; b++) first[b] = this.#scan(b << BLOCK_BITS, Math.min(priority.length, (b + 1) << BLOCK_BITS))
    this.#table.push(first)
    for (let k = 1; 1 << k <= blocks; k++) {
      const previous = this.#table[k - 1]!
      const half = 1 << (k - 1)
      const level = new Int32Array(blocks - (1 << k) + 1)
      for (let b = 0; b < level.length; b++) {
        const x = previous[b]!
        const y = previous[b + half]!
        level[b] = priority[x]! < priority[y]! ? x : y
      }
      this.#table.push(level)
    }
  }

  /** The priorities the items were built with. */
  get priority(): Int32Array {
    return this.#priority
  }

  /** The best item in `[lo, hi)`, or -1 when the range is empty. */
  best(lo: number, hi: number): number {
    if (hi - lo <= 2 * BLOCK) return this.#scan(lo, hi)
    const priority = this.#priority
    const firstBlock = (lo + BLOCK - 1) >> BLOCK_BITS
    const endBlock = hi >> BLOCK_BITS
    let best = this.#scan(lo, firstBlock << BLOCK_BITS)
    const tail = this.#scan(endBlock << BLOCK_BITS, hi)
    if (best < 0 || (tail >= 0 && priority[tail]! < priority[best]!)) best = tail
    if (firstBlock < endBlock) {
      const k = 31 - Math.clz32(endBlock - firstBlock)
      const level = this.#table[k]!
      const x = level[firstBlock]!
      const y = level[endBlock - (1 << k)]!
      const middle = priority[x]! < priority[y]! ? x : y
      if (best < 0 || priority[middle]! < priority[best]!) best = middle
    }
    return best
  }

  /** The best item of `[lo, hi)` by looking at each: for short ranges. */
  #scan(lo: number, hi: number): number {
    const priority = this.#priority
    let best = -1
    let bestPriority = 0x7fffffff
    for (let i = lo; i < hi; i++) {
      if (priority[i]! < bestPriority) {
        bestPriority = priority[i]!
        best = i
      }
    }
    return best
  }

  /**
   * {@link RangeBest.visit} for a caller that will take about `wanted` items: from a range not many times larger,
   * the best `wanted` are picked in one pass (or, for many wanted, the range is sorted whole), cheaper than a heap
   * walk that finds the best of two ranges per item.
   */
  visitFor(wanted: number, lo: number, hi: number, visit: (item: number) => boolean): void {
    // Picking the best few by insertion costs about a pass over the range: a few hundred items are cheaper so than by
    // the heap, whose every step finds the best of two ranges. A sort of the whole range pays off at a quarter of that.
    if (hi - lo > (wanted < TOP ? 16 : 4) * wanted + 16) return this.visit(lo, hi, visit)
    const priority = this.#priority
    const itemOf = this.#itemOf
    // The best `wanted` by insertion (most items fall behind the last one kept at once): a typed array's sort()
    // is most of a short range's cost. A caller that takes more gets the rest from the whole range sorted.
    // Kept for the next call (allocating a typed array costs as much as the picking): a visit inside a visit makes its own.
    const top = this.#top ?? new Int32Array(TOP)
    this.#top = undefined
    let count = 0
    for (let i = lo; i < hi && wanted < TOP; i++) {
      const p = priority[i]!
      if (count === wanted && p >= top[wanted - 1]!) continue
      let at = count < wanted ? count++ : wanted - 1
      for (; at > 0 && top[at - 1]! > p; at--) top[at] = top[at - 1]!
      top[at] = p
    }
    let i = 0
    while (i < count && visit(itemOf[top[i]!]!)) i++
    this.#top = top
    // An empty range ends here too (count 0).
    if (i < count || count >= hi - lo) return
    const sorted = priority.slice(lo, hi).sort()
    for (let i = count; i < sorted.length; i++) if (!visit(itemOf[sorted[i]!]!)) return
  }

  /** Calls `visit` with the items of `[lo, hi)`, best first, until it returns false. */
  visit(lo: number, hi: number, visit: (item: number) => boolean): void {
    if (lo >= hi) return
    // A binary min-heap of ranges [lo, hi) keyed by the priority of their best item. Each visited
    // item adds at most one range, so k visits need at most k + 1 slots.
    const heap = this.#spare ?? new Heap(this.#priority)
    this.#spare = undefined
    try {
      heap.push(lo, hi, this.best(lo, hi))
      while (heap.size > 0) {
        const l = heap.los[0]!
        const h = heap.his[0]!
        const item = heap.items[0]!
        heap.pop()
        if (!visit(item)) return
        if (l < item) heap.push(l, item, this.best(l, item))
        if (item + 1 < h) heap.push(item + 1, h, this.best(item + 1, h))
      }
    } finally {
      heap.size = 0
      this.#spare = heap
    }
  }
}

/** The heap of {@link RangeBest.visit}, in typed arrays that grow by doubling. */
class Heap {
  los = new Int32Array(32)
  his = new Int32Array(32)
  items = new Int32Array(32)
  size = 0

  constructor(readonly priority: Int32Array) {}

  push(lo: number, hi: number, item: number): void {
    if (this.size === this.items.length) this.#grow()
    const { los, his, items, priority } = this
    const key = priority[item]!
    let i = this.size++
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (priority[items[parent]!]! <= key) break
      los[i] = los[parent]!
      his[i] = his[parent]!
      items[i] = items[parent]!
      i = parent
    }
    los[i] = lo
    his[i] = hi
    items[i] = item
  }

  /** Removes the root: the last entry sifts down from the top. */
  pop(): void {
    const { los, his, items, priority } = this
    const n = --this.size
    if (n === 0) return
    const lo = los[n]!
    const hi = his[n]!
    const item = items[n]!
    const key = priority[item]!
    let i = 0
    for (;;) {
      let child = 2 * i + 1
      if (child >= n) break
      if (child + 1 < n && priority[items[child + 1]!]! < priority[items[child]!]!) child++
      if (priority[items[child]!]! >= key) break
      los[i] = los[child]!
      his[i] = his[child]!
      items[i] = items[child]!
      i = child
    }
    los[i] = lo
    his[i] = hi
    items[i] = item
  }

  #grow(): void {
    const grow = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2)
      b.set(a)
      return b
    }
    this.los = grow(this.los)
    this.his = grow(this.his)
    this.items = grow(this.items)
  }
}

/** Priorities `0 … m-1` in the same order as `priorities` (distinct numbers): a subset of a ranking, ranked again. */
export function rankedAmong(priorities: Int32Array): Int32Array {
  const order = Int32Array.from(priorities, (_, i) => i).sort((a, b) => priorities[a]! - priorities[b]!)
  const ranked = new Int32Array(priorities.length)
  order.forEach((item, position) => (ranked[item] = position))
  return ranked
}

/**
 * Priorities (0 = best) for items given a score each (higher is better); ties go to `before`, which
 * must order any two distinct items.
 */
export function prioritiesOf(scores: Float64Array, before: (a: number, b: number) => number): Int32Array {
  const order = Int32Array.from(scores, (_, i) => i).sort((a, b) => scores[b]! - scores[a]! || before(a, b))
  const priority = new Int32Array(scores.length)
  order.forEach((item, position) => (priority[item] = position))
  return priority
}
