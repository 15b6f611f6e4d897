/**
 * The shop board's words for its lanes and actions, in a module of their own without zod: the board
 * is a first screen, and a value read from a schema module brings the whole of zod with it
 * (docs/performance.md#first-screen-javascript-budgets). The schemas build on these.
 */

/** The board's lanes: what is new, what is being worked, what waits for the shop to open. */
export const SHOP_BOARD_LANES = ['new', 'scheduled', 'active', 'done'] as const;
export type ShopBoardLane = (typeof SHOP_BOARD_LANES)[number];

/** How long a shop may say preparing takes, in minutes. */
export const PREP_MINUTES = { min: 5, max: 180, default: 15 } as const;

/** Why a shop turns an order down (the buyer is refunded in full). */
export const REJECT_REASONS = ['out_of_stock', 'closing', 'too_busy', 'cannot_deliver', 'other'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];
