// Fixture of the import-cycle test: a → b → c → a.
import { c } from './c.js'
export interface B {
  readonly c: typeof c
}
