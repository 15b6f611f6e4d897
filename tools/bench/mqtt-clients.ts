import mqtt, { type MqttClient } from 'mqtt';
import type { ClientSpec, FromClients, ToClients } from './client-protocol.ts';
import { monotonicMs } from './client-protocol.ts';
import { pool } from './pool.ts';

/**
 * A share of the lockers benchmark's app clients, in a process of its own (forked by lockers.ts): a
 * process holds one file descriptor per connection and the server another, so 10,000 clients in
 * the server's own process would pass the machine's limit, and their work would be the server's.
 * What it is told and answers: client-protocol.ts.
 */
const clients: MqttClient[] = [];
const received: Array<{ id: string; at: number }> = [];
const send = (m: FromClients) => process.send?.(m);

function connect(spec: ClientSpec): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const c = mqtt.connect(spec.url, {
      username: spec.username,
      password: spec.password,
      protocolVersion: 4,
      reconnectPeriod: 0,
      keepalive: 60,
    });
    c.once('connect', () => resolve(c));
    c.once('error', reject);
    // Refused (past BROKER_MAX_CONNECTIONS_PER_USER, say): fail, rather than wait for ever.
    c.once('close', () => reject(new Error('the broker closed the connection before accepting it')));
  });
}

async function connectAll(specs: ClientSpec[]) {
  await pool(
    16,
    specs.map((spec) => async () => {
      const c = await connect(spec);
      clients.push(c);
      await c.subscribeAsync(spec.topic, { qos: 1 });
      c.on('message', (_t, payload) => {
        const at = monotonicMs();
        const ev = JSON.parse(payload.toString()) as { event: string; data: { bookingId?: string } };
        if (ev.data.bookingId) received.push({ id: `${ev.event} ${ev.data.bookingId}`, at });
      });
    }),
  );
}

process.on('message', (m: ToClients) => {
  if (m.type === 'connect')
    connectAll(m.clients).then(
      () => send({ type: 'connected', count: clients.length }),
      (err: unknown) => send({ type: 'failed', message: err instanceof Error ? err.message : String(err) }),
    );
  else if (m.type === 'report') send({ type: 'received', events: received });
  else {
    for (const c of clients) c.end(true);
    process.disconnect();
  }
});
