// Fixture of the import-cycle test: a → b → c → a (the last edge dynamic).
export const c = (): Promise<unknown> => import('./a.js')
