/** The complex marketplace's public surface (docs/complex.md). */
export { type ComplexMarket, createComplexMarketFeature } from './feature.ts';
