import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEV_OPS_TOKEN } from '../../apps/server/src/config.ts';

/**
 * Naming one of Petti's operators from the command line, on a running server, with the ops token
 * (docs/shops.md#roles). The named person signs in with that phone number, as anyone does, and finds
 * the operators' screens under Profile.
 */

export interface NameOperator {
  baseUrl: string;
  token: string;
  phone: string;
  fetch?: typeof globalThis.fetch;
}

/** Asks the server to name `phone` an operator; throws with the server's own words if it refuses. */
export async function nameOperator({ baseUrl, token, phone, fetch = globalThis.fetch }: NameOperator) {
  const res = await fetch(new URL('/api/ops/operators', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-token': token },
    body: JSON.stringify({ phone }),
  });
  if (res.status === 204) return;
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  throw new Error(body?.error?.message ?? `the server answered ${res.status}`);
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { url: { type: 'string', default: `http://localhost:${process.env.PORT ?? 8080}` } },
  });
  const phone = positionals[0];
  if (!phone) {
    console.error(
      'Usage: npm run operator -- <phone> [--url http://localhost:8080]   (OPS_TOKEN as the server has it)',
    );
    return 2;
  }
  try {
    await nameOperator({
      baseUrl: values.url!,
      // The server's development default when unset, so it works against `npm start` as it is.
      token: process.env.OPS_TOKEN ?? DEV_OPS_TOKEN,
      phone,
    });
  } catch (err) {
    console.error(`Could not name ${phone} an operator: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  console.log(
    `${phone} is one of Petti's operators: they sign in with that number and find Profile → Locker network.`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exit(await main(process.argv.slice(2)));
