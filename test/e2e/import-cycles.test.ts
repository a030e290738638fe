// No package of the repository has an import cycle among its own modules (type-only imports included:
// a cycle of types is still two modules that cannot be understood one without the other).

import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { importCycles, importGraph, importSpecifiers } from '../support/import-graph.js'

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
