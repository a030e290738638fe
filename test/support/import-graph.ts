// Finds import cycles among a package's own modules: relative imports only, type-only ones included.

import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** Every `.ts`/`.tsx` file under `dir`, declarations and `node_modules`/`dist` left out. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') files.push(...sourceFiles(path))
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path)
  }
  return files.sort()
}

/** Comments removed, strings kept: `//` inside a string such as a URL is not a comment. */
function withoutComments(source: string): string {
  return source.replace(
    /('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
    (match, string: string | undefined) => string ?? ' ',
  )
}

/** `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`: the module specifiers, in order. */
const SPECIFIER = /(?:^|[;\n}])\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s*)?['"]([^'"\n]+)['"]|\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g

export function importSpecifiers(source: string): string[] {
  return [...withoutComments(source).matchAll(SPECIFIER)].map((m) => (m[1] ?? m[2])!)
}

/** The file a relative specifier names (`./x.js` is `x.ts` in source), or `undefined` for a package or a miss. */
function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = resolve(dirname(from), specifier)
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, '')
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return undefined
}

/** Module → the modules of the same tree it imports. */
export function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(dir)) {
    const targets = importSpecifiers(readFileSync(file, 'utf8'))
      .map((specifier) => resolveRelative(file, specifier))
      .filter((target): target is string => target !== undefined && target.startsWith(dir))
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/**
 * The strongly connected components of more than one module, and modules that import themselves:
 * each is a cycle (Tarjan's algorithm, iterative so that a long chain cannot overflow the stack).
 * Paths come back relative to `root`, sorted, so that a failure reads the same on every run.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>, root: string): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const cycles: string[][] = []
  let next = 0
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }]
    ;(index.set(start, next), low.set(start, next++), stack.push(start), onStack.add(start))
    while (work.length > 0) {
      const frame = work.at(-1)!
      const edges = graph.get(frame.node) ?? []
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!
        if (!index.has(target)) {
          ;(index.set(target, next), low.set(target, next++), stack.push(target), onStack.add(target))
          work.push({ node: target, edge: 0 })
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!))
        continue
      }
      work.pop()
      const parent = work.at(-1)
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!))
      if (low.get(frame.node) !== index.get(frame.node)) continue
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== frame.node)
      if (component.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node)) {
        cycles.push(component.map((file) => relative(root, file)).sort())
      }
    }
  }
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!))
}

/**
 * The layer of `file` (relative to `src`): its top folder with a slash (`routes/`), or its own name for a
 * file directly in `src` (`start.ts`).
 */
function layerOf(file: string): string {
  const slash = file.indexOf('/')
  return slash < 0 ? file : file.slice(0, slash + 1)
}

/**
 * The imports that go up a layer order (top first: a module may import its own layer and those below
 * it), as `from → to` relative to `src`, sorted; a layer missing from the order is reported as
 * `from → to (… not in the order)`, so that a new folder has to be given its place.
 */
export function layerViolations(graph: ReadonlyMap<string, readonly string[]>, src: string, order: readonly string[]): string[] {
  const rank = new Map(order.map((layer, i) => [layer, i]))
  const found: string[] = []
  for (const [from, targets] of graph) {
    const fromFile = relative(src, from).split('\\').join('/')
    const fromRank = rank.get(layerOf(fromFile))
    if (fromRank === undefined) {
      found.push(`${fromFile} (${layerOf(fromFile)} not in the order)`)
      continue
    }
    for (const target of targets) {
      const toFile = relative(src, target).split('\\').join('/')
      const toRank = rank.get(layerOf(toFile))
      if (toRank === undefined) found.push(`${fromFile} → ${toFile} (${layerOf(toFile)} not in the order)`)
      else if (toRank < fromRank) found.push(`${fromFile} → ${toFile}`)
    }
  }
  return [...new Set(found)].sort()
}

/** The layer order a README gives on its line `Layers, top to bottom: \`a.ts\` → \`b/\` → …`. */
export function readmeLayers(readme: string): string[] | undefined {
  const line = /^Layers, top to bottom: (.+)$/m.exec(readme)?.[1]
  return line === undefined ? undefined : [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)
}
