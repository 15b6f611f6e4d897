import { type BrokerTarget, type KeypadOutcome, SiteController } from './controller.ts';

export type { BrokerTarget, KeypadOutcome };
export { SiteController };

export interface LockerSimOptions {
  siteIds: string[];
  broker: BrokerTarget;
  deviceKey: string;
  heartbeatMs?: number;
  doorCloseMs?: number;
  /** The controllers' clock (the server's, when it runs them). */
  now?: () => Date;
  log?: (line: string) => void;
}

/** Faults a simulated site can be given (docs/locker-protocol.md, "Simulator"). */
export type SimFault =
  | { kind: 'offline' }
  | { kind: 'online' }
  | { kind: 'leave-open'; lockerId: string }
  | { kind: 'close'; lockerId: string }
  | { kind: 'force'; lockerId: string }
  | { kind: 'fault'; lockerId?: string; fault: string };

export interface LockerSim {
  /** Whether the simulator plays this site. */
  has(siteId: string): boolean;
  controller(siteId: string): SiteController;
  typePin(siteId: string, pin: string): Promise<KeypadOutcome>;
  inject(siteId: string, fault: SimFault): Promise<void>;
  /** Each site: online or not, its doors, the `at` of the PIN list it holds and its unsent log. */
  status(): Array<{
    siteId: string;
    online: boolean;
    doors: Record<string, string>;
    pinsAt: string | null;
    /** The bookings whose PINs that list carries (hashed; their ids are not secret). */
    pinBookings: string[];
    pendingLog: number;
  }>;
  stop(): Promise<void>;
}

/** Starts one controller per site. */
export async function startLockerSim(options: LockerSimOptions): Promise<LockerSim> {
  const controllers = new Map<string, SiteController>();
  for (const siteId of options.siteIds) {
    controllers.set(
      siteId,
      new SiteController({
        siteId,
        broker: options.broker,
        deviceKey: options.deviceKey,
        heartbeatMs: options.heartbeatMs ?? 30_000,
        doorCloseMs: options.doorCloseMs ?? 5000,
        now: options.now,
        log: options.log,
      }),
    );
  }
  try {
    await Promise.all([...controllers.values()].map((c) => c.start()));
  } catch (err) {
    await Promise.all([...controllers.values()].map((c) => c.stop()));
    throw err;
  }
  const get = (siteId: string) => {
    const c = controllers.get(siteId);
    if (!c) throw new Error(`the simulator has no site ${siteId}`);
    return c;
  };
  return {
    has: (siteId) => controllers.has(siteId),
    controller: get,
    typePin: (siteId, pin) => get(siteId).typePin(pin),
    async inject(siteId, fault) {
      const c = get(siteId);
      switch (fault.kind) {
        case 'offline':
          return c.goOffline();
        case 'online':
          return c.goOnline();
        case 'leave-open':
          return c.leaveDoorOpen(fault.lockerId);
        case 'close':
          return c.closeDoor(fault.lockerId);
        case 'force':
          return c.forceDoor(fault.lockerId);
        case 'fault':
          return c.reportFault(fault.lockerId, fault.fault);
      }
    },
    status: () =>
      [...controllers.values()].map((c) => ({
        siteId: c.siteId,
        online: c.isOnline,
        doors: Object.fromEntries(c.doors),
        pinsAt: c.pinsAt ?? null,
        pinBookings: c.pinBookings,
        pendingLog: c.pendingLog.length,
      })),
    async stop() {
      await Promise.all([...controllers.values()].map((c) => c.stop()));
    },
  };
}
