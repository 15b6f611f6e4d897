import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { reconnectWithBackoff } from './mqtt-backoff.ts';

describe('reconnectWithBackoff', () => {
  it('doubles the wait after each failed attempt up to 128 s, and starts again after a connect', () => {
    const client = Object.assign(new EventEmitter(), { options: { reconnectPeriod: 0 } });
    reconnectWithBackoff(client, 1000);
    expect(client.options.reconnectPeriod).toBe(1000);
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      client.emit('close');
      waits.push(client.options.reconnectPeriod);
    }
    expect(waits).toEqual([2000, 4000, 8000, 16000, 32000, 64000, 128000, 128000, 128000, 128000]);
    client.emit('connect');
    expect(client.options.reconnectPeriod).toBe(1000);
  });
});
