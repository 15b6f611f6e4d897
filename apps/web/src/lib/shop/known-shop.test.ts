import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage.ts';
import { knownShop, rememberShop } from './known-shop.ts';
import type { Seller } from './types.ts';

const seller = {
  id: 'santhi-sweets',
  brandName: 'Santhi Sweets',
  brandNameTa: 'சாந்தி ஸ்வீட்ஸ்',
  hours: { open: '07:00', close: '21:00' },
  closedToday: false,
  schedule: { week: null, closedDates: ['2026-12-25'] },
  modes: ['home', 'curbside'],
  // What the cart's first paint does not need is not kept.
  phone: '914562000000',
} as unknown as Seller;

describe('the shops last read, kept for the next first screen', () => {
  it('keeps a shop’s hours, names and delivery modes, and nothing else', () => {
    const storage = memoryStorage();
    rememberShop(storage, seller, 1_000);
    expect(knownShop(storage, 'santhi-sweets', 2_000)).toEqual({
      id: 'santhi-sweets',
      brandName: 'Santhi Sweets',
      brandNameTa: 'சாந்தி ஸ்வீட்ஸ்',
      hours: { open: '07:00', close: '21:00' },
      closedToday: false,
      schedule: { week: null, closedDates: ['2026-12-25'] },
      modes: ['home', 'curbside'],
    });
    expect(knownShop(storage, 'iyyappa-bakery', 2_000)).toBeNull();
    expect(knownShop(storage, null, 2_000)).toBeNull();
  });

  it('forgets a guess a week old, and one it cannot read', () => {
    const storage = memoryStorage();
    rememberShop(storage, seller, 0);
    expect(knownShop(storage, 'santhi-sweets', 7 * 86_400_000 + 1)).toBeNull();
    storage.setItem('knownShop:santhi-sweets', '{not json');
    expect(knownShop(storage, 'santhi-sweets', 1)).toBeNull();
    storage.setItem('knownShop:santhi-sweets', JSON.stringify({ at: 0, shop: { id: 'santhi-sweets' } }));
    expect(knownShop(storage, 'santhi-sweets', 1)).toBeNull();
  });
});
