import { parseArgs } from 'node:util';
import { httpApi, signedIn, startShopSim } from '@petti/simulators';

/**
 * Standalone shop simulator against a Petti server that is not in production (it reads the sign-in code
 * from the dev outbox):
 *   node --import tsx tools/shop-sim/main.ts --url http://127.0.0.1:8080 [--phone 919000000001] [--step-ms 4000] [--sellers a,b]
 * See packages/simulators/src/shop-sim/README.md.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.PETTI_URL ?? 'http://127.0.0.1:8080' },
    phone: { type: 'string', default: process.env.SHOP_SIM_PHONE ?? '919000000001' },
    'client-id': { type: 'string', default: process.env.CLIENT_ID ?? 'petti-web' },
    'step-ms': { type: 'string', default: process.env.SHOP_SIM_STEP_MS ?? '4000' },
    sellers: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(
    'node --import tsx tools/shop-sim/main.ts [--url URL] [--phone 91XXXXXXXXXX] [--step-ms 4000] [--sellers a,b]',
  );
} else {
  const sim = startShopSim({
    request: signedIn(httpApi(values.url!), { phone: values.phone!, clientId: values['client-id']! }),
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
