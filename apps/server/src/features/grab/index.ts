/** Grab-and-go's public surface (docs/grab-and-go.md). */
export { createGrabFeature } from './feature.ts';
export type { GrabService } from './service.ts';
