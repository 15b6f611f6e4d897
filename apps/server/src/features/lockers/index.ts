/**
 * Lockers' public surface: sites, sizes, prices, lockers and the controllers at each site
 * (docs/lockers.md). Other features import only this file.
 */
export { createLockerDevices } from './devices.ts';
export { lockersService } from './service.ts';
export { createLockerSitesService, type LockerSitesService } from './sites.ts';
