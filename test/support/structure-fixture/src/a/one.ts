// Fixture: a imports b, which imports a back.
import { two } from '../b/two.js'
export const one = (): number => two() + 1
