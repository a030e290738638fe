// Fixture: b imports a back.
import { one } from '../a/one.js'
export function two(): number {
  return typeof one === 'function' ? 1 : 0
}
