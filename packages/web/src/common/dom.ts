// A few DOM helpers so the pages build elements in one expression, text always as text (never as HTML).

type Child = Node | string | null | undefined | false

/** An element with attributes (`class`, `aria-*`, `href`…) and children; strings become text nodes. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  for (const child of children) if (child) element.append(child)
  return element
}

/** The element with this id; a page without it is a build error, so this throws. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id)
  if (element === null) throw new Error(`the page has no #${id}`)
  return element as T
}

/** Calls `run` with the latest arguments once calls stop for `ms`; `cancel` drops a pending call. */
export function debounce<A extends unknown[]>(run: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  const debounced = (...args: A): void => {
    clearTimeout(timer)
    timer = setTimeout(() => run(...args), ms)
  }
  return Object.assign(debounced, { cancel: () => clearTimeout(timer) })
}
