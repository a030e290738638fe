// Fixture of the import-cycle test: a module importing itself.
import type { D as Self } from './d.js'
export interface D {
  readonly next?: Self
}
