// Fixture: a top-level module that a folder imports and that imports nothing: no loop.
export const leaf = 1
