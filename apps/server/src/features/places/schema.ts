import { doublePrecision, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { localized } from '../../db/columns.ts';

/** The town's gazetteer: streets, areas and landmarks for address search. */
export const places = pgTable('places', {
  id: serial('id').primaryKey(),
  name: localized('name').notNull().unique(),
  kind: text('kind').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
});
