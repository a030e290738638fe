// The sizes the READMEs give of built files, held to the build: a figure that drifts from the files fails here.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const ROOT = new URL('../../', import.meta.url)
const KB = 1024
const MB = 1024 * KB

/** `text`'s line holding `anchor`, from `anchor` on. */
function lineOf(text: string, anchor: string): string {
  const at = text.indexOf(anchor)
  assert.ok(at >= 0, `the README mentions ${anchor}`)
  return text.slice(at, text.indexOf('\n', at))
}

/** A figure in a unit, against the measured bytes: equal to within 2 % ("about"), or to the figure's last digit. */
function near(figure: string, unit: number, bytes: number, what: string): void {
  const decimals = figure.split('.')[1]?.length ?? 0
  const slack = Math.max(0.02 * bytes, (0.5 * unit) / 10 ** decimals)
  assert.ok(
    Math.abs(Number(figure) * unit - bytes) <= slack,
    `${what}: the README says ${figure} ${unit === MB ? 'MB' : 'KB'}, the build gives ${(bytes / unit).toFixed(decimals + 1)}`,
  )
}

describe('the figures the READMEs give of the build', () => {
  const data = readFileSync(new URL('data/README.md', ROOT), 'utf8')
  const core = readFileSync(new URL('packages/core/README.md', ROOT), 'utf8')
  const tier = (name: string) => {
    const bytes = readFileSync(new URL(`data/${name}.js`, ROOT))
    return { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  }

  for (const name of ['full', 'prefixes', 'knowledge']) {
    it(`data/README.md: the ${name} tier's size and gzipped size`, () => {
      const line = lineOf(data, `| \`${name}.js\` |`)
      const size = /\b(\d+(?:\.\d+)?) (MB|KB)\b/.exec(line)
      const gzip = /about (\d+(?:\.\d+)?) KB gzipped/.exec(line)
      assert.ok(size !== null && gzip !== null, line)
      const measured = tier(name)
      near(size[1]!, size[2] === 'MB' ? MB : KB, measured.bytes, `${name} size`)
      near(gzip[1]!, KB, measured.gzip, `${name} gzipped`)
    })
  }

  it("packages/core/README.md: the prefixes and full tiers' gzipped sizes", () => {
    const line = lineOf(core, "`loadDefault({ tier: 'prefixes' })` loads")
    const prefixes = /prefix completion; about (\d+) KB gzipped/.exec(core)
    const full = /the full tier \(about (\d+) KB gzipped\)/.exec(core)
    assert.ok(prefixes !== null && full !== null, line)
    near(prefixes[1]!, KB, tier('prefixes').gzip, 'prefixes gzipped')
    near(full[1]!, KB, tier('full').gzip, 'full gzipped')
  })
})
