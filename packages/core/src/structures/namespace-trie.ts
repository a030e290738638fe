// A radix trie over namespace IRIs: one walk down an IRI finds every namespace that starts it.

interface TrieNode<V> {
  /** The edge label leading into this node (the root's is empty). */
  label: string
  value: V | undefined
  /** Children keyed by the first UTF-16 unit of their label; absent on leaves to save memory. */
  children: Map<number, TrieNode<V>> | undefined
}

function newNode<V>(label: string, value?: V): TrieNode<V> {
  return { label, value, children: undefined }
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
      const first = key.charCodeAt(i)
      const child = node.children?.get(first)
      if (child === undefined) {
        node.children ??= new Map()
        node.children.set(first, newNode(key.slice(i), value))
        this.#size++
        return
      }
      const common = commonPrefixLength(child.label, key, i)
      if (common < child.label.length) {
        // Split the edge: a new inner node takes the shared part, the old child keeps the rest.
        const inner = newNode<V>(child.label.slice(0, common))
        child.label = child.label.slice(common)
        inner.children = new Map([[child.label.charCodeAt(0), child]])
        node.children!.set(first, inner)
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
      const child = node.children?.get(key.charCodeAt(i))
      if (child === undefined || !key.startsWith(child.label, i)) return undefined
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
      const child = node.children?.get(s.charCodeAt(i))
      if (child === undefined || !s.startsWith(child.label, i)) break
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
      const child = node.children?.get(s.charCodeAt(i))
      if (child === undefined || !s.startsWith(child.label, i)) break
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
