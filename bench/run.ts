// npm run bench: every benchmark of the core, each in its own process, results in bench/results/.

import { execFileSync } from 'node:child_process'

const BENCHES = ['shrink.ts', 'core.ts', 'relevance.ts', 'synonyms.ts', 'cli.ts', 'scale.ts']
for (const bench of BENCHES) {
  console.log(`\n=== bench/${bench}`)
  execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', new URL(`./${bench}`, import.meta.url).pathname], { stdio: 'inherit' })
}
