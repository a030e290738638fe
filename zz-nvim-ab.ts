// temporary: Neovim first-completion A/B (not committed)
import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { editorHome, readmeBlock } from './test/lsp/editors/editor-setup.js'
const builds = process.argv.slice(3)
const rounds = Number(process.argv[2])
const results: Record<string, Array<{ wall: number; cpu: number }>> = {}
for (let r = 0; r < rounds; r++) {
  for (const main of builds) {
    const home = editorHome()
    writeFileSync(join(home.dir, 'bin', 'prefixd'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(main)} "$@"\n`)
    const init = home.write('init.lua', readmeBlock('-- init.lua for Neovim 0.7 to 0.10'))
    const file = home.write('first.ttl', 'ex:a a foaf:Pers')
    const out = join(home.dir, 'bench.json')
    await new Promise<void>((resolve) =>
      execFile('nvim', ['--headless', '-n', '-i', 'NONE', '--cmd', `luafile ${process.cwd()}/bench/lsp-neovim.lua`, '-u', init, file], { cwd: home.dir, env: { ...home.env, BENCH_OUT: out, BENCH_MODE: 'first' }, timeout: 60000 }, () => resolve()),
    )
    const res = JSON.parse(readFileSync(out, 'utf8'))
    ;(results[main] ??= []).push({ wall: Math.round(res.spawn_to_completion), cpu: res.server_cpu_ms })
    rmSync(home.dir, { recursive: true, force: true })
  }
}
for (const [main, list] of Object.entries(results)) {
  const walls = list.map((x) => x.wall).sort((a, b) => a - b), cpus = list.map((x) => x.cpu).sort((a, b) => a - b)
  console.log(main, 'wall', walls.join(' '), '| cpu', cpus.join(' '), '| medians', walls[walls.length >> 1], cpus[cpus.length >> 1])
}
