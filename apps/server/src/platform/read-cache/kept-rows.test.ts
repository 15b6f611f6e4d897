import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import { fakeFeed } from '../../test/fake-feed.ts';
import { keptRows } from './kept-rows.ts';

interface Row {
  id: string;
  v: number;
}

const CHANNEL = 'things_changed';
const q = {} as DbOrTx;

/** A table the test edits; `asked` records every read's ids. */
function table(rows: Record<string, number>) {
  const asked: string[][] = [];
  return {
    rows,
    asked,
    read: async (_q: DbOrTx, ids: string[]): Promise<Row[]> => {
      asked.push(ids);
      return ids.filter((id) => id in rows).map((id) => ({ id, v: rows[id]! }));
    },
  };
}

async function setUp(rows: Record<string, number>, maxEntries = 100) {
  const f = fakeFeed();
  const t = table(rows);
  const kept = keptRows<Row>({ feed: f.feed, channel: CHANNEL, maxEntries, read: t.read });
  // The subscription resolves on the next turn.
  await Promise.resolve();
  return { f, t, kept };
}

describe('rows kept until their table changes', () => {
  it('reads a row once, then hands out the kept one, reading only the ids it lacks', async () => {
    const { t, kept } = await setUp({ a: 1, b: 2 });
    expect(await kept.get(q, ['a'])).toEqual([{ id: 'a', v: 1 }]);
    expect(await kept.get(q, ['a'])).toEqual([{ id: 'a', v: 1 }]);
    expect(await kept.get(q, ['a', 'b'])).toEqual([
      { id: 'a', v: 1 },
      { id: 'b', v: 2 },
    ]);
    expect(t.asked).toEqual([['a'], ['b']]);
  });

  it('reads again after the table’s channel says it changed, and ignores other channels', async () => {
    const { f, t, kept } = await setUp({ a: 1 });
    await kept.get(q, ['a']);
    t.rows.a = 5;
    f.change('other_changed');
    expect(await kept.get(q, ['a'])).toEqual([{ id: 'a', v: 1 }]);
    f.change(CHANNEL);
    expect(await kept.get(q, ['a'])).toEqual([{ id: 'a', v: 5 }]);
  });

  it('keeps nothing read while a change arrived', async () => {
    const { f, t, kept } = await setUp({ a: 1 });
    const reading = kept.get(q, ['a']);
    f.change(CHANNEL);
    expect(await reading).toEqual([{ id: 'a', v: 1 }]);
    expect(kept.size()).toBe(0);
    t.rows.a = 2;
    expect(await kept.get(q, ['a'])).toEqual([{ id: 'a', v: 2 }]);
  });

  it('keeps nothing and reads every time while the feed is down', async () => {
    const { f, t, kept } = await setUp({ a: 1 });
    await kept.get(q, ['a']);
    f.down();
    t.rows.a = 3;
    expect(await kept.get(q, ['a'])).toEqual([{ id: 'a', v: 3 }]);
    expect(await kept.get(q, ['a'])).toEqual([{ id: 'a', v: 3 }]);
    expect(kept.size()).toBe(0);
    f.up();
    await kept.get(q, ['a']);
    expect(kept.size()).toBe(1);
  });

  it('keeps only rows found: one added later is found when asked for', async () => {
    const { t, kept } = await setUp({});
    expect(await kept.get(q, ['new'])).toEqual([]);
    t.rows.new = 7;
    expect(await kept.get(q, ['new'])).toEqual([{ id: 'new', v: 7 }]);
  });

  it('forgets at once after a change of this process’s own, and keeps at most maxEntries', async () => {
    const { t, kept } = await setUp({ a: 1, b: 2, c: 3 }, 2);
    await kept.get(q, ['a', 'b', 'c']);
    expect(kept.size()).toBe(2);
    t.rows.a = 9;
    kept.forget();
    expect(await kept.get(q, ['a'])).toEqual([{ id: 'a', v: 9 }]);
  });

  it('hands out rows no caller can change', async () => {
    const { kept } = await setUp({ a: 1 });
    const [row] = await kept.get(q, ['a']);
    expect(Object.isFrozen(row)).toBe(true);
  });
});
