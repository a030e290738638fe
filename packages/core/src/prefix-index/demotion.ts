// Why completion and shrink pass over a prefix: its grade as a number (absent, 0: used freely).

/** Long-tail prefixes are not offered and shrink takes them last; suspect ones are never offered nor used. */
export const Demotion = { LongTail: 1, Suspect: 2 } as const
export type Demotion = (typeof Demotion)[keyof typeof Demotion]
