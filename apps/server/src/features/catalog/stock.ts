import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type Params, prepared } from '../../db/prepared.ts';
import { together } from '../../db/together.ts';
import { productVariants } from './schema.ts';

/** A quantity of one variant to take or give back; always-in-stock variants are left alone. */
export interface StockLine {
  vrntId: string;
  quantity: number;
  alwaysInventory: boolean;
}

// Every order takes stock: built once (db/prepared.ts).
const takeVariant = prepared((q, v: Params<{ id: string; quantity: number }>) =>
  q
    .update(productVariants)
    .set({ inventory: sql`${productVariants.inventory} - ${v.quantity}` })
    .where(and(eq(productVariants.id, v.id), sql`${productVariants.inventory} >= ${v.quantity}`))
    .returning({ id: productVariants.id }),
);

const byVariant = (lines: readonly StockLine[]) =>
  [...lines].filter((l) => !l.alwaysInventory).sort((a, b) => (a.vrntId < b.vrntId ? -1 : 1));

/**
 * The catalog's stock, the only road to `product_variants.inventory` for other features. Variants
 * are touched in id order so two transactions never wait on each other crosswise.
 */
export const stock = {
  /**
   * Takes stock with one statement per variant that only succeeds while enough is left
   * (`inventory >= quantity`), so concurrent orders can never take it below zero. Answers the first
   * variant that was short (the caller's transaction must then roll back what was taken), or null.
   * The statements go side by side (db/together.ts): a cart's lines cost one round trip, not one
   * each, and run in id order all the same; those after a short one take stock the rollback returns.
   */
  async take(tx: DbOrTx, lines: readonly StockLine[]): Promise<string | null> {
    const sorted = byVariant(lines);
    const taken = await together(sorted.map((l) => takeVariant(tx, { id: l.vrntId, quantity: l.quantity })));
    const short = taken.findIndex((rows) => rows.length === 0);
    return short === -1 ? null : sorted[short]!.vrntId;
  },

  /** Gives stock back (an order undone, cancelled or timed out). */
  async release(tx: DbOrTx, lines: readonly StockLine[]): Promise<void> {
    for (const l of byVariant(lines)) {
      await tx
        .update(productVariants)
        .set({ inventory: sql`${productVariants.inventory} + ${l.quantity}` })
        .where(eq(productVariants.id, l.vrntId));
    }
  },
};

export type CatalogStock = typeof stock;
