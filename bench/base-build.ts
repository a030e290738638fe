// Another commit's build beside this one, for a benchmark that runs both in one run (BENCH_BASE=<commit>): the
// commit's tracked files exported to the temporary folder (git archive: no worktree is registered), this tree's
// node_modules hard-linked into it, and one package built there with tsc -b. Kept, and reused by the next run.

import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, readdirSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * The entry point `main` (e.g. `packages/chat/dist/main.js`) of `commit` built in `$TMPDIR/prefixd-base-<sha>`;
 * returns its path and the full commit id. The workspace links in node_modules (`@prefixd/chat` →
 * `../../packages/chat`) are relative, so the copy's resolve to the copy's packages.
 */
export async function buildAt(commit: string, main: string): Promise<{ path: string; sha: string }> {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim()
  const dir = join(tmpdir(), `prefixd-base-${sha.slice(0, 12)}`)
  const path = join(dir, main)
  if (existsSync(path)) return { path, sha }
  await mkdir(dir, { recursive: true })
  console.log(`building ${main} of ${sha.slice(0, 12)} in ${dir} (kept for the next run; remove it with rm -r)`)
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C "$1"`, 'sh', dir], { cwd: ROOT, stdio: 'inherit' })
  const modules = ['node_modules', ...readdirSync(join(ROOT, 'packages')).map((name) => join('packages', name, 'node_modules'))]
  for (const folder of modules)
    if (existsSync(join(ROOT, folder)) && !existsSync(join(dir, folder))) execFileSync('cp', ['-al', join(ROOT, folder), join(dir, folder)])
  const project = main.split('/').slice(0, 2).join('/') // packages/<name>
  execFileSync(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '-b', project], { cwd: dir, stdio: 'inherit' })
  return { path, sha }
}

/** Gives the copy at `root` this tree's generated data (full.js, prefixes.js, knowledge.js, provenance.json are not committed). */
export function withTreeData(root: string): void {
  const data = join(ROOT, 'data')
  for (const file of ['full.js', 'prefixes.js', 'knowledge.js', 'provenance.json'])
    if (existsSync(join(data, file)) && !existsSync(join(root, 'data', file))) copyFileSync(join(data, file), join(root, 'data', file))
}
