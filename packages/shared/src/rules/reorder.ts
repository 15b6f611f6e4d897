import type { Order } from '../schemas/orders.ts';

/**
 * Putting an earlier order's items back in the cart (docs/product.md#reorder): each line as the
 * seed names it, `sellerAccId`, `prdtId`, `vrntId`, `prdtName`, `price` (rupees, as the cart keeps them),
 * `qnty` and `prdtImg`. The app adds them through the cart's own rules at today's price and stock, and
 * says which lines cost more or less than when ordered.
 */
export interface ReorderItem {
  sellerAccId: string;
  prdtId: string;
  vrntId: string;
  prdtName: Order['items'][number]['name'];
  price: number;
  qnty: number;
  prdtImg: string | null;
}

export function reorderItemsOf(order: Pick<Order, 'sellerId' | 'items'>): ReorderItem[] {
  return order.items.map((item) => ({
    sellerAccId: order.sellerId,
    prdtId: item.productId,
    vrntId: item.vrntId,
    prdtName: item.name,
    price: item.unitPricePaise / 100,
    qnty: item.quantity,
    prdtImg: item.image,
  }));
}

/** The line's price moved since the order: today's cart price (rupees) against the ordered one. */
export const repriced = (item: ReorderItem, todayPrice: number): boolean =>
  Math.round(todayPrice * 100) !== Math.round(item.price * 100);
