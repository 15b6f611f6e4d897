/**
 * Schemas for the demo data files in this folder (PRODUCT.md "Demo data") and a reader that
 * parses them all. Each file schema checks what can be checked inside that file (unique ids,
 * references, complete price tables); `findCrossFileProblems` checks references between files.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, LOCKER_SIZES, LOCKER_TYPES, TOWN_BOUNDS } from '@petti/shared';
import { ART_PATH } from '@petti/shared/rules/art';
import { isValidEan13 } from '@petti/shared/rules/ean13';
import {
  COMPLEX_RULES,
  HANDOVER_MODES,
  LISTING_CONDITIONS,
  LISTING_ID_PREFIX,
  MEMBER_ROLES,
} from '@petti/shared/schemas/complex';
import { z } from 'zod';

/** This folder, for callers that want the committed demo data. */
export const SEED_DIR = fileURLToPath(new URL('.', import.meta.url));

// ------------------------------------------------------------------ building blocks

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TAMIL = /[\u0B80-\u0BFF]/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const slugSchema = z.string().regex(SLUG, 'lower-case slug expected');

/** Text in both app languages; the Tamil text must be written in Tamil script. */
export const localizedTextSchema = z.strictObject({
  en: z.string().trim().min(1),
  ta: z.string().trim().min(1).regex(TAMIL, 'Tamil text expected'),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** Integer paise. */
export const paiseSchema = z.number().int().nonnegative();

/** Wire phone: `91` then a 10-digit Indian mobile number starting 6–9. */
export const phoneSchema = z.string().regex(/^91[6-9]\d{9}$/, 'phone must be 91 then 10 digits starting 6-9');

/** Latitude and longitude strictly inside the town's bounds. */
export const latSchema = z.number().gt(TOWN_BOUNDS.south).lt(TOWN_BOUNDS.north);
export const lngSchema = z.number().gt(TOWN_BOUNDS.west).lt(TOWN_BOUNDS.east);

/** Opening hours, `HH:MM`; `close` may be `24:00`. `00:00`–`24:00` means open all day. */
export const hoursSchema = z
  .strictObject({
    open: z.string().regex(TIME, 'HH:MM expected'),
    close: z.string().regex(new RegExp(`${TIME.source}|^24:00$`), 'HH:MM or 24:00 expected'),
  })
  .refine((h) => h.open < h.close, { message: 'open must be before close', path: ['close'] });
export type Hours = z.infer<typeof hoursSchema>;

export const lockerSizeSchema = z.enum(LOCKER_SIZES);
export const lockerSiteTypeSchema = z.enum(LOCKER_TYPES);

type Issue = { message: string; path: PropertyKey[] };

/** Reports each id seen more than once. */
function duplicates(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) dup.add(id);
    seen.add(id);
  }
  return [...dup];
}

function report(ctx: z.RefinementCtx, issues: Issue[]): void {
  for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
}

// ------------------------------------------------------------------ lockers.json

export const lockerSizeInfoSchema = z.strictObject({
  code: lockerSizeSchema,
  label: localizedTextSchema,
  fits: localizedTextSchema,
  innerCm: z.strictObject({
    w: z.number().int().positive(),
    h: z.number().int().positive(),
    d: z.number().int().positive(),
  }),
});
export type LockerSizeInfo = z.infer<typeof lockerSizeInfoSchema>;

export const lockerPriceSchema = z
  .strictObject({
    siteType: lockerSiteTypeSchema,
    size: lockerSizeSchema,
    firstHourPaise: paiseSchema.positive(),
    extraHourPaise: paiseSchema.positive(),
    dayCapPaise: paiseSchema.positive(),
  })
  .refine((p) => p.dayCapPaise >= p.firstHourPaise, {
    message: 'day cap below first hour',
    path: ['dayCapPaise'],
  });
export type LockerPrice = z.infer<typeof lockerPriceSchema>;

export const lockerSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+-(?:S|M|L|XL)\d{2}$/, 'locker id must be <site>-<size><nn>'),
  size: lockerSizeSchema,
  column: z.number().int().positive(),
  /** Row 1 is the lowest (most accessible) row. */
  row: z.number().int().positive(),
});
export type Locker = z.infer<typeof lockerSchema>;

export const lockerSiteSchema = z
  .strictObject({
    id: slugSchema,
    name: localizedTextSchema,
    address: localizedTextSchema,
    lat: latSchema,
    lng: lngSchema,
    hours: hoursSchema,
    type: lockerSiteTypeSchema,
    complexId: slugSchema.nullable(),
    acceptsParcels: z.boolean(),
    lockers: z.array(lockerSchema).min(1),
  })
  .superRefine((site, ctx) => {
    const issues: Issue[] = [];
    if ((site.type === 'complex_lockers') !== (site.complexId !== null)) {
      issues.push({ message: 'complex_lockers sites, and only they, name a complexId', path: ['complexId'] });
    }
    site.lockers.forEach((locker, i) => {
      const expected = new RegExp(`^${site.id}-${locker.size}\\d{2}$`);
      if (!expected.test(locker.id)) {
        issues.push({
          message: `locker ${locker.id} must be ${site.id}-${locker.size}<nn>`,
          path: ['lockers', i, 'id'],
        });
      }
    });
    for (const id of duplicates(site.lockers.map((l) => l.id))) {
      issues.push({ message: `duplicate locker id ${id}`, path: ['lockers'] });
    }
    for (const cell of duplicates(site.lockers.map((l) => `${l.column}/${l.row}`))) {
      issues.push({ message: `two lockers at column/row ${cell}`, path: ['lockers'] });
    }
    if (site.type === 'public_lockers') {
      for (const size of LOCKER_SIZES) {
        if (!site.lockers.some((l) => l.size === size)) {
          issues.push({ message: `public site has no ${size} locker`, path: ['lockers'] });
        }
      }
    }
    report(ctx, issues);
  });
export type LockerSite = z.infer<typeof lockerSiteSchema>;

export const lockersFileSchema = z
  .strictObject({
    sizes: z.array(lockerSizeInfoSchema),
    prices: z.array(lockerPriceSchema),
    sites: z.array(lockerSiteSchema).min(1),
  })
  .superRefine((file, ctx) => {
    const issues: Issue[] = [];
    for (const size of LOCKER_SIZES) {
      if (file.sizes.filter((s) => s.code === size).length !== 1) {
        issues.push({ message: `size ${size} must be described exactly once`, path: ['sizes'] });
      }
      for (const siteType of LOCKER_TYPES) {
        if (file.prices.filter((p) => p.size === size && p.siteType === siteType).length !== 1) {
          issues.push({
            message: `price for ${siteType}/${size} must appear exactly once`,
            path: ['prices'],
          });
        }
      }
    }
    for (const id of duplicates(file.sites.map((s) => s.id))) {
      issues.push({ message: `duplicate site id ${id}`, path: ['sites'] });
    }
    for (const id of duplicates(file.sites.flatMap((s) => s.lockers.map((l) => l.id)))) {
      issues.push({ message: `duplicate locker id ${id}`, path: ['sites'] });
    }
    report(ctx, issues);
  });
export type LockersFile = z.infer<typeof lockersFileSchema>;

// ------------------------------------------------------------------ catalog.json

export const SELLER_MODES = ['home', 'locker', 'curbside', 'grab'] as const;
export const sellerModeSchema = z.enum(SELLER_MODES);
export type SellerMode = z.infer<typeof sellerModeSchema>;

export const PRODUCT_UNITS = ['g', 'kg', 'ml', 'l', 'pcs', 'pack', 'box'] as const;
export const productUnitSchema = z.enum(PRODUCT_UNITS);
export type ProductUnit = z.infer<typeof productUnitSchema>;

export const TAX_PERCENTS = [0, 5, 12, 18] as const;
export const taxPercentSchema = z.literal(TAX_PERCENTS);

export const categorySchema = z.strictObject({
  id: slugSchema,
  name: localizedTextSchema,
  icon: z.string().min(1).max(16),
});
export type Category = z.infer<typeof categorySchema>;

export const sellerSchema = z.strictObject({
  id: slugSchema,
  brandName: z.string().trim().min(1),
  brandNameTa: z.string().trim().min(1).regex(TAMIL, 'Tamil text expected'),
  categoryId: slugSchema,
  description: localizedTextSchema,
  address: z.string().trim().min(1),
  lat: latSchema,
  lng: lngSchema,
  /** Delivery range in km (`sellerRange.dis`). */
  rangeKm: z.number().min(2).max(8),
  hours: hoursSchema,
  modes: z
    .array(sellerModeSchema)
    .min(1)
    .refine((m) => new Set(m).size === m.length, 'modes repeat'),
  phone: phoneSchema,
  rating: z.number().min(3.5).max(4.9),
  /** A bundled picture (docs/pictures.md). */
  image: z.string().regex(ART_PATH, 'a bundled picture, /art/HEXCODE.svg'),
});
export type Seller = z.infer<typeof sellerSchema>;

export const variantSchema = z
  .strictObject({
    /** `vrntId` on the wire. */
    id: slugSchema,
    unit: productUnitSchema,
    unitValue: z.number().positive(),
    pricePaise: paiseSchema.positive(),
    mrpPaise: paiseSchema.positive(),
    inventory: z.number().int().min(0).max(200),
    alwaysInventory: z.boolean(),
    taxPercent: taxPercentSchema,
    /** EAN-13 printed on the pack, for grab-and-go scanning (docs/grab-and-go.md). */
    barcode: z.string().refine(isValidEan13, 'not a valid EAN-13 code').optional(),
  })
  .refine((v) => v.mrpPaise >= v.pricePaise, { message: 'MRP below price', path: ['mrpPaise'] });
export type Variant = z.infer<typeof variantSchema>;

export const productSchema = z.strictObject({
  id: slugSchema,
  sellerId: slugSchema,
  categoryId: slugSchema,
  name: localizedTextSchema,
  /** Every demo text is in both languages: a Tamil shopper reads what the product is in Tamil. */
  description: localizedTextSchema,
  /** A bundled picture (docs/pictures.md); null shows the product's initials. */
  image: z.string().regex(ART_PATH, 'a bundled picture, /art/HEXCODE.svg').nullable(),
  /** Fireworks, matches, camphor and the like: never dropped in or handed over through a locker. */
  hazardous: z.boolean(),
  variants: z.array(variantSchema).min(1).max(3),
});
export type Product = z.infer<typeof productSchema>;

export const catalogFileSchema = z
  .strictObject({
    categories: z.array(categorySchema).min(1),
    sellers: z.array(sellerSchema).min(1),
    products: z.array(productSchema).min(1),
  })
  .superRefine((file, ctx) => {
    const issues: Issue[] = [];
    const categoryIds = new Set(file.categories.map((c) => c.id));
    const sellers = new Map(file.sellers.map((s) => [s.id, s]));
    for (const [kind, ids] of [
      ['category', file.categories.map((c) => c.id)],
      ['seller', file.sellers.map((s) => s.id)],
      ['product', file.products.map((p) => p.id)],
      ['variant', file.products.flatMap((p) => p.variants.map((v) => v.id))],
      // A scanned code must name one product, whichever shop it is scanned in.
      ['barcode', file.products.flatMap((p) => p.variants.flatMap((v) => (v.barcode ? [v.barcode] : [])))],
    ] as const) {
      for (const id of duplicates(ids)) issues.push({ message: `duplicate ${kind} id ${id}`, path: [] });
    }
    file.sellers.forEach((s, i) => {
      if (!categoryIds.has(s.categoryId)) {
        issues.push({ message: `unknown category ${s.categoryId}`, path: ['sellers', i, 'categoryId'] });
      }
    });
    file.products.forEach((p, i) => {
      const seller = sellers.get(p.sellerId);
      if (!seller)
        issues.push({ message: `unknown seller ${p.sellerId}`, path: ['products', i, 'sellerId'] });
      if (!categoryIds.has(p.categoryId)) {
        issues.push({ message: `unknown category ${p.categoryId}`, path: ['products', i, 'categoryId'] });
      }
      if (p.hazardous && seller?.modes.every((m) => m === 'locker')) {
        issues.push({
          message: 'hazardous product from a locker-only seller',
          path: ['products', i, 'hazardous'],
        });
      }
    });
    report(ctx, issues);
  });
export type CatalogFile = z.infer<typeof catalogFileSchema>;

// ------------------------------------------------------------------ complexes.json

export const handoverSchema = z.enum(HANDOVER_MODES);
export type Handover = z.infer<typeof handoverSchema>;

export const complexSchema = z.strictObject({
  id: slugSchema,
  name: localizedTextSchema,
  address: localizedTextSchema,
  lat: latSchema,
  lng: lngSchema,
  blocks: z
    .array(z.string().regex(/^[A-Z]$/))
    .min(1)
    .refine((b) => new Set(b).size === b.length, 'blocks repeat'),
  flatsPerBlock: z.number().int().positive(),
});
export type Complex = z.infer<typeof complexSchema>;

export const listingSchema = z.strictObject({
  id: slugSchema.refine(
    (id) => id.startsWith(LISTING_ID_PREFIX),
    `listing ids start with ${LISTING_ID_PREFIX}`,
  ),
  complexId: slugSchema,
  sellerPhone: phoneSchema,
  title: localizedTextSchema,
  description: z.string().trim().min(1),
  pricePaise: paiseSchema.positive(),
  categoryId: slugSchema,
  handover: z
    .array(handoverSchema)
    .min(1)
    .refine((h) => new Set(h).size === h.length, 'handover modes repeat'),
  quantity: z.number().int().min(1).max(COMPLEX_RULES.maxQuantity),
  condition: z.enum(LISTING_CONDITIONS),
});
export type Listing = z.infer<typeof listingSchema>;

/** A resident of a demo complex: the sellers of its listings, and one admin per complex. */
export const residentSchema = z.strictObject({
  phone: phoneSchema,
  name: z.string().trim().min(1),
  complexId: slugSchema,
  block: z.string().regex(/^[A-Z]$/),
  flat: z.string().trim().min(1),
  role: z.enum(MEMBER_ROLES),
});
export type Resident = z.infer<typeof residentSchema>;

export const complexesFileSchema = z
  .strictObject({
    complexes: z.array(complexSchema).min(1),
    residents: z.array(residentSchema),
    listings: z.array(listingSchema),
  })
  .superRefine((file, ctx) => {
    const issues: Issue[] = [];
    const complexIds = new Set(file.complexes.map((c) => c.id));
    for (const id of duplicates(file.complexes.map((c) => c.id))) {
      issues.push({ message: `duplicate complex id ${id}`, path: ['complexes'] });
    }
    for (const id of duplicates(file.listings.map((l) => l.id))) {
      issues.push({ message: `duplicate listing id ${id}`, path: ['listings'] });
    }
    file.listings.forEach((l, i) => {
      if (!complexIds.has(l.complexId)) {
        issues.push({ message: `unknown complex ${l.complexId}`, path: ['listings', i, 'complexId'] });
      }
      if (!file.residents.some((r) => r.phone === l.sellerPhone && r.complexId === l.complexId)) {
        issues.push({
          message: `seller ${l.sellerPhone} is no resident of ${l.complexId}`,
          path: ['listings', i],
        });
      }
    });
    for (const phone of duplicates(file.residents.map((r) => r.phone))) {
      issues.push({ message: `resident ${phone} listed twice`, path: ['residents'] });
    }
    file.residents.forEach((r, i) => {
      const complex = file.complexes.find((c) => c.id === r.complexId);
      if (!complex) issues.push({ message: `unknown complex ${r.complexId}`, path: ['residents', i] });
      else if (!complex.blocks.includes(r.block))
        issues.push({ message: `block ${r.block} is not in ${r.complexId}`, path: ['residents', i] });
    });
    for (const c of file.complexes) {
      if (!file.residents.some((r) => r.complexId === c.id && r.role === 'admin'))
        issues.push({ message: `complex ${c.id} has no admin`, path: ['residents'] });
    }
    report(ctx, issues);
  });
export type ComplexesFile = z.infer<typeof complexesFileSchema>;

// ------------------------------------------------------------------ plans.json and fees.json

export const PLAN_IDS = ['locker-lite', 'locker-plus', 'delivery-pass'] as const;

export const planSchema = z
  .strictObject({
    id: z.enum(PLAN_IDS),
    name: localizedTextSchema,
    description: localizedTextSchema,
    kind: z.enum(['locker', 'delivery']),
    pricePaise: paiseSchema.positive(),
    periodDays: z.number().int().positive(),
    lockerHours: z.number().int().positive().nullable(),
    sizes: z.array(lockerSizeSchema).refine((s) => new Set(s).size === s.length, 'sizes repeat'),
    waitlistPriority: z.boolean(),
    freeDeliveryOverPaise: paiseSchema.nullable(),
  })
  .superRefine((plan, ctx) => {
    const issues: Issue[] = [];
    if (plan.kind === 'locker') {
      if (plan.lockerHours === null)
        issues.push({ message: 'locker plan needs lockerHours', path: ['lockerHours'] });
      if (plan.sizes.length === 0) issues.push({ message: 'locker plan needs sizes', path: ['sizes'] });
      if (plan.freeDeliveryOverPaise !== null) {
        issues.push({ message: 'locker plan has no delivery threshold', path: ['freeDeliveryOverPaise'] });
      }
    } else {
      if (plan.lockerHours !== null)
        issues.push({ message: 'delivery plan has no lockerHours', path: ['lockerHours'] });
      if (plan.sizes.length > 0) issues.push({ message: 'delivery plan has no sizes', path: ['sizes'] });
      if (plan.freeDeliveryOverPaise === null) {
        issues.push({
          message: 'delivery plan needs freeDeliveryOverPaise',
          path: ['freeDeliveryOverPaise'],
        });
      }
    }
    report(ctx, issues);
  });
export type Plan = z.infer<typeof planSchema>;

export const plansFileSchema = z
  .array(planSchema)
  .min(1)
  .refine((plans) => duplicates(plans.map((p) => p.id)).length === 0, 'duplicate plan id');
export type PlansFile = z.infer<typeof plansFileSchema>;

export const deliveryFeesSchema = z.strictObject({
  baseFeePaise: paiseSchema,
  perKmPaise: paiseSchema,
  smallCartThresholdPaise: paiseSchema,
  smallCartFeePaise: paiseSchema,
  packagingFeePaise: paiseSchema,
});
export type DeliveryFees = z.infer<typeof deliveryFeesSchema>;

export const feesFileSchema = z.strictObject({ deliveryFees: deliveryFeesSchema });
export type FeesFile = z.infer<typeof feesFileSchema>;

// ------------------------------------------------------------------ gazetteer.json

export const gazetteerEntrySchema = z.strictObject({
  name: localizedTextSchema,
  kind: z.enum(['street', 'area', 'landmark']),
  lat: latSchema,
  lng: lngSchema,
});
export type GazetteerEntry = z.infer<typeof gazetteerEntrySchema>;

export const gazetteerFileSchema = z
  .array(gazetteerEntrySchema)
  .min(1)
  .refine(
    (entries) => duplicates(entries.map((e) => e.name.en.toLowerCase())).length === 0,
    'duplicate name',
  );
export type GazetteerFile = z.infer<typeof gazetteerFileSchema>;

// ------------------------------------------------------------------ users.json

export const seedAddressSchema = z.strictObject({
  id: slugSchema,
  label: z.string().trim().min(1),
  line1: z.string().trim().min(1),
  line2: z.string(),
  landmark: z.string(),
  lat: latSchema,
  lng: lngSchema,
  isDefault: z.boolean(),
});
export type SeedAddress = z.infer<typeof seedAddressSchema>;

export const seedUserSchema = z
  .strictObject({
    id: slugSchema,
    phone: phoneSchema,
    name: z.string().trim().min(1),
    email: z.email().nullable(),
    language: z.enum(LANGUAGES),
    complexId: slugSchema.nullable(),
    block: z
      .string()
      .regex(/^[A-Z]$/)
      .nullable(),
    flat: z.string().min(1).nullable(),
    addresses: z.array(seedAddressSchema),
  })
  .superRefine((user, ctx) => {
    const issues: Issue[] = [];
    if (user.addresses.length > 0 && user.addresses.filter((a) => a.isDefault).length !== 1) {
      issues.push({ message: 'exactly one default address expected', path: ['addresses'] });
    }
    for (const id of duplicates(user.addresses.map((a) => a.id))) {
      issues.push({ message: `duplicate address id ${id}`, path: ['addresses'] });
    }
    if (user.complexId === null && (user.block !== null || user.flat !== null)) {
      issues.push({ message: 'block and flat need a complex', path: ['complexId'] });
    }
    report(ctx, issues);
  });
export type SeedUser = z.infer<typeof seedUserSchema>;

export const usersFileSchema = z
  .array(seedUserSchema)
  .refine((users) => duplicates(users.map((u) => u.id)).length === 0, 'duplicate user id')
  .refine((users) => duplicates(users.map((u) => u.phone)).length === 0, 'duplicate user phone');
export type UsersFile = z.infer<typeof usersFileSchema>;

// ------------------------------------------------------------------ shop-people.json

/** Who works in the demo shops (docs/shops.md#demo-data), the simulator's account and the operators. */
export const shopPeopleFileSchema = z
  .strictObject({
    members: z.array(
      z.strictObject({
        sellerId: slugSchema,
        phone: phoneSchema,
        name: z.string().trim().min(1),
        role: z.enum(['owner', 'staff']),
      }),
    ),
    /** Staff of every demo shop: the shop simulator signs in as this account (docs/shops.md#the-simulator). */
    simulator: z.strictObject({ phone: phoneSchema, name: z.string().trim().min(1) }),
    operators: z.array(z.strictObject({ phone: phoneSchema, name: z.string().trim().min(1) })),
  })
  .superRefine((file, ctx) => {
    const issues: Issue[] = [];
    for (const pair of duplicates(file.members.map((m) => `${m.sellerId} ${m.phone}`)))
      issues.push({ message: `member listed twice: ${pair}`, path: ['members'] });
    const names = new Map<string, string>();
    for (const m of file.members) {
      if (names.has(m.phone) && names.get(m.phone) !== m.name)
        issues.push({ message: `${m.phone} has two names`, path: ['members'] });
      names.set(m.phone, m.name);
    }
    report(ctx, issues);
  });
export type ShopPeopleFile = z.infer<typeof shopPeopleFileSchema>;

// ------------------------------------------------------------------ all files

/** File name → schema, for every demo data file. */
export const SEED_FILES = {
  lockers: { file: 'lockers.json', schema: lockersFileSchema },
  catalog: { file: 'catalog.json', schema: catalogFileSchema },
  complexes: { file: 'complexes.json', schema: complexesFileSchema },
  plans: { file: 'plans.json', schema: plansFileSchema },
  fees: { file: 'fees.json', schema: feesFileSchema },
  gazetteer: { file: 'gazetteer.json', schema: gazetteerFileSchema },
  users: { file: 'users.json', schema: usersFileSchema },
  shopPeople: { file: 'shop-people.json', schema: shopPeopleFileSchema },
} as const;

export interface SeedFiles {
  lockers: LockersFile;
  catalog: CatalogFile;
  complexes: ComplexesFile;
  plans: PlansFile;
  fees: FeesFile;
  gazetteer: GazetteerFile;
  users: UsersFile;
  shopPeople: ShopPeopleFile;
}

/** References between files: complexes of locker sites, users and listings; listing categories. */
export function findCrossFileProblems(seed: SeedFiles): string[] {
  const problems: string[] = [];
  const complexIds = new Set(seed.complexes.complexes.map((c) => c.id));
  const categoryIds = new Set(seed.catalog.categories.map((c) => c.id));
  for (const site of seed.lockers.sites) {
    if (site.complexId !== null && !complexIds.has(site.complexId)) {
      problems.push(`locker site ${site.id}: unknown complex ${site.complexId}`);
    }
  }
  for (const complex of seed.complexes.complexes) {
    if (!seed.lockers.sites.some((s) => s.complexId === complex.id)) {
      problems.push(`complex ${complex.id} has no locker site`);
    }
  }
  for (const listing of seed.complexes.listings) {
    if (!categoryIds.has(listing.categoryId)) {
      problems.push(`listing ${listing.id}: unknown category ${listing.categoryId}`);
    }
  }
  const sellerIds = new Set(seed.catalog.sellers.map((s) => s.id));
  for (const m of seed.shopPeople.members) {
    if (!sellerIds.has(m.sellerId)) problems.push(`shop member ${m.phone}: unknown shop ${m.sellerId}`);
  }
  for (const s of seed.catalog.sellers) {
    if (!seed.shopPeople.members.some((m) => m.sellerId === s.id && m.role === 'owner'))
      problems.push(`shop ${s.id} has no owner in shop-people.json`);
  }
  const taken = new Set([...seed.users.map((u) => u.phone), ...seed.complexes.residents.map((r) => r.phone)]);
  for (const p of [...seed.shopPeople.members, seed.shopPeople.simulator, ...seed.shopPeople.operators]) {
    if (taken.has(p.phone)) problems.push(`shop person ${p.phone} is already a demo shopper or resident`);
  }
  for (const user of seed.users) {
    const complex = seed.complexes.complexes.find((c) => c.id === user.complexId);
    if (user.complexId !== null && !complex)
      problems.push(`user ${user.id}: unknown complex ${user.complexId}`);
    if (complex && user.block !== null && !complex.blocks.includes(user.block)) {
      problems.push(`user ${user.id}: block ${user.block} is not in ${complex.id}`);
    }
  }
  return problems;
}

async function readJson(dir: string, file: string): Promise<unknown> {
  return JSON.parse(await readFile(join(dir, file), 'utf8'));
}

function parseFile<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`${file} is not valid:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** Reads and validates every demo data file in `dir`; throws one message naming the file and the problems. */
export async function readSeedFiles(dir: string): Promise<SeedFiles> {
  const f = SEED_FILES;
  const [lockers, catalog, complexes, plans, fees, gazetteer, users, shopPeople] = await Promise.all([
    readJson(dir, f.lockers.file),
    readJson(dir, f.catalog.file),
    readJson(dir, f.complexes.file),
    readJson(dir, f.plans.file),
    readJson(dir, f.fees.file),
    readJson(dir, f.gazetteer.file),
    readJson(dir, f.users.file),
    readJson(dir, f.shopPeople.file),
  ]);
  const seed: SeedFiles = {
    lockers: parseFile(f.lockers.schema, lockers, f.lockers.file),
    catalog: parseFile(f.catalog.schema, catalog, f.catalog.file),
    complexes: parseFile(f.complexes.schema, complexes, f.complexes.file),
    plans: parseFile(f.plans.schema, plans, f.plans.file),
    fees: parseFile(f.fees.schema, fees, f.fees.file),
    gazetteer: parseFile(f.gazetteer.schema, gazetteer, f.gazetteer.file),
    users: parseFile(f.users.schema, users, f.users.file),
    shopPeople: parseFile(f.shopPeople.schema, shopPeople, f.shopPeople.file),
  };
  const problems = findCrossFileProblems(seed);
  if (problems.length > 0) throw new Error(`demo data references do not resolve:\n${problems.join('\n')}`);
  return seed;
}
