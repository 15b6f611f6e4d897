import { afterEach, describe, expect, it } from 'vitest';
import { answerDialog, cancelAllDialogs, confirm, dialogStore } from './dialog-store.ts';

const current = () => dialogStore.getState().queue[0];

afterEach(() => cancelAllDialogs());

describe('confirm()', () => {
  it('resolves with the answer given', async () => {
    const answer = confirm({ title: 'Replace the cart?', deny: true });
    const open = current();
    expect(open?.options.title).toBe('Replace the cart?');
    answerDialog(open!.id, 'deny');
    await expect(answer).resolves.toBe('deny');
    expect(current()).toBeUndefined();
  });

  it('shows dialogs one at a time, in order', async () => {
    const first = confirm({ title: 'First' });
    const second = confirm({ title: 'Second' });
    expect(current()?.options.title).toBe('First');
    answerDialog(current()!.id, 'confirm');
    expect(current()?.options.title).toBe('Second');
    answerDialog(current()!.id, 'cancel');
    await expect(first).resolves.toBe('confirm');
    await expect(second).resolves.toBe('cancel');
  });

  it('ignores a second answer to the same dialog', async () => {
    const answer = confirm({ title: 'Once' });
    const { id } = current()!;
    answerDialog(id, 'confirm');
    answerDialog(id, 'cancel');
    await expect(answer).resolves.toBe('confirm');
  });

  it('cancels everything on cancelAllDialogs', async () => {
    const a = confirm({ title: 'A' });
    const b = confirm({ title: 'B' });
    cancelAllDialogs();
    await expect(Promise.all([a, b])).resolves.toEqual(['cancel', 'cancel']);
  });
});
