// The corpus of bench/usage.ts: real third-party RDF — the Turtle of Debian's LV2 plugin packages and the LV2
// specification itself (lv2-dev) — fetched with `apt-get download` into a cache folder, never committed.

import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { debianPackage, filesUnder } from './package-cache.js'

/** Debian packages that ship LV2 Turtle (a plugin's manifest.ttl and its description), and the specification. */
export const SPECIFICATION = 'lv2-dev'
export const PLUGIN_PACKAGES = [
  'abgate',
  'ardour-lv2-plugins',
  'avldrums.lv2',
  'blop-lv2',
  'calf-plugins',
  'dpf-plugins-lv2',
  'dragonfly-reverb-lv2',
  'drumgizmo',
  'drumkv1-lv2',
  'eq10q',
  'fomp',
  'foo-yc20',
  'guitarix-lv2',
  'invada-studio-plugins-lv2',
  'ir.lv2',
  'lsp-plugins-lv2',
  'lv2-examples',
  'lv2vocoder',
  'mda-lv2',
  'padthv1-lv2',
  'rubberband-lv2',
  'samplv1-lv2',
  'setbfree',
  'so-synth-lv2',
  'swh-lv2',
  'synthv1-lv2',
  'vocproc',
  'x42-plugins',
  'zam-plugins',
  'zynaddsubfx-lv2',
]

export interface CorpusFile {
  readonly path: string
  readonly bytes: Buffer
}

export interface CorpusPackage {
  readonly name: string
  /** The .deb fetched (name_version_arch). */
  readonly deb: string
  readonly files: readonly CorpusFile[]
}

/** The cache folder: PREFIXD_BENCH_CACHE, else a folder of the system's temporary one. */
export function cacheFolder(): string {
  return process.env.PREFIXD_BENCH_CACHE ?? join(tmpdir(), 'prefixd-bench-lv2')
}

/**
 * Every package's Turtle files, fetched and unpacked on first use (`apt-get download`, `dpkg-deb -x`; a
 * package that cannot be fetched is left out and named in `missing`).
 */
export async function loadCorpus(names: readonly string[] = [SPECIFICATION, ...PLUGIN_PACKAGES]): Promise<{ packages: CorpusPackage[]; missing: string[] }> {
  const packages: CorpusPackage[] = []
  const missing: string[] = []
  for (const name of names) {
    try {
      const { root, version: deb } = await debianPackage(join(cacheFolder(), name), name)
      const files: CorpusFile[] = []
      for (const path of await filesUnder(root, /\.ttl$/)) files.push({ path, bytes: await readFile(path) })
      if (files.length > 0) packages.push({ name, deb, files })
    } catch {
      missing.push(name)
    }
  }
  return { packages, missing }
}
