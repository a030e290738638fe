// Fixture of the import-cycle test: a → b → c → a.
import type { B } from './b.js'
export interface A {
  readonly b?: B
}
