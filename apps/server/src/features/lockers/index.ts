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
export type { Attention, DeviceHandlers, KeypadVerdict } from './device-ports.ts';
export { createLockerDevices, type LockerDevices } from './devices.ts';
export {
  allRates,
  allSites,
  freeCounts,
  freeLockers,
  getRate,
  getSite,
  type HeldPredicate,
  inServiceCount,
  type LockerRow,
  lockersByIds,
  lockSiteSize,
  otherSizesFree,
  rateIn,
  type SiteRow,
  type SizeCount,
} from './inventory.ts';
export { type KeypadGuardState, keypadGates } from './keypad-guard.ts';
export { createPinBoard, type LivePin, PIN_LIST_TIMER, type PinBoard } from './pin-board.ts';
export { type LockersService, lockersService } from './service.ts';
export { announceSiteChange } from './site-news.ts';
export { createLockerSitesService, type LockerOccupancy, type LockerSitesService } from './sites.ts';
