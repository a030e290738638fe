// The best items of a range of a sorted array, best first, without scanning the range.

/**
 * Items `0 … n-1` with a priority each (lower is better; all distinct, so the order is total). A
 * segment tree keeps the best position of every aligned block, so the best item of any range
 * `[lo, hi)` costs O(log n). {@link RangeBest.visit} lists a range best first: take its best
 * item, split the range around it, and keep the parts in a small heap keyed by their own best
 * item — k items cost O(k log n), however large the range.
 */
export class RangeBest {
  readonly #priority: Int32Array
  readonly #size: number
  /** `#tree[size + i] = i`; an inner node holds the better of its two children's items. */
  readonly #tree: Int32Array

  constructor(priority: Int32Array) {
    const n = priority.length
    this.#priority = priority
    this.#size = n
    const tree = new Int32Array(2 * n)
    for (let i = 0; i < n; i++) tree[n + i] = i
    for (let i = n - 1; i > 0; i--) tree[i] = this.#better(tree[2 * i]!, tree[2 * i + 1]!)
    this.#tree = tree
  }

  /** The priorities the items were built with. */
  get priority(): Int32Array {
    return this.#priority
  }

  /** The best item in `[lo, hi)`, or -1 when the range is empty. */
  best(lo: number, hi: number): number {
    const tree = this.#tree
    const priority = this.#priority
    let best = -1
    let bestPriority = 0x7fffffff
    for (lo += this.#size, hi += this.#size; lo < hi; lo >>>= 1, hi >>>= 1) {
      if (lo & 1) {
        const item = tree[lo++]!
        if (priority[item]! < bestPriority) (best = item), (bestPriority = priority[item]!)
      }
      if (hi & 1) {
        const item = tree[--hi]!
        if (priority[item]! < bestPriority) (best = item), (bestPriority = priority[item]!)
      }
    }
    return best
  }

  /** Calls `visit` with the items of `[lo, hi)`, best first, until it returns false. */
  visit(lo: number, hi: number, visit: (item: number) => boolean): void {
    if (lo >= hi) return
    // A binary min-heap of ranges [lo, hi) keyed by the priority of their best item. Each visited
    // item adds at most one range, so k visits need at most k + 1 slots.
    const heap = new Heap(this.#priority)
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
  }

  #better(a: number, b: number): number {
    if (a < 0) return b
    return this.#priority[a]! <= this.#priority[b]! ? a : b
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
