import type { ControllerCommand } from '@petti/shared';
import type { Effects } from '../../platform/events/transactor.ts';
import type { LockerCommandRow } from './commands.ts';
import type { SiteRow } from './inventory.ts';
import type { LivePin } from './pin-board.ts';

type KeypadResult = Extract<ControllerCommand, { type: 'keypadResult' }>;

/** What the holder of a PIN decides: refuse (with the reason the keypad shows) or open this locker. */
export type KeypadVerdict =
  | { ok: false; reason: Exclude<NonNullable<KeypadResult['reason']>, 'locked_out' | 'bad_format'> }
  | { ok: true; lockerId: string; bookingId: string };

/** Something at a locker a person should look at (forced door, door left open, fault, unexpected open). */
export interface Attention {
  siteId: string;
  lockerId: string;
  reason: string;
  detail?: string;
}

/**
 * What the controllers report that matters to whoever holds the lockers. Lockers do not know about
 * bookings: bookings register these when the feature is built (docs/lockers.md, "who depends on
 * whom"). Each runs in the transaction of the message or timer that caused it.
 */
export interface DeviceHandlers {
  /** A well-formed PIN typed at a site whose keypad is not locked out. */
  keypadPin: (fx: Effects, input: { siteId: string; pin: string }) => Promise<KeypadVerdict>;
  /**
   * A door opened on a command sent for a holder (`command.bookingId` is set). `offline`: a PIN the
   * controller accepted by itself while offline, replayed now; `command.doneAt` is when it opened.
   */
  doorOpened: (fx: Effects, command: LockerCommandRow, how?: { offline: boolean }) => Promise<void>;
  /**
   * The site's live PINs, for its controller, and the lockers a derived PIN must never open: those
   * holding or kept for someone's things (docs/locker-protocol.md#offline).
   */
  livePins: (tx: Effects['tx'], siteId: string) => Promise<{ pins: LivePin[]; held: string[] }>;
  /**
   * Whose booking a PIN opened offline: the list entry's booking, or for a derived PIN the booking
   * holding that locker at `at`. Null when none (the opening is still logged).
   */
  offlineBooking: (
    fx: Effects,
    input: { siteId: string; lockerId: string; bookingId: string | null; at: Date },
  ) => Promise<string | null>;
  attention: (fx: Effects, attention: Attention) => Promise<void>;
  /** A site's controller is heard again after being offline. */
  siteOnline: (fx: Effects, siteId: string) => Promise<void>;
  /** A site's controller has not been heard from for too long. */
  siteOffline: (fx: Effects, site: SiteRow) => Promise<void>;
  /**
   * Wrong PINs paused the site's keypad until `until`, or `closed` it (until then, or an operator's
   * reopening): it takes none meanwhile, and the app still opens lockers.
   */
  keypadPaused: (fx: Effects, input: { siteId: string; until: Date; closed: boolean }) => Promise<void>;
}

/** Until a holder registers, a PIN is unknown and the other reports change nothing but the lockers. */
export function createDeviceHandlers() {
  const handlers: DeviceHandlers = {
    keypadPin: async () => ({ ok: false, reason: 'unknown_pin' }),
    doorOpened: async () => {},
    livePins: async () => ({ pins: [], held: [] }),
    offlineBooking: async () => null,
    attention: async () => {},
    siteOnline: async () => {},
    siteOffline: async () => {},
    keypadPaused: async () => {},
  };
  const register =
    <K extends keyof DeviceHandlers>(key: K) =>
    (handler: DeviceHandlers[K]) => {
      handlers[key] = handler;
    };
  return {
    handlers,
    onKeypadPin: register('keypadPin'),
    onDoorOpened: register('doorOpened'),
    onLivePins: register('livePins'),
    onOfflineBooking: register('offlineBooking'),
    onAttention: register('attention'),
    onSiteOnline: register('siteOnline'),
    onSiteOffline: register('siteOffline'),
    onKeypadPaused: register('keypadPaused'),
  };
}
