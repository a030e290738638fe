// Fixture: index.ts beside a folder named index/.
export { leaf } from './leaf.js'
