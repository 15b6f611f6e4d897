import { describe, expect, it } from 'vitest';
import { reorderItemsOf, repriced } from './reorder.ts';

const order = {
  sellerId: 'anand-sweets',
  items: [
    {
      vrntId: 'v-mysore-pak-250',
      productId: 'p-mysore-pak',
      name: { en: 'Mysore pak', ta: 'மைசூர் பாக்' },
      image: '/art/1F36C.svg',
      quantity: 2,
      unitPricePaise: 12050,
      mrpPaise: 14000,
      taxPaise: 574,
      taxPercent: 5,
      hazardous: false,
      unavailableQuantity: 0,
    },
  ],
};

describe('reorder items', () => {
  it("carry the seed's fields: sellerAccId, prdtId, vrntId, prdtName, price, qnty, prdtImg", () => {
    expect(reorderItemsOf(order)).toEqual([
      {
        sellerAccId: 'anand-sweets',
        prdtId: 'p-mysore-pak',
        vrntId: 'v-mysore-pak-250',
        prdtName: { en: 'Mysore pak', ta: 'மைசூர் பாக்' },
        price: 120.5,
        qnty: 2,
        prdtImg: '/art/1F36C.svg',
      },
    ]);
  });

  it('tell a line whose price moved since the order', () => {
    const [item] = reorderItemsOf(order);
    expect(repriced(item!, 120.5)).toBe(false);
    expect(repriced(item!, 125)).toBe(true);
  });
});
