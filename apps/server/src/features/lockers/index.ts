/**
 * Lockers' public surface: sites, sizes, prices, lockers and the controllers at each site
 * (docs/lockers.md). Other features import only this file.
 */
export {
  createDoorCommands,
  type DoorCommands,
  type LockerCommandRow,
  UNLOCK_TIMEOUT_TIMER,
} from './commands.ts';
export { createLockerDevices } from './devices.ts';
export { type LockersService, lockersService } from './service.ts';
export { createLockerSitesService, type LockerSitesService } from './sites.ts';
