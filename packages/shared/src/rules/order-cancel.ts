import { REJECT_REASONS, type RejectReason } from '../schemas/shops.ts';

/**
 * Why an order ended, as the server keeps it in one line (`cancelReason`) and as the buyer's screens
 * read it back: the shop turned it down (with its reason and note), nothing was left to bring, the
 * buyer cancelled, or the payment never came.
 */
export type OrderEnd =
  | { by: 'shop'; reason: RejectReason; note: string | null }
  | { by: 'shop'; reason: 'nothing_left'; note: null }
  | { by: 'buyer'; reason: string | null }
  | { by: 'payment' };

const NOTHING_LEFT = 'shop: nothing left';

export function orderEndText(end: OrderEnd): string {
  switch (end.by) {
    case 'payment':
      return 'payment';
    case 'buyer':
      return end.reason ? `buyer: ${end.reason}` : 'buyer';
    case 'shop':
      return end.reason === 'nothing_left'
        ? NOTHING_LEFT
        : `shop: ${end.reason}${end.note ? ` (${end.note})` : ''}`;
  }
}

/** The kept line read back; null for none, or for one this version does not know. */
export function orderEndOf(text: string | null | undefined): OrderEnd | null {
  if (!text) return null;
  if (text === 'payment') return { by: 'payment' };
  if (text === 'buyer') return { by: 'buyer', reason: null };
  if (text.startsWith('buyer: ')) return { by: 'buyer', reason: text.slice(7) };
  if (text === NOTHING_LEFT) return { by: 'shop', reason: 'nothing_left', note: null };
  const shop = /^shop: ([a-z_]+)(?: \((.*)\))?$/s.exec(text);
  const reason = shop?.[1] as RejectReason | undefined;
  if (reason && (REJECT_REASONS as readonly string[]).includes(reason))
    return { by: 'shop', reason, note: shop?.[2] ?? null };
  return null;
}
