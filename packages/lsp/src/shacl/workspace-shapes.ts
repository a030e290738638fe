// The workspace's SHACL shapes kept current: read when the settings give another list of shape files, and again
// when a shape file changes on disk or is saved (or a Turtle file starts or stops declaring shapes), so the open
// documents are validated against the shapes as they are now, not as they were when the server started.

import { existsSync } from 'node:fs'
import type { Shapes } from './shacl.js'

/** What the shapes are read for: where they go, and where a shapes graph that does not read is said. */
export interface ShapesHost {
  set(shapes: Shapes | undefined): void
  error(message: string): void
  /** Finds a folder's shape files as shapeFilesFound does, elsewhere (the workspace reading's thread); else on this one. */
  find?(root: string, globs: readonly string[] | undefined): Promise<string[]>
}

export class WorkspaceShapes {
  readonly #host: ShapesHost
  /** The globs the settings named (undefined: the files found declaring shapes), and the files read, in order. */
  #globs: readonly string[] | undefined
  #files: string[] | undefined
  /** The last call's work: each call runs after the one before it ends, so they never interleave. */
  #last: Promise<unknown> = Promise.resolve()

  constructor(host: ShapesHost) {
    this.#host = host
  }

  /**
   * Runs `work` once the calls before it are done. Why: finding the files takes hundreds of ms of awaits in a large
   * workspace, and two calls interleaved let the first to start finish last — a configure with the settings' globs
   * undone by the configure that still walked for the files that declare shapes, or a change written over a newer list.
   */
  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#last.then(work)
    this.#last = run.catch(() => undefined)
    return run
  }

  /**
   * Reads the shapes of the folder `root` — the files `globs` match, or with none those that declare shapes — when
   * that list differs from the last; whether it did. The SHACL module is loaded here, not at the server's start,
   * and only when there are shape files.
   */
  configure(root: string | undefined, globs: readonly string[] | undefined): Promise<boolean> {
    return this.#inTurn(() => this.#configure(root, globs))
  }

  async #configure(root: string | undefined, globs: readonly string[] | undefined): Promise<boolean> {
    if (root === undefined) return false
    const files = await (this.#host.find?.(root, globs) ?? import('./shape-files.js').then(({ shapeFilesFound }) => shapeFilesFound(root, globs)))
    const same = this.#files !== undefined && JSON.stringify([this.#globs, this.#files]) === JSON.stringify([globs, files])
    this.#globs = globs
    if (same) return false
    await this.#read(files)
    return true
  }

  /**
   * After `paths` changed on disk (created, changed, deleted) or were saved: the shapes read again if one of them
   * is a shape file, or was one; whether they were. Only those paths are looked at, not the whole folder again.
   */
  changed(root: string | undefined, paths: readonly string[]): Promise<boolean> {
    return this.#inTurn(() => this.#changed(root, paths))
  }

  async #changed(root: string | undefined, paths: readonly string[]): Promise<boolean> {
    if (root === undefined || this.#files === undefined) return false
    const { isShapeFileRead } = await import('./shape-files.js')
    const files = new Set(this.#files)
    let touched = false
    for (const path of paths) {
      const shape = existsSync(path) && (await isShapeFileRead(root, path, this.#globs))
      if (!shape && !files.has(path)) continue
      touched = true
      if (shape) files.add(path)
      else files.delete(path)
    }
    if (touched) await this.#read([...files].sort())
    return touched
  }

  async #read(files: string[]): Promise<void> {
    this.#files = files
    // No shape files, no shapes: N3.js and the validator load only for a project that has some.
    if (files.length === 0) return this.#host.set(undefined)
    const { readShapes } = await import('./shacl.js')
    try {
      this.#host.set(readShapes(files, this.#globs !== undefined))
    } catch (error) {
      this.#host.set(undefined)
      this.#host.error(`prefixd: the SHACL shapes were not read: ${(error as Error).message}`)
    }
  }
}
