// Times a script in fresh pages of headless Chromium with no DevTools attached, as a user's browser runs it: a
// page per round, which posts its figure back to the local server and goes on to the next round's page.
// (Playwright drives Chromium over the DevTools protocol, whose network tracking costs a page that fetches
// 3 MB more than the fetch itself: measured so, the knowledge tier took about twice as long.)

import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM } from '../test/web/browser.js'

/**
 * Runs `script` (the body of an async function returning a number of ms) once per entry of `plan`, each in a
 * page of its own, the entry given as `task`; `dir` is served at `/`. Resolves with the figures in plan order;
 * rejects when a round throws or the rounds take longer than `timeoutMs`.
 */
export async function timeInPages(dir: string, script: string, plan: readonly string[], timeoutMs = 600_000): Promise<number[]> {
  const figures: number[] = []
  const page = (i: number) =>
    `<!doctype html><meta charset="utf-8"><title>round ${i}</title><script type="module">
const task = ${JSON.stringify(plan[i])}
let ms
try { ms = await (async () => { ${script} })() } catch { ms = NaN }
await fetch('/result?${i}', { method: 'POST', body: String(ms) })
location.href = '/page?${i + 1}'
</script>`
  let finish: () => void = () => {}
  const done = new Promise<void>((resolve) => (finish = resolve))
  const server = createServer(async (request, response) => {
    const [path = '', query = ''] = (request.url ?? '/').slice(1).split('?')
    if (path === 'page') {
      const i = Number(query)
      if (i >= plan.length) finish()
      return response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(i < plan.length ? page(i) : 'done')
    }
    if (path === 'result') {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk))
      request.on('end', () => {
        figures[Number(query)] = Number(body)
        response.end()
        if (!Number.isFinite(Number(body))) finish() // a round failed: no point going on
      })
      return
    }
    try {
      const body = await readFile(join(dir, path.replace(/[^\w.-]/g, '')))
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const profile = await mkdtemp(join(tmpdir(), 'prefixd-bench-profile-'))
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    `--user-data-dir=${profile}`,
  ]
  // Its own process group, so that the browser's helper processes end with it.
  const chromium = spawn(CHROMIUM, [...args, `http://127.0.0.1:${port}/page?0`], { stdio: 'ignore', detached: true })
  const timer = setTimeout(finish, timeoutMs)
  try {
    await done
  } finally {
    clearTimeout(timer)
    try {
      process.kill(-chromium.pid!, 'SIGTERM')
    } catch {
      // already gone
    }
    server.close()
    await rm(profile, { recursive: true, force: true }).catch(() => {})
  }
  if (figures.length !== plan.length || figures.some((ms) => !Number.isFinite(ms)))
    throw new Error(`Chromium answered ${figures.filter(Number.isFinite).length} of ${plan.length} rounds`)
  return figures
}
