// @prefixd/core/syntax: a tolerant reading of Turtle, TriG and SPARQL text being typed — tokens, where
// the cursor stands, declared prefixes, names used. No dependency, so a browser bundle can take it alone.

export { BASE, CHARS, DIRECTIVES, directiveAt, isDirective, isPlainLocalName, tokens } from './tokens.js'
export type { Language, Token } from './tokens.js'
export { partialNameAt, positionAfter, positionAt } from './position.js'
export type { PartialName, Position } from './position.js'
export { declarationEdit, declarationEdits, declarationInsertPoint, declarationsIn, declaredPrefixes, headerEnd } from './declarations.js'
export type { Declaration } from './declarations.js'
export { localNameEnd } from '../names/pn-local.js'
export { directiveEnd, irisIn, namesIn, namesInToken } from './names.js'
export type { IriUse, NameUse } from './names.js'
