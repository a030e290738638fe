// The layout the formatters build and its printer: text, line breaks a group takes only when it does not fit
// on the line, indentation, and comments (a comment ends its line, so whatever follows starts a new one).

/** A piece of layout: text, a sequence, a line break, an indented part, a group, or a comment. */
export type Layout = string | readonly Layout[] | Break | Indent | Group | CommentLayout

interface Break {
  readonly kind: 'break'
  /** Always a new line (`hard`), or only when the enclosing group does not fit (then `flat` is printed instead). */
  readonly hard: boolean
  readonly flat: string
  /** An empty line before the next one (a blank line the author left). */
  readonly blank: boolean
  /** Indentation levels added to this line alone (a continuation line of a SPARQL triple). */
  readonly extra: number
}
interface Indent {
  readonly kind: 'indent'
  readonly contents: Layout
}
interface Group {
  readonly kind: 'group'
  readonly contents: Layout
  /** Holds a hard break or a comment: it cannot be flat. */
  readonly broken: boolean
}
interface CommentLayout {
  readonly kind: 'comment'
  readonly text: string
  /** The comment had a line of its own (else it followed a token on its line). */
  readonly ownLine: boolean
  readonly blank: boolean
}

export const line = (flat = ' '): Break => ({ kind: 'break', hard: false, flat, blank: false, extra: 0 })
export const hardLine = (blank = false, extra = 0): Break => ({ kind: 'break', hard: true, flat: '', blank, extra })
export const indent = (contents: Layout): Indent => ({ kind: 'indent', contents })
export const group = (contents: Layout): Group => ({ kind: 'group', contents, broken: holdsBreak(contents) })
export const comment = (text: string, ownLine: boolean, blank: boolean): CommentLayout => ({ kind: 'comment', text, ownLine, blank })

/** Whether `layout` holds a hard break or a comment; a nested group answers from its own flag (so building is linear). */
export function holdsBreak(layout: Layout): boolean {
  if (typeof layout === 'string') return false
  if (Array.isArray(layout)) return (layout as readonly Layout[]).some(holdsBreak)
  const node = layout as Break | Indent | Group | CommentLayout
  switch (node.kind) {
    case 'break':
      return node.hard
    case 'comment':
      return true
    case 'group':
      return node.broken
    default:
      return holdsBreak(node.contents)
  }
}

export interface PrintOptions {
  /** One level of indentation: spaces or a tab. */
  readonly unit: string
  readonly width: number
  /** The line ending written (default LF). */
  readonly newline?: '\n' | '\r\n'
}

/**
 * The text of `layout`. No line ends with blank space the printer made (spaces and indentation are written
 * only before the text that follows them); the text ends with one line ending unless it is empty.
 */
export function print(layout: Layout, options: PrintOptions): string {
  const out: string[] = []
  const indentations: string[] = []
  const newline = options.newline ?? '\n'
  let column = 0
  let started = false
  /** Newlines owed before the next text (2: one blank line), the level it starts at, and a space owed. */
  let newlines = 0
  let level = 0
  let space = false
  /** A comment ended the line: what comes next starts a new one. */
  let afterComment = false
  const write = (text: string, at: number): void => {
    if (afterComment && newlines === 0) [newlines, level] = [1, at]
    if (started && newlines > 0) {
      const indentation = (indentations[level] ??= options.unit.repeat(level))
      out.push(newlines === 1 ? newline + indentation : newline + newline + indentation)
      column = indentation.length
    } else if (started && space) {
      out.push(' ')
      column++
    }
    out.push(text)
    const lastNewline = text.lastIndexOf('\n')
    column = lastNewline < 0 ? column + text.length : text.length - lastNewline - 1
    started = true
    newlines = 0
    space = false
    afterComment = false
  }
  // The commands to run, as three stacks (a tuple each would be garbage a 1 MB document makes millions of).
  const stack = new Commands()
  stack.push(0, false, layout)
  while (stack.size > 0) {
    const at = stack.levels[stack.size - 1]!
    const flat = stack.flats[stack.size - 1]!
    const node = stack.pop()
    if (typeof node === 'string') {
      // A lone space is owed, not written: at a line's end or start it is dropped.
      if (node === ' ') space = true
      else if (node !== '') write(node, at)
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(at, flat, (node as readonly Layout[])[i]!)
    } else {
      const item = node as Break | Indent | Group | CommentLayout
      if (item.kind === 'indent') stack.push(at + 1, flat, item.contents)
      else if (item.kind === 'group') stack.push(at, flat || (!item.broken && fits(item.contents, options.width - column, stack)), item.contents)
      else if (item.kind === 'comment') {
        if (item.ownLine) [newlines, level] = [Math.max(newlines, item.blank ? 2 : 1), at]
        else space = true
        write(item.text, at)
        afterComment = true
      } else if (flat && !item.hard && !afterComment) {
        if (item.flat === ' ') space = true
        else if (item.flat !== '') write(item.flat, at)
      } else {
        ;[newlines, level, space] = [Math.max(newlines, item.blank ? 2 : 1), at + item.extra, false]
        afterComment = false
      }
    }
  }
  return started ? out.join('') + newline : ''
}

/** The printer's stack of commands: a layout, the level it is indented to, and whether it prints flat. */
class Commands {
  readonly levels: number[] = []
  readonly flats: boolean[] = []
  readonly nodes: Layout[] = []
  size = 0

  push(level: number, flat: boolean, node: Layout): void {
    this.levels[this.size] = level
    this.flats[this.size] = flat
    this.nodes[this.size++] = node
  }

  pop(): Layout {
    const node = this.nodes[--this.size]!
    this.nodes[this.size] = '' // let the layout go
    return node
  }
}

/** Whether `layout`, printed flat, and what follows it up to the next line break fit in `room` columns. */
function fits(layout: Layout, room: number, rest: Commands): boolean {
  // Each pending piece with whether it prints flat: the group's own always do; what follows, as its commands say.
  const pending: [boolean, Layout][] = [[true, layout]]
  let restAt = rest.size
  while (room >= 0) {
    let next = pending.pop()
    if (next === undefined) {
      if (restAt === 0) return true
      restAt--
      next = [rest.flats[restAt]!, rest.nodes[restAt]!]
    }
    const [flat, node] = next
    if (typeof node === 'string') {
      const newline = node.indexOf('\n')
      if (newline >= 0) return room - newline >= 0
      room -= node.length
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) pending.push([flat, (node as readonly Layout[])[i]!])
    } else {
      const item = node as Break | Indent | Group | CommentLayout
      // A comment ends the line (one that follows a token is not counted: it does not make the code break).
      if (item.kind === 'comment') return true
      if (item.kind === 'break') {
        // A break that is taken ends the line, and the measure.
        if (item.hard || !flat) return true
        room -= item.flat.length
      } else pending.push([flat, item.contents])
    }
  }
  return false
}
