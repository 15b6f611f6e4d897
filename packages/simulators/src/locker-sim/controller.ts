import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { DEVICE_USERNAME_PREFIX, devicePassword } from '@petti/shared/node/device-password';
import { reconnectWithBackoff } from '@petti/shared/node/mqtt-backoff';
import mqtt, { type IClientOptions, MqttClient } from 'mqtt';

/** How a controller reaches the broker: a URL (mqtt://, mqtts://, ws://, wss://) or an in-process stream. */
export type BrokerTarget = { url: string } | { connectLocal: () => Duplex };

export type DoorState = 'open' | 'closed' | 'forced';

export interface KeypadOutcome {
  ok: boolean;
  lockerId?: string;
  /** The server's reason, or `controller_offline` / `no_answer` from the controller itself. */
  reason?: string;
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
    };

const topics = (siteId: string) => ({
  state: `lockers/${siteId}/state`,
  keypad: `lockers/${siteId}/keypad`,
  commands: `lockers/${siteId}/commands`,
});

/**
 * One locker site's controller, as docs/locker-protocol.md describes it: signs in as `site:{id}`,
 * sends heartbeats, obeys open commands (the door opens, reports, and closes again after a while),
 * forwards PINs typed on its keypad, and can be made to misbehave (offline, door left open, forced,
 * fault). Emits `door` (lockerId, state), `command` (command) and `keypad` (result) for tests.
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

  constructor(private readonly options: ControllerOptions) {
    super();
    this.siteId = options.siteId;
    this.t = topics(options.siteId);
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
      // After a reconnect too: resubscribe (clean session) and say we are here.
      client.subscribe(this.t.commands, { qos: 1 });
      this.sendHeartbeat();
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
    this.online = true;
    this.sendHeartbeat();
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

  /** Types a PIN on the keypad and waits for the server's answer. */
  async typePin(pin: string): Promise<KeypadOutcome> {
    if (!this.client || !this.online) return { ok: false, reason: 'controller_offline' };
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
    await this.publish(this.t.keypad, { pin, at: new Date().toISOString(), requestId });
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
    await this.publish(this.t.state, {
      type: 'fault',
      ...(lockerId ? { lockerId } : {}),
      fault,
      at: new Date().toISOString(),
    });
  }

  private sendHeartbeat(): void {
    if (!this.client?.connected) return;
    this.client.publish(this.t.state, JSON.stringify({ type: 'heartbeat', at: new Date().toISOString() }), {
      qos: 0,
    });
  }

  private async setDoor(lockerId: string, state: DoorState): Promise<void> {
    this.doors.set(lockerId, state);
    this.emit('door', lockerId, state);
    await this.publish(this.t.state, { type: 'door', lockerId, state, at: new Date().toISOString() });
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
    if (cmd.type === 'keypadResult') {
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
      if (this.online) void this.setDoor(lockerId, 'closed').catch(() => {});
    }, this.options.doorCloseMs);
    t.unref();
    this.closing.set(lockerId, t);
  }
}
