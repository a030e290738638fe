// Fixture: a module in a folder named like index.ts.
import { leaf } from '../leaf.js'
export const inner = leaf
