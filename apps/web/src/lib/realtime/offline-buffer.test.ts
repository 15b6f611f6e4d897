import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../storage.ts';
import { createOfflineBuffer } from './offline-buffer.ts';

const here = (orderId: string) => ({ type: 'curbsideArrived' as const, orderId });

describe('the offline buffer', () => {
  it('keeps requests in order on the phone, so a reload finds them', () => {
    const storage = memoryStorage();
    let n = 0;
    const buffer = createOfflineBuffer({ storage: () => storage, newId: () => `r-${++n}` });
    buffer.push('u1', here('o1'));
    buffer.push('u1', { type: 'curbsideOnMyWay', orderId: 'o2', landmark: 'Blue gate' });
    const again = createOfflineBuffer({ storage: () => storage });
    expect(again.items().map((i) => [i.requestId, i.userId, i.request.orderId])).toEqual([
      ['r-1', 'u1', 'o1'],
      ['r-2', 'u1', 'o2'],
    ]);
    again.remove('r-1');
    expect(
      createOfflineBuffer({ storage: () => storage })
        .items()
        .map((i) => i.requestId),
    ).toEqual(['r-2']);
    again.clear();
    expect(storage.getItem('liveOutbox')).toBeNull();
  });

  it('holds at most 5,000 by default, dropping the oldest and saying so', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A phone that already holds 5,000 (written at once: pushing them one by one is slow to test).
    const full = Array.from({ length: 5000 }, (_, i) => ({
      requestId: `r-${i + 1}`,
      userId: 'u1',
      queuedAt: '2026-11-25T10:00:00.000Z',
      request: here(`o${i}`),
    }));
    const storage = memoryStorage({ liveOutbox: JSON.stringify(full) });
    let n = 5000;
    const buffer = createOfflineBuffer({ storage: () => storage, newId: () => `r-${++n}` });
    expect(buffer.items()).toHaveLength(5000);
    for (let i = 0; i < 3; i++) buffer.push('u1', here('later'));
    expect(buffer.items()).toHaveLength(5000);
    expect(buffer.items()[0]?.requestId).toBe('r-4');
    expect(buffer.items().at(-1)?.requestId).toBe('r-5003');
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('reads a damaged buffer as empty', () => {
    for (const raw of ['{', '{"a":1}', '[{"requestId":1}]']) {
      const buffer = createOfflineBuffer({ storage: () => memoryStorage({ liveOutbox: raw }) });
      expect(buffer.items()).toEqual([]);
    }
  });
});
