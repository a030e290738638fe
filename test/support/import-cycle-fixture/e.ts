// Fixture of the import-cycle test: imports into the cycle without being part of it.
import type { A } from './a.js'
import type { D } from './d.js'
export type E = A | D
