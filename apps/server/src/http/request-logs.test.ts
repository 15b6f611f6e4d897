import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { installRequestLogs } from './request-logs.ts';

function appLogging(enabled: boolean) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  // The service's usual level: warnings only. Request lines come through all the same.
  const app = Fastify({
    logger: { level: 'warn', stream },
    logController: new LogController({ disableRequestLogging: enabled }),
  });
  installRequestLogs(app, enabled);
  app.get('/api/things/:id', async () => ({ ok: true }));
  app.post('/api/broker/:secret/user', async () => ({ ok: true }));
  return { app, lines };
}

describe('request logs', () => {
  it('write one line per request: method, path, route, status, time, address; never the query', async () => {
    const { app, lines } = appLogging(true);
    await app.inject({ method: 'GET', url: '/api/things/42?token=secret-token&phone=9876543210' });
    await app.inject({ method: 'GET', url: '/api/nowhere' });
    await app.inject({ method: 'POST', url: '/api/broker/hook-secret-123456789012345/user', payload: {} });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatchObject({
      level: 30,
      method: 'GET',
      path: '/api/things/42',
      route: '/api/things/:id',
      status: 200,
      ip: '127.0.0.1',
    });
    expect(typeof requests[0]!.ms).toBe('number');
    expect(requests[1]).toMatchObject({ path: '/api/nowhere', status: 404 });
    expect(requests[2]).toMatchObject({ path: '/api/broker/***/user' });
    expect(JSON.stringify(lines)).not.toMatch(/secret-token|9876543210|hook-secret/);
    await app.close();
  });

  it('write nothing when off', async () => {
    const { app, lines } = appLogging(false);
    await app.inject({ method: 'GET', url: '/api/things/1' });
    expect(lines).toEqual([]);
    await app.close();
  });
});
