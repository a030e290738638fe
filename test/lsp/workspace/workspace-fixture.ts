// A workspace folder for the language server's tests: a small vocabulary (the project's own, unknown to the
// bundled data), plugins that use it, an ignored build folder, and helpers to change it on disk.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export const NS = 'http://example.org/lv#'
export const HEAD = `@prefix lv: <${NS}> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n`

export const VOCABULARY =
  HEAD +
  `\nlv:Plugin a rdfs:Class ;\n  rdfs:label "Plugin" ;\n  rdfs:comment "An audio plugin." .\n` +
  `\nlv:port a rdf:Property ;\n  rdfs:label "port" ;\n  rdfs:comment "A port of a plugin." ;\n  rdfs:domain lv:Plugin .\n`.replace(
    'rdf:Property',
    '<http://www.w3.org/1999/02/22-rdf-syntax-ns#Property>',
  ) +
  `\nlv:index rdfs:label "index" ; rdfs:domain lv:Port .\nlv:symbol rdfs:label "symbol" ; rdfs:comment "A short name of a port." ; rdfs:domain lv:Port .\nlv:shortName rdfs:label "short name" ; rdfs:domain lv:Port .\n`

export function plugin(i: number, after = 'lv:symbol "in"'): string {
  return HEAD + `\nlv:p${i} a lv:Plugin ;\n  lv:shortName "p${i}" ;\n  lv:port [ a lv:Port ; lv:index 0 ; ${after} ] .\n`
}

export interface Workspace {
  readonly dir: string
  readonly uri: string
  uriOf(path: string): string
  write(path: string, text: string): Promise<string>
  remove(): Promise<void>
}

export async function makeWorkspace(): Promise<Workspace> {
  const dir = await mkdtemp(join(tmpdir(), 'prefixd-workspace-'))
  const write = async (path: string, text: string) => {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), text)
    return pathToFileURL(join(dir, path)).href
  }
  await write('vocab/lv.ttl', VOCABULARY)
  for (let i = 1; i <= 5; i++) await write(`plugins/p${i}.ttl`, plugin(i))
  await write('.gitignore', 'build/\n')
  await write('build/copy.ttl', HEAD + 'lv:Ignored a rdfs:Class .\n')
  await write('notes/broken.ttl', HEAD + 'lv:x lv:y .\n')
  return {
    dir,
    uri: pathToFileURL(dir).href,
    uriOf: (path) => pathToFileURL(join(dir, path)).href,
    write,
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}
