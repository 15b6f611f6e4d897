import { z } from 'zod';
import { TOWN_BOUNDS } from '../constants.ts';
import { isInsideTown } from '../rules/geo.ts';

/**
 * Saved delivery addresses and the address search box (docs/product.md#addresses,
 * docs/marketplace.md "Addresses"). `GET /api/addresses` answers `{ addresses }` (the app reads
 * `data.addresses`).
 */

export const OUTSIDE_TOWN = 'The pin must be inside Sivakasi';
export const MAX_ADDRESSES = 20;

export const addressSchema = z.object({
  id: z.string(),
  label: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  landmark: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListSchema = z.object({ addresses: z.array(addressSchema) });
export const addressAnswerSchema = z.object({ address: addressSchema });

const optionalLine = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));

const fields = {
  label: z.string().trim().min(1).max(40),
  line1: z.string().trim().min(3).max(200),
  line2: optionalLine,
  landmark: optionalLine,
  lat: z.number().min(TOWN_BOUNDS.south, OUTSIDE_TOWN).max(TOWN_BOUNDS.north, OUTSIDE_TOWN),
  lng: z.number().min(TOWN_BOUNDS.west, OUTSIDE_TOWN).max(TOWN_BOUNDS.east, OUTSIDE_TOWN),
  isDefault: z.boolean().optional(),
};

const pinInsideTown = (a: { lat?: number; lng?: number }, ctx: z.RefinementCtx) => {
  if (a.lat === undefined && a.lng === undefined) return;
  if (a.lat === undefined || a.lng === undefined) {
    ctx.addIssue({ code: 'custom', path: ['lat'], message: 'lat and lng go together' });
    return;
  }
  if (!isInsideTown({ lat: a.lat, lng: a.lng }))
    ctx.addIssue({ code: 'custom', path: ['lat'], message: OUTSIDE_TOWN });
};

/** `POST /api/addresses`: the first address, or one with `isDefault: true`, becomes the default. */
export const addressBody = z.strictObject(fields).superRefine(pinInsideTown);
/** The document's form of "lat and lng go together". */
export const LAT_LNG_TOGETHER = { dependentRequired: { lat: ['lng'], lng: ['lat'] } };
export type AddressBody = z.infer<typeof addressBody>;
export type AddressInput = z.input<typeof addressBody>;

/** `PATCH /api/addresses/:id`: any of the fields; a moved pin must move both lat and lng. */
export const addressPatchBody = z
  .strictObject({
    label: fields.label.optional(),
    line1: fields.line1.optional(),
    line2: optionalLine.optional(),
    landmark: optionalLine.optional(),
    lat: fields.lat.optional(),
    lng: fields.lng.optional(),
    isDefault: z.literal(true).optional(),
  })
  .superRefine(pinInsideTown)
  .meta(LAT_LNG_TOGETHER);
export type AddressPatchBody = z.infer<typeof addressPatchBody>;

export const addressParams = z.object({ id: z.string().min(1).max(100) });

// ---------------------------------------------------------------- gazetteer search

export const placeSchema = z.object({
  id: z.string(),
  name: z.object({ en: z.string(), ta: z.string() }),
  kind: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Place = z.infer<typeof placeSchema>;

/** `GET /api/places?q=`: streets, areas and landmarks matching the text (case-insensitive). */
export const placesQuery = z.object({
  q: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const placeListSchema = z.object({ places: z.array(placeSchema) });
