import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage.ts';
import { shopChoices } from './shop-choices.ts';

describe('the market choices kept on the phone', () => {
  it('keeps the root category last opened as selectedRootBtn', () => {
    const storage = memoryStorage();
    expect(shopChoices.rootButton(storage)).toBeNull();
    shopChoices.chooseRootButton('cat-sweets', storage);
    expect(storage.getItem('selectedRootBtn')).toBe('cat-sweets');
    expect(shopChoices.rootButton(storage)).toBe('cat-sweets');
  });

  it('keeps the shop a category was narrowed to as activeCategoryInfo, for that category only', () => {
    const storage = memoryStorage();
    shopChoices.chooseShop('cat-sweets', 'seller-7', storage);
    expect(JSON.parse(storage.getItem('activeCategoryInfo')!)).toEqual({
      categoryId: 'cat-sweets',
      sellerId: 'seller-7',
    });
    expect(shopChoices.shopFor('cat-sweets', storage)).toBe('seller-7');
    expect(shopChoices.shopFor('cat-grocery', storage)).toBeNull();
    shopChoices.chooseShop('cat-sweets', null, storage);
    expect(storage.getItem('activeCategoryInfo')).toBeNull();
    expect(shopChoices.shopFor('cat-sweets', storage)).toBeNull();
  });

  it('reads a damaged value as no choice', () => {
    for (const raw of ['{', 'null', '"seller-7"', '{"categoryId":1,"sellerId":"x"}']) {
      const storage = memoryStorage({ activeCategoryInfo: raw });
      expect(shopChoices.shopFor('cat-sweets', storage)).toBeNull();
    }
  });
});
