import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import type { OfflineEvent } from '@petti/shared';
import { DEVICE_USERNAME_PREFIX, devicePassword } from '@petti/shared/node/device-password';
import { reconnectWithBackoff } from '@petti/shared/node/mqtt-backoff';
import { sitePinKey } from '@petti/shared/node/offline-pins';
import mqtt, { type IClientOptions, MqttClient } from 'mqtt';
import { OfflineKeypad, type PinList } from './offline-keypad.ts';

/** How a controller reaches the broker: a URL (mqtt://, mqtts://, ws://, wss://) or an in-process stream. */
export type BrokerTarget = { url: string } | { connectLocal: () => Duplex };

export type DoorState = 'open' | 'closed' | 'forced';

export interface KeypadOutcome {
  ok: boolean;
  lockerId?: string;
  /** The server's reason, the controller's own while offline, or `no_answer`. */
  reason?: string;
  /** Decided by the controller itself, while it could not reach the server. */
  offline?: boolean;
}

/** One thing done while offline, kept in order until the server says it is applied. */
interface LogEntry {
  entryId: string;
  seq: number;
  at: string;
  event: OfflineEvent;
}

export interface ControllerOptions {
  siteId: string;
  broker: BrokerTarget;
  deviceKey: string;
  heartbeatMs: number;
  /** A door opened by command closes by itself after this long (unless told to stay open). */
  doorCloseMs: number;
  /** How long typePin waits for the server's keypadResult. */
  keypadTimeoutMs?: number;
  /** The controller's clock (a test's clock inside the server; the wall clock otherwise). */
  now?: () => Date;
  log?: (line: string) => void;
}

type Command =
  | { type: 'open'; lockerId: string; commandId: string; reason: string }
  | {
      type: 'keypadResult';
      requestId: string;
      ok: boolean;
      lockerId?: string;
      reason?: string;
      /** Locked out: when PINs are taken again, and what the keypad's display says meanwhile. */
      retryAfterSeconds?: number;
      message?: string;
    }
  | ({ type: 'pins' } & PinList)
  | { type: 'offlineAck'; entryIds: string[] }
  | { type: 'keypadReopened'; at: string };

const topics = (siteId: string) => ({
  state: `lockers/${siteId}/state`,
  keypad: `lockers/${siteId}/keypad`,
  commands: `lockers/${siteId}/commands`,
});

/**
 * One locker site's controller, as docs/locker-protocol.md describes it: signs in as `site:{id}`,
 * sends heartbeats, obeys open commands (the door opens, reports, and closes again after a while),
 * forwards PINs typed on its keypad, and can be made to misbehave (offline, door left open, forced,
 * fault). Cut off, it keeps checking PINs by itself and keeps a log it replays when back
 * (docs/locker-protocol.md#offline). Emits `door` (lockerId, state), `command` (command) and `keypad`
 * (result) for tests.
 */
export class SiteController extends EventEmitter {
  readonly siteId: string;
  readonly doors = new Map<string, DoorState>();
  private client: MqttClient | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly closing = new Map<string, NodeJS.Timeout>();
  private readonly holdOpen = new Set<string>();
  private readonly waiting = new Map<string, (r: KeypadOutcome) => void>();
  private readonly t: ReturnType<typeof topics>;
  private online = false;
  private readonly keypad: OfflineKeypad;
  /** What happened while offline, oldest first; kept across reconnects until acknowledged. */
  private readonly offlineLog: LogEntry[] = [];
  private seq = 0;

  constructor(private readonly options: ControllerOptions) {
    super();
    this.siteId = options.siteId;
    this.t = topics(options.siteId);
    this.keypad = new OfflineKeypad(sitePinKey(options.deviceKey, options.siteId));
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** The `at` of the PIN list it holds (undefined: none yet). */
  get pinsAt(): string | undefined {
    return this.keypad.pinsAt;
  }

  get pinBookings(): string[] {
    return this.keypad.bookingIds;
  }

  /** Offline entries not yet acknowledged by the server. */
  get pendingLog(): readonly LogEntry[] {
    return this.offlineLog;
  }

  get isOnline(): boolean {
    return this.online;
  }

  /** Connects, subscribes to commands, sends a first heartbeat and keeps sending them. */
  async start(): Promise<void> {
    if (this.client) return;
    const o = this.options;
    const clientOptions: IClientOptions = {
      clientId: `petti-sim-${o.siteId}-${randomBytes(3).toString('hex')}`,
      username: `${DEVICE_USERNAME_PREFIX}${o.siteId}`,
      password: devicePassword(o.deviceKey, o.siteId),
      protocolVersion: 4,
      keepalive: 60,
      reconnectPeriod: 2000,
      connectTimeout: 5000,
      clean: true,
    };
    const target = o.broker;
    const client =
      'url' in target
        ? mqtt.connect(target.url, clientOptions)
        : new MqttClient(() => target.connectLocal(), clientOptions);
    this.client = client;
    // As a real controller on a flaky link would: 2 s, 4 s, … up to 128 s between attempts.
    reconnectWithBackoff(client, 2000);
    client.on('message', (topic, payload) => {
      if (topic === this.t.commands) this.onCommand(payload);
    });
    client.on('connect', () => {
      // After a reconnect too: resubscribe (clean session), say we are here, then replay the offline log.
      this.online = true;
      this.keypad.heard(this.now());
      client.subscribe(this.t.commands, { qos: 1 });
      this.sendHeartbeat();
      void this.replay();
    });
    client.on('close', () => {
      if (this.client === client) this.online = false;
    });
    client.on('error', (err) => o.log?.(`[sim ${o.siteId}] ${err.message}`));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`site ${o.siteId}: no CONNACK within 5 s`)), 5000);
      client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      client.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    await client.subscribeAsync(this.t.commands, { qos: 1 });
    this.heartbeat = setInterval(() => this.sendHeartbeat(), o.heartbeatMs);
    this.heartbeat.unref();
  }

  async stop(): Promise<void> {
    this.online = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const t of this.closing.values()) clearTimeout(t);
    this.closing.clear();
    for (const resolve of this.waiting.values()) resolve({ ok: false, reason: 'controller_offline' });
    this.waiting.clear();
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(true).catch(() => {});
  }

  /** Fault: the site loses its network (no heartbeats, no commands) until goOnline(). */
  async goOffline(): Promise<void> {
    await this.stop();
  }

  async goOnline(): Promise<void> {
    await this.start();
  }

  /** Types a PIN on the keypad: the server answers it, or while offline the controller itself. */
  async typePin(pin: string): Promise<KeypadOutcome> {
    if (!this.client || !this.online) return this.checkOffline(pin);
    const requestId = randomBytes(8).toString('hex');
    const answer = new Promise<KeypadOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(requestId);
        resolve({ ok: false, reason: 'no_answer' });
      }, this.options.keypadTimeoutMs ?? 10_000);
      this.waiting.set(requestId, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
    });
    await this.publish(this.t.keypad, { pin, at: this.now().toISOString(), requestId });
    return answer;
  }

  /** Fault: the next open of this door (or now, if open) is never followed by a close. */
  leaveDoorOpen(lockerId: string): void {
    this.holdOpen.add(lockerId);
    const t = this.closing.get(lockerId);
    if (t) clearTimeout(t);
    this.closing.delete(lockerId);
  }

  /** Closes a door (also one left open). */
  async closeDoor(lockerId: string): Promise<void> {
    this.holdOpen.delete(lockerId);
    await this.setDoor(lockerId, 'closed');
  }

  /** Fault: the door is forced open. */
  async forceDoor(lockerId: string): Promise<void> {
    await this.setDoor(lockerId, 'forced');
  }

  async reportFault(lockerId: string | undefined, fault: string): Promise<void> {
    if (!this.online) return this.record({ kind: 'fault', ...(lockerId ? { lockerId } : {}), fault });
    await this.publish(this.t.state, {
      type: 'fault',
      ...(lockerId ? { lockerId } : {}),
      fault,
      at: this.now().toISOString(),
    });
  }

  /** The keypad with no server: the list and derived PINs (docs/locker-protocol.md#offline). */
  private async checkOffline(pin: string): Promise<KeypadOutcome> {
    const v = this.keypad.check(pin, this.now());
    this.record(
      v.ok
        ? {
            kind: 'pin',
            ok: true,
            lockerId: v.lockerId,
            via: v.via,
            ...(v.bookingId ? { bookingId: v.bookingId } : {}),
          }
        : { kind: 'pin', ok: false, reason: v.reason },
    );
    const outcome: KeypadOutcome = v.ok
      ? { ok: true, lockerId: v.lockerId, offline: true }
      : { ok: false, reason: v.reason, offline: true };
    this.emit('keypad', outcome);
    if (v.ok) await this.open(v.lockerId);
    return outcome;
  }

  private record(event: OfflineEvent): void {
    this.offlineLog.push({
      entryId: `${this.siteId}-${randomBytes(6).toString('hex')}`,
      seq: this.seq++,
      at: this.now().toISOString(),
      event,
    });
  }

  /** Sends the offline log, oldest first; entries stay until the server acknowledges them. */
  private async replay(): Promise<void> {
    for (const e of [...this.offlineLog]) {
      if (!this.client?.connected) return;
      await this.client
        .publishAsync(this.t.state, JSON.stringify({ type: 'offline', ...e }), { qos: 1 })
        .catch(() => {});
    }
  }

  private sendHeartbeat(): void {
    if (!this.client?.connected) return;
    // Still in touch: derived PINs are read from this contact's hour (docs/locker-protocol.md#offline).
    this.keypad.heard(this.now());
    const pinsAt = this.keypad.pinsAt;
    this.client.publish(
      this.t.state,
      JSON.stringify({ type: 'heartbeat', at: this.now().toISOString(), ...(pinsAt ? { pinsAt } : {}) }),
      { qos: 0 },
    );
  }

  private async setDoor(lockerId: string, state: DoorState): Promise<void> {
    this.doors.set(lockerId, state);
    this.emit('door', lockerId, state);
    if (!this.online) return this.record({ kind: 'door', lockerId, state });
    await this.publish(this.t.state, { type: 'door', lockerId, state, at: this.now().toISOString() });
  }

  private async publish(topic: string, body: unknown): Promise<void> {
    if (!this.client) return;
    await this.client.publishAsync(topic, JSON.stringify(body), { qos: 1 });
  }

  private onCommand(payload: Buffer): void {
    let cmd: Command;
    try {
      cmd = JSON.parse(payload.toString('utf8')) as Command;
    } catch {
      return;
    }
    this.emit('command', cmd);
    this.keypad.heard(this.now());
    if (cmd.type === 'pins') {
      this.keypad.receive(cmd);
      return;
    }
    if (cmd.type === 'offlineAck') {
      for (const id of cmd.entryIds) {
        const i = this.offlineLog.findIndex((e) => e.entryId === id);
        if (i >= 0) this.offlineLog.splice(i, 1);
      }
      return;
    }
    if (cmd.type === 'keypadReopened') {
      this.keypad.reopened(new Date(cmd.at));
      return;
    }
    if (cmd.type === 'keypadResult') {
      // The server's count of wrong PINs, kept here too for when the link fails.
      if (!cmd.ok && cmd.reason !== 'locked_out') this.keypad.wrongOnline(this.now());
      const resolve = this.waiting.get(cmd.requestId);
      this.waiting.delete(cmd.requestId);
      const outcome: KeypadOutcome = { ok: cmd.ok, lockerId: cmd.lockerId, reason: cmd.reason };
      this.emit('keypad', outcome);
      resolve?.(outcome);
      return;
    }
    if (cmd.type === 'open') void this.open(cmd.lockerId);
  }

  private async open(lockerId: string): Promise<void> {
    if (this.doors.get(lockerId) === 'open') return;
    await this.setDoor(lockerId, 'open');
    if (this.holdOpen.has(lockerId)) return;
    const t = setTimeout(() => {
      this.closing.delete(lockerId);
      void this.setDoor(lockerId, 'closed').catch(() => {});
    }, this.options.doorCloseMs);
    t.unref();
    this.closing.set(lockerId, t);
  }
}
