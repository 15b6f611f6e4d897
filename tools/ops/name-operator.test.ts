import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { nameOperator } from './name-operator.ts';

let close: (() => void) | null = null;
afterEach(() => close?.());

/** A stand-in for the server's ops API: records the request and answers as told. */
async function server(answer: { status: number; body?: unknown }) {
  const seen: Array<{ method?: string; url?: string; token?: string; body: unknown }> = [];
  const s = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({
        method: req.method,
        url: req.url,
        token: req.headers['x-ops-token'] as string | undefined,
        body: JSON.parse(raw),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  close = () => s.close();
  return { baseUrl: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, seen };
}

describe('naming an operator from the command line', () => {
  it('asks the ops API with the token and the phone', async () => {
    const { baseUrl, seen } = await server({ status: 204 });
    await nameOperator({ baseUrl, token: 'a-token-of-16-chars', phone: '9443310042' });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/api/ops/operators',
        token: 'a-token-of-16-chars',
        body: { phone: '9443310042' },
      },
    ]);
  });

  it('says what the server refused, in its words', async () => {
    const { baseUrl } = await server({
      status: 401,
      body: { error: { code: 'Unauthorized', message: 'A valid ops token is required.' } },
    });
    await expect(nameOperator({ baseUrl, token: 'wrong', phone: '9443310042' })).rejects.toThrow(
      'A valid ops token is required.',
    );
  });
});
