import type { OrderState } from '@petti/shared/rules/order-states';
import type { ShopStep } from '@petti/shared/schemas/shops';

/**
 * The notes the timeline keeps for steps that do not change an order's state, written and read here
 * only: the shop's board names each line by what was done (docs/shops.md#who-did-what).
 */
const NOTE = {
  itemUnavailable: 'unavailable: ',
  substituteOffered: 'substitute offered: ',
  proofPhoto: 'proof photo',
} as const;

export const stepNote = {
  itemUnavailable: (item: string, quantity: number) => `${NOTE.itemUnavailable}${item} × ${quantity}`,
  substituteOffered: (item: string, substitute: string, quantity: number) =>
    `${NOTE.substituteOffered}${item} → ${substitute} × ${quantity}`,
  proofPhoto: () => NOTE.proofPhoto,
};

/** What one timeline entry did: the state it reached, or the step its note names when the state stayed. */
export function stepOf(
  entry: { state: OrderState; note: string | null },
  before: OrderState | null,
): ShopStep {
  const note = entry.note ?? '';
  if (note.startsWith(NOTE.itemUnavailable)) return 'itemUnavailable';
  if (note.startsWith(NOTE.substituteOffered)) return 'substituteOffered';
  if (note === NOTE.proofPhoto) return 'proofPhoto';
  return entry.state === before ? 'note' : entry.state;
}
