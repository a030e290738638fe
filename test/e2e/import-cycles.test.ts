// No package of the repository has an import cycle among its own modules (type-only imports included:
// a cycle of types is still two modules that cannot be understood one without the other), and the chat
// package's folders import only down the layer order its README gives.

import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importCycles, importGraph, importSpecifiers, layerViolations, readmeLayers } from '../support/import-graph.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const PACKAGES = join(ROOT, 'packages')
const FIXTURE = fileURLToPath(new URL('../support/import-cycle-fixture', import.meta.url))

describe('import cycles', () => {
  describe('the scanner', () => {
    it('reads static, re-export, side-effect, type-only and dynamic imports, and not those in comments', () => {
      const source = [
        "import { a } from './a.js'",
        "import type { B } from './b.js'",
        "export { c } from './c.js'",
        "export * from './d.js'",
        "import './e.js'",
        "const f = await import('./f.js')",
        "import {\n  g,\n  h,\n} from './g.js'",
        "// import { x } from './commented.js'",
        "/* import './block.js' */",
        "const url = 'https://example.org/' // import './after-string.js'",
      ].join('\n')
      assert.deepEqual(importSpecifiers(source), ['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', './g.js'])
    })

    it('finds the cycle of the fixture (a → b → c → a, and d importing itself), and not its acyclic part', () => {
      assert.deepEqual(importCycles(importGraph(FIXTURE), FIXTURE), [['a.ts', 'b.ts', 'c.ts'], ['d.ts']])
    })
  })

  for (const name of readdirSync(PACKAGES).sort()) {
    it(`packages/${name} has none`, () => {
      const dir = join(PACKAGES, name)
      const cycles = importCycles(importGraph(join(dir, 'src')), dir)
      assert.deepEqual(cycles, [], `import cycles in packages/${name}: ${JSON.stringify(cycles)}`)
    })
  }
})

describe('layers', () => {
  describe('the checker', () => {
    const src = '/src'
    const graph = new Map([
      ['/src/start.ts', ['/src/http/app.ts', '/src/clock.ts']],
      ['/src/http/app.ts', ['/src/routes/a.ts', '/src/http/b.ts']],
      ['/src/routes/a.ts', ['/src/http/b.ts', '/src/clock.ts', '/src/new/x.ts']],
    ])
    it('reports an import up the order, and a layer the order leaves out, and nothing else', () => {
      assert.deepEqual(layerViolations(graph, src, ['start.ts', 'http/', 'routes/', 'clock.ts']), [
        'routes/a.ts → http/b.ts',
        'routes/a.ts → new/x.ts (new/ not in the order)',
      ])
    })
    it("reads the order from a README's line", () => {
      assert.deepEqual(readmeLayers('# x\n\nLayers, top to bottom: `start.ts` → `http/` → `clock.ts`\n'), ['start.ts', 'http/', 'clock.ts'])
      assert.equal(readmeLayers('# x\n'), undefined)
    })
  })

  // The packages whose README gives their layer order; a package with folders that import each other in one
  // direction only should add its line and its name here.
  for (const name of ['chat', 'core', 'lsp']) {
    it(`packages/${name}: every folder imports only its own layer and those below it in the README`, () => {
      const dir = join(PACKAGES, name)
      const order = readmeLayers(readFileSync(join(dir, 'README.md'), 'utf8'))
      assert.ok(order !== undefined && order.length > 0, `the ${name} README gives its layers on a line "Layers, top to bottom: …"`)
      assert.deepEqual(layerViolations(importGraph(join(dir, 'src')), join(dir, 'src'), order), [])
    })
  }
})
