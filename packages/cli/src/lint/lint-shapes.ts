// The SHACL shapes `prefixd lint` validates data with: the files the `shapes` of a project's .prefixd.json name
// (paths or globs, relative to its folder), else the files linted that declare shapes.

import type { Shapes } from '@prefixd/lsp/shacl'
import { UsageError } from '../usage-error.js'
import type { ConfigFinder, FoundConfig } from './lint-files.js'
import { readTextFileSync } from '../read-text.js'

/** The shapes for `files`, and which of the files are shapes graphs (not validated as data); `undefined`: none. */
export async function lintShapes(files: readonly string[], configs: ConfigFinder): Promise<{ shapes: Shapes; graphs: Set<string> } | undefined> {
  const named = new Map<string, FoundConfig>()
  for (const file of files) {
    const found = configs.for(file)
    if (found?.config.shapes !== undefined) named.set(found.file, found)
  }
  // The validator (rdf-validate-shacl and its RDF/JS stack) is loaded only for a project with shapes.
  const mentions = named.size > 0 ? [] : files.filter((file) => read(file).includes('http://www.w3.org/ns/shacl#'))
  if (named.size === 0 && mentions.length === 0) return undefined
  const { isShapesGraph, readShapes, shapeFilesIn } = await import('@prefixd/lsp/shacl')
  const graphs = new Set<string>()
  for (const found of named.values()) for (const file of shapeFilesIn(found.folder, found.config.shapes)) graphs.add(file)
  for (const file of mentions) if (isShapesGraph(read(file))) graphs.add(file)
  let shapes: Shapes | undefined
  try {
    // Named shapes must read; a file found declaring shapes that does not read is left out (its syntax errors are reported).
    shapes = readShapes([...graphs], named.size > 0)
  } catch (error) {
    throw new UsageError(`the SHACL shapes do not read: ${(error as Error).message}`)
  }
  return shapes === undefined ? undefined : { shapes, graphs }
}

function read(file: string): string {
  return readTextFileSync(file)
}
