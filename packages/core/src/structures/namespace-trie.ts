// A radix trie over namespace IRIs: one walk down an IRI finds every namespace that starts it.

interface TrieNode<V> {
  /** The edge label leading into this node (the root's is empty). */
  label: string
  value: V | undefined
  /** The first UTF-16 unit of each child's label, in the order of `kids`: a few children are found by a scan. */
  firsts: string
  kids: Array<TrieNode<V>>
  /** For a node with many children, all ASCII: the child by first unit (a host list under `http://` has hundreds). */
  table: Array<TrieNode<V> | undefined> | undefined
}

function newNode<V>(label: string, value?: V): TrieNode<V> {
  return { label, value, firsts: '', kids: [], table: undefined }
}

/** Children past which a node indexes them by first unit: a scan of a few units beats a hash lookup. */
const SCAN_MAX = 8

/** The child of `node` whose label starts with `unit`. */
function childOf<V>(node: TrieNode<V>, unit: number): TrieNode<V> | undefined {
  if (node.table !== undefined) return unit < 128 ? node.table[unit] : undefined
  const firsts = node.firsts
  for (let j = 0; j < firsts.length; j++) if (firsts.charCodeAt(j) === unit) return node.kids[j]
  return undefined
}

/** Adds `child` (whose label starts with a unit no other child's does) to `node`. */
function addChild<V>(node: TrieNode<V>, child: TrieNode<V>): void {
  const unit = child.label.charCodeAt(0)
  node.firsts += child.label[0]
  node.kids.push(child)
  if (node.table !== undefined && unit >= 128)
    node.table = undefined // rare: back to the scan
  else if (node.table !== undefined) node.table[unit] = child
  else if (node.kids.length > SCAN_MAX && /^[\x00-\x7f]*$/.test(node.firsts)) {
    node.table = new Array<TrieNode<V> | undefined>(128).fill(undefined)
    for (const kid of node.kids) node.table[kid.label.charCodeAt(0)] = kid
  }
}

/** Puts `child` in the place of the child of `node` that starts with the same unit. */
function replaceChild<V>(node: TrieNode<V>, child: TrieNode<V>): void {
  const unit = child.label.charCodeAt(0)
  node.kids[node.firsts.indexOf(child.label[0]!)] = child
  if (node.table !== undefined) node.table[unit] = child
}

/** Whether `s` holds `label` at `from`, its first unit known to match (a loop of charCodeAt: cheaper than startsWith on sliced strings). */
function holdsAt(s: string, label: string, from: number): boolean {
  const length = label.length
  if (from + length > s.length) return false
  for (let k = 1; k < length; k++) if (s.charCodeAt(from + k) !== label.charCodeAt(k)) return false
  return true
}

/**
 * Maps string keys to values; {@link NamespaceTrie.matches} lists every key that is a prefix of a
 * string in one pass. Edges carry whole substrings (a radix trie), so shared hosts such as
 * `http://purl.org/` cost one node, not one per character.
 */
export class NamespaceTrie<V> {
  #root: TrieNode<V> = newNode('')
  #size = 0

  get size(): number {
    return this.#size
  }

  /** Sets the value of `key`, replacing any earlier one. */
  set(key: string, value: V): void {
    let node = this.#root
    let i = 0
    for (;;) {
      if (i === key.length) {
        if (node.value === undefined) this.#size++
        node.value = value
        return
      }
      const child = childOf(node, key.charCodeAt(i))
      if (child === undefined) {
        addChild(node, newNode(key.slice(i), value))
        this.#size++
        return
      }
      const common = commonPrefixLength(child.label, key, i)
      if (common < child.label.length) {
        // Split the edge: a new inner node takes the shared part, the old child keeps the rest.
        const inner = newNode<V>(child.label.slice(0, common))
        child.label = child.label.slice(common)
        addChild(inner, child)
        replaceChild(node, inner)
        node = inner
      } else {
        node = child
      }
      i += common
    }
  }

  /** The value stored for exactly `key`. */
  get(key: string): V | undefined {
    let node = this.#root
    let i = 0
    while (i < key.length) {
      const child = childOf(node, key.charCodeAt(i))
      if (child === undefined || !holdsAt(key, child.label, i)) return undefined
      node = child
      i += child.label.length
    }
    return node.value
  }

  /**
   * Writes into `out` the values of every key that is a prefix of `s`, shortest first, and returns
   * how many it wrote. `out` is reused by the caller so the walk allocates nothing.
   */
  matches(s: string, out: V[]): number {
    let count = 0
    let node = this.#root
    let i = 0
    if (node.value !== undefined) out[count++] = node.value
    while (i < s.length) {
      const child = childOf(node, s.charCodeAt(i))
      if (child === undefined || !holdsAt(s, child.label, i)) break
      node = child
      i += child.label.length
      if (node.value !== undefined) out[count++] = node.value
    }
    return count
  }

  /** The value of the longest key that is a prefix of `s`. */
  longest(s: string): V | undefined {
    let best = this.#root.value
    let node = this.#root
    let i = 0
    while (i < s.length) {
      const child = childOf(node, s.charCodeAt(i))
      if (child === undefined || !holdsAt(s, child.label, i)) break
      node = child
      i += child.label.length
      if (node.value !== undefined) best = node.value
    }
    return best
  }
}

function commonPrefixLength(label: string, key: string, offset: number): number {
  const max = Math.min(label.length, key.length - offset)
  let k = 0
  while (k < max && label.charCodeAt(k) === key.charCodeAt(offset + k)) k++
  return k
}
