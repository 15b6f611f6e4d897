import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { startLockerSim } from '@petti/simulators';

/**
 * Standalone locker simulator: `node --import tsx tools/locker-sim/main.ts --url mqtt://127.0.0.1:1884
 * --device-key …`. Type commands on stdin (`help` lists them). See packages/simulators/src/locker-sim/README.md.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1884' },
    'device-key': { type: 'string', default: process.env.DEVICE_KEY ?? 'petti-development-device-key' },
    sites: { type: 'string' },
    'heartbeat-seconds': { type: 'string', default: '30' },
    'door-close-seconds': { type: 'string', default: '5' },
    help: { type: 'boolean', short: 'h' },
  },
});

const HELP = `commands:
  pin <site> <6 digits>        type a PIN on a site's keypad
  offline <site> | online <site>
  leave-open <site> <locker>   the door will not close after its next open
  close <site> <locker>        close a door
  force <site> <locker>        report the door forced open
  fault <site> <locker> <text> report a fault
  status                       sites and doors
  quit`;

async function seedSiteIds(): Promise<string[]> {
  const file = new URL('../../data/seed/lockers.json', import.meta.url);
  const data = JSON.parse(await readFile(file, 'utf8')) as { sites: Array<{ id: string }> };
  return data.sites.map((s) => s.id);
}

async function main() {
  if (values.help) {
    console.log(
      'node --import tsx tools/locker-sim/main.ts [--url URL] [--device-key KEY] [--sites a,b] [--heartbeat-seconds 30] [--door-close-seconds 5]',
    );
    console.log(HELP);
    return;
  }
  const siteIds = values.sites ? values.sites.split(',').map((s) => s.trim()) : await seedSiteIds();
  const sim = await startLockerSim({
    siteIds,
    broker: { url: values.url! },
    deviceKey: values['device-key']!,
    heartbeatMs: Number(values['heartbeat-seconds']) * 1000,
    doorCloseMs: Number(values['door-close-seconds']) * 1000,
    log: (line) => console.error(line),
  });
  console.log(`locker simulator: ${siteIds.length} sites on ${values.url}. Type "help".`);
  for (const siteId of siteIds) {
    sim
      .controller(siteId)
      .on('door', (lockerId: string, state: string) => console.log(`${siteId}: door ${lockerId} ${state}`));
  }
  const rl = createInterface({ input: process.stdin });
  const stop = async () => {
    rl.close();
    await sim.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for await (const line of rl) {
    const [cmd, site = '', a = '', ...rest] = line.trim().split(/\s+/);
    try {
      if (cmd === 'pin') console.log(JSON.stringify(await sim.typePin(site, a)));
      else if (cmd === 'offline' || cmd === 'online') await sim.inject(site, { kind: cmd });
      else if (cmd === 'leave-open' || cmd === 'close' || cmd === 'force')
        await sim.inject(site, { kind: cmd, lockerId: a });
      else if (cmd === 'fault')
        await sim.inject(site, { kind: 'fault', lockerId: a, fault: rest.join(' ') || 'fault' });
      else if (cmd === 'status') console.log(JSON.stringify(sim.status(), null, 2));
      else if (cmd === 'quit') return stop();
      else if (cmd) console.log(HELP);
    } catch (err) {
      console.error(err instanceof Error ? err.message : err);
    }
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
