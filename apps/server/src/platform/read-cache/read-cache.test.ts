import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeFeed } from '../../test/fake-feed.ts';
import { createReadCache } from './read-cache.ts';

const answer = z.object({ n: z.number() });
/** A source whose answer is the number of times it was asked. */
function counter() {
  let calls = 0;
  return {
    calls: () => calls,
    make: async () => {
      calls += 1;
      return { n: calls };
    },
  };
}
/** A source whose first answer waits for `release()`; later ones come at once. */
function heldFirst() {
  let calls = 0;
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  return {
    calls: () => calls,
    release: () => release(),
    slow: async () => {
      calls += 1;
      const mine = calls;
      if (mine === 1) await held;
      return { n: mine };
    },
  };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

async function cacheOn(
  f: ReturnType<typeof fakeFeed>,
  extra: { maxEntries?: number; now?: () => number } = {},
) {
  const cache = createReadCache({
    feed: f.feed,
    channels: ['things_changed'],
    maxEntries: extra.maxEntries ?? 10,
    maxAgeMs: 1000,
    now: extra.now,
  });
  await settle();
  return cache;
}

describe('read cache', () => {
  it('keeps an answer until its channel says the data changed, and ignores other channels', async () => {
    const f = fakeFeed();
    const cache = await cacheOn(f);
    const c = counter();
    expect((await cache.answer('k', answer, c.make)).json).toBe('{"n":1}');
    expect((await cache.answer('k', answer, c.make)).json).toBe('{"n":1}');
    f.change('other_changed');
    expect((await cache.answer('k', answer, c.make)).json).toBe('{"n":1}');
    f.change('things_changed');
    expect((await cache.answer('k', answer, c.make)).json).toBe('{"n":2}');
    expect(c.calls()).toBe(2);
  });

  it('hands out an answer made while a change arrived, but does not keep it', async () => {
    const f = fakeFeed();
    const cache = await cacheOn(f);
    const { slow, release } = heldFirst();
    const first = cache.answer('k', answer, slow);
    await settle();
    f.change('things_changed');
    release();
    expect((await first).json).toBe('{"n":1}');
    expect((await cache.answer('k', answer, slow)).json).toBe('{"n":2}');
  });

  it('makes an answer once for requests that arrive together, but not for those after a change', async () => {
    const f = fakeFeed();
    const cache = await cacheOn(f);
    const { slow, release, calls } = heldFirst();
    const together = [cache.answer('k', answer, slow), cache.answer('k', answer, slow)];
    await settle();
    expect(calls()).toBe(1);
    f.change('things_changed');
    // Asked after the change: its own answer, not the one begun before it.
    expect((await cache.answer('k', answer, slow)).json).toBe('{"n":2}');
    release();
    expect((await Promise.all(together)).map((a) => a.json)).toEqual(['{"n":1}', '{"n":1}']);
  });

  it('keeps nothing while the feed is down, and starts afresh when it is back', async () => {
    const f = fakeFeed();
    const cache = await cacheOn(f);
    const c = counter();
    await cache.answer('k', answer, c.make);
    f.down();
    expect((await cache.answer('k', answer, c.make)).json).toBe('{"n":2}');
    expect((await cache.answer('k', answer, c.make)).json).toBe('{"n":3}');
    expect(cache.size()).toBe(0);
    f.up();
    expect((await cache.answer('k', answer, c.make)).json).toBe('{"n":4}');
    expect((await cache.answer('k', answer, c.make)).json).toBe('{"n":4}');
  });

  it('makes an answer again once it is older than the age limit', async () => {
    const f = fakeFeed();
    let t = 0;
    const cache = await cacheOn(f, { now: () => t });
    const c = counter();
    await cache.answer('k', answer, c.make);
    t = 1000;
    expect((await cache.answer('k', answer, c.make)).json).toBe('{"n":1}');
    t = 1001;
    expect((await cache.answer('k', answer, c.make)).json).toBe('{"n":2}');
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const f = fakeFeed();
    const cache = await cacheOn(f, { maxEntries: 2 });
    const c = counter();
    await cache.answer('a', answer, c.make);
    await cache.answer('b', answer, c.make);
    await cache.answer('a', answer, c.make);
    await cache.answer('c', answer, c.make);
    expect(cache.size()).toBe(2);
    expect((await cache.answer('a', answer, c.make)).json).toBe('{"n":1}');
    expect((await cache.answer('b', answer, c.make)).json).toBe('{"n":4}');
  });

  it('writes the answer as its schema does (unknown fields dropped) and keeps no failure', async () => {
    const f = fakeFeed();
    const cache = await cacheOn(f);
    expect((await cache.answer('k', answer, async () => ({ n: 1, secret: 'x' }) as { n: number })).json).toBe(
      '{"n":1}',
    );
    await expect(
      cache.answer('bad', answer, async () => ({ n: 'one' }) as unknown as { n: number }),
    ).rejects.toThrow();
    await expect(
      cache.answer('gone', answer, async () => {
        throw new Error('no such thing');
      }),
    ).rejects.toThrow('no such thing');
    expect((await cache.answer('gone', answer, async () => ({ n: 5 }))).json).toBe('{"n":5}');
  });
});
