import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { lockerSites } from './schema.ts';

export const lockersService = {
  async siteExists(db: DbOrTx, siteId: string): Promise<boolean> {
    const [row] = await db.select({ id: lockerSites.id }).from(lockerSites).where(eq(lockerSites.id, siteId));
    return Boolean(row);
  },
};
