import type { Address } from '@petti/shared/schemas/addresses';
import type { addresses } from './schema.ts';

export type AddressRow = typeof addresses.$inferSelect;

export const toAddress = (row: AddressRow): Address => ({
  id: row.id,
  label: row.label,
  line1: row.line1,
  line2: row.line2,
  landmark: row.landmark,
  lat: row.lat,
  lng: row.lng,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});
