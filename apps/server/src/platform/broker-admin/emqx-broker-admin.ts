import type { BrokerAdmin } from './broker-admin.ts';

/**
 * EMQX 5's REST API: `DELETE {url}/clients/{clientid}` kicks a client, with an API key and secret as
 * HTTP Basic credentials (made in EMQX's dashboard under System, API Key). `url` is the API's base,
 * e.g. `http://emqx:18083/api/v5`.
 */
export function createEmqxBrokerAdmin(options: {
  url: string;
  key: string;
  secret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): BrokerAdmin {
  const base = options.url.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.key}:${options.secret}`).toString('base64')}`;
  const send = options.fetch ?? fetch;
  return {
    kind: 'emqx',
    async disconnect(clientId) {
      const res = await send(`${base}/clients/${encodeURIComponent(clientId)}`, {
        method: 'DELETE',
        headers: { authorization },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
      await res.body?.cancel();
      // 404: the client has already gone, which is what was wanted.
      if (!res.ok && res.status !== 404)
        throw new Error(`EMQX answered ${res.status} to kicking ${clientId}`);
    },
  };
}
