// The town map's projection is shared by the address pin and the locker site map.
export * from '../features/addresses/map-projection.ts';
