/** Deep shape of a strings object with every value widened to `string`: what a translation must provide. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
