import { parseArgs } from 'node:util';
import { httpOps, startShopSim } from '@petti/simulators';

/**
 * Standalone shop simulator against any Petti server:
 *   node --import tsx tools/shop-sim/main.ts --url http://127.0.0.1:8080 --ops-token … [--step-ms 4000] [--sellers a,b]
 * See packages/simulators/src/shop-sim/README.md.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.PETTI_URL ?? 'http://127.0.0.1:8080' },
    'ops-token': { type: 'string', default: process.env.OPS_TOKEN ?? 'petti-development-ops-token' },
    'step-ms': { type: 'string', default: process.env.SHOP_SIM_STEP_MS ?? '4000' },
    sellers: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    'node --import tsx tools/shop-sim/main.ts [--url URL] [--ops-token TOKEN] [--step-ms 4000] [--sellers a,b]',
  );
} else {
  const sim = startShopSim({
    request: httpOps(values.url!, values['ops-token']!),
    stepMs: Number(values['step-ms']),
    sellerIds: values.sellers ? values.sellers.split(',').map((s) => s.trim()) : undefined,
    log: (line) => console.log(line),
  });
  console.log(`shop simulator: moving orders on ${values.url} every ${values['step-ms']} ms. Ctrl-C stops.`);
  const stop = () => {
    void sim.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}
