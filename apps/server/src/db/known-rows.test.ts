import { describe, expect, it } from 'vitest';
import { knownOrRead } from './known-rows.ts';

describe('knownOrRead', () => {
  const row = (id: string) => ({ id, name: `shop ${id}` });

  it('reads nothing when every row asked for is in hand, and leaves out rows not asked for', async () => {
    const asked: string[][] = [];
    const rows = await knownOrRead([row('a'), row('x')], ['a'], async (ids) => {
      asked.push(ids);
      return ids.map(row);
    });
    expect(rows).toEqual([row('a')]);
    expect(asked).toEqual([]);
  });

  it('reads only the rows not in hand', async () => {
    const asked: string[][] = [];
    const read = async (ids: string[]) => {
      asked.push(ids);
      return ids.map(row);
    };
    expect(await knownOrRead([row('a')], ['a', 'b', 'c'], read)).toEqual([row('a'), row('b'), row('c')]);
    expect(await knownOrRead(undefined, ['d'], read)).toEqual([row('d')]);
    expect(asked).toEqual([['b', 'c'], ['d']]);
  });
});
