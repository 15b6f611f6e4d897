import { describe, expect, it } from 'vitest';
import { sideBySide, together } from './together.ts';

const after = <T>(ms: number, outcome: () => T) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(outcome());
      } catch (err) {
        reject(err);
      }
    }, ms),
  );

describe('together', () => {
  it('answers every answer, in the order asked for', async () => {
    expect(await together([after(20, () => 'a'), after(1, () => 2)] as const)).toEqual(['a', 2]);
  });

  it('throws the first failure as asked for, though a later one failed sooner', async () => {
    const cause = new Error('the cause');
    const consequence = new Error('refused behind it');
    await expect(
      together([
        after(1, () => 'fine'),
        after(20, () => {
          throw cause;
        }),
        after(1, () => {
          throw consequence;
        }),
      ]),
    ).rejects.toBe(cause);
  });

  it('starts every task at once', async () => {
    const order: string[] = [];
    const task = (name: string, ms: number) => async () => {
      order.push(`start ${name}`);
      await after(ms, () => undefined);
      order.push(`end ${name}`);
      return name;
    };
    expect(await sideBySide([task('a', 20), task('b', 1)])).toEqual(['a', 'b']);
    expect(order).toEqual(['start a', 'start b', 'end b', 'end a']);
  });
});
