import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCKER_SIZES, LOCKER_TYPES, TOWN_BOUNDS } from '@petti/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  catalogFileSchema,
  findCrossFileProblems,
  latSchema,
  lngSchema,
  lockersFileSchema,
  readSeedFiles,
  SEED_DIR,
  SEED_FILES,
  type SeedFiles,
  variantSchema,
} from './schema.ts';

let seed: SeedFiles;

beforeAll(async () => {
  seed = await readSeedFiles(SEED_DIR);
});

function strictlyInside(p: { lat: number; lng: number }): boolean {
  return (
    p.lat > TOWN_BOUNDS.south &&
    p.lat < TOWN_BOUNDS.north &&
    p.lng > TOWN_BOUNDS.west &&
    p.lng < TOWN_BOUNDS.east
  );
}

function duplicatesOf(ids: string[]): string[] {
  return ids.filter((id, i) => ids.indexOf(id) !== i);
}

describe('demo data files', () => {
  for (const [name, { file, schema }] of Object.entries(SEED_FILES)) {
    it(`${file} parses with its schema`, async () => {
      const raw: unknown = JSON.parse(await readFile(join(SEED_DIR, file), 'utf8'));
      const result = schema.safeParse(raw);
      expect(result.error?.issues ?? [], `${name}: ${file}`).toEqual([]);
    });
  }

  it('has no problems between files', () => {
    expect(findCrossFileProblems(seed)).toEqual([]);
  });

  it('puts every coordinate strictly inside the town', () => {
    const points: { what: string; lat: number; lng: number }[] = [
      ...seed.lockers.sites.map((s) => ({ what: `site ${s.id}`, lat: s.lat, lng: s.lng })),
      ...seed.catalog.sellers.map((s) => ({ what: `seller ${s.id}`, lat: s.lat, lng: s.lng })),
      ...seed.complexes.complexes.map((c) => ({ what: `complex ${c.id}`, lat: c.lat, lng: c.lng })),
      ...seed.gazetteer.map((g) => ({ what: `gazetteer ${g.name.en}`, lat: g.lat, lng: g.lng })),
      ...seed.users.flatMap((u) =>
        u.addresses.map((a) => ({ what: `address ${a.id}`, lat: a.lat, lng: a.lng })),
      ),
    ];
    expect(points.length).toBeGreaterThanOrEqual(80);
    expect(points.filter((p) => !strictlyInside(p)).map((p) => p.what)).toEqual([]);
  });

  it('keeps ids unique per kind, and variant ids unique across the catalog', () => {
    const { lockers, catalog, complexes, plans, users } = seed;
    expect(duplicatesOf(lockers.sites.map((s) => s.id))).toEqual([]);
    expect(duplicatesOf(lockers.sites.flatMap((s) => s.lockers.map((l) => l.id)))).toEqual([]);
    expect(duplicatesOf(catalog.categories.map((c) => c.id))).toEqual([]);
    expect(duplicatesOf(catalog.sellers.map((s) => s.id))).toEqual([]);
    expect(duplicatesOf(catalog.products.map((p) => p.id))).toEqual([]);
    expect(duplicatesOf(catalog.products.flatMap((p) => p.variants.map((v) => v.id)))).toEqual([]);
    expect(duplicatesOf(complexes.complexes.map((c) => c.id))).toEqual([]);
    expect(duplicatesOf(complexes.listings.map((l) => l.id))).toEqual([]);
    expect(duplicatesOf(plans.map((p) => p.id))).toEqual([]);
    expect(duplicatesOf(users.map((u) => u.id))).toEqual([]);
  });

  it('resolves every reference', () => {
    const categoryIds = new Set(seed.catalog.categories.map((c) => c.id));
    const sellerIds = new Set(seed.catalog.sellers.map((s) => s.id));
    const complexIds = new Set(seed.complexes.complexes.map((c) => c.id));
    const bad: string[] = [];
    for (const s of seed.catalog.sellers) if (!categoryIds.has(s.categoryId)) bad.push(`seller ${s.id}`);
    for (const p of seed.catalog.products) {
      if (!sellerIds.has(p.sellerId)) bad.push(`product ${p.id} seller`);
      if (!categoryIds.has(p.categoryId)) bad.push(`product ${p.id} category`);
    }
    for (const l of seed.complexes.listings) {
      if (!complexIds.has(l.complexId)) bad.push(`listing ${l.id} complex`);
      if (!categoryIds.has(l.categoryId)) bad.push(`listing ${l.id} category`);
    }
    for (const s of seed.lockers.sites) {
      if (s.type === 'complex_lockers' && (s.complexId === null || !complexIds.has(s.complexId))) {
        bad.push(`site ${s.id} complex`);
      }
      if (s.type === 'public_lockers' && s.complexId !== null)
        bad.push(`public site ${s.id} names a complex`);
    }
    for (const u of seed.users)
      if (u.complexId !== null && !complexIds.has(u.complexId)) bad.push(`user ${u.id}`);
    expect(bad).toEqual([]);
  });

  it('gives every public locker site every size, and each complex a locker site', () => {
    const publicSites = seed.lockers.sites.filter((s) => s.type === 'public_lockers');
    expect(publicSites.length).toBeGreaterThanOrEqual(4);
    for (const site of publicSites) {
      expect(new Set(site.lockers.map((l) => l.size)), site.id).toEqual(new Set(LOCKER_SIZES));
    }
    for (const complex of seed.complexes.complexes) {
      const sites = seed.lockers.sites.filter((s) => s.complexId === complex.id);
      expect(
        sites.map((s) => s.type),
        complex.id,
      ).toEqual(['complex_lockers']);
    }
    expect(seed.lockers.sites.some((s) => s.acceptsParcels)).toBe(true);
  });

  it('names every locker <site>-<size><nn> and keeps row 1 lowest', () => {
    for (const site of seed.lockers.sites) {
      for (const locker of site.lockers) {
        expect(locker.id).toMatch(new RegExp(`^${site.id}-${locker.size}\\d{2}$`));
        expect(locker.row).toBeGreaterThanOrEqual(1);
      }
      expect(site.lockers.some((l) => l.row <= 2)).toBe(true);
    }
  });

  it('prices every site type and size once, in whole paise', () => {
    for (const siteType of LOCKER_TYPES) {
      for (const size of LOCKER_SIZES) {
        const rows = seed.lockers.prices.filter((p) => p.siteType === siteType && p.size === size);
        expect(rows, `${siteType}/${size}`).toHaveLength(1);
        const [price] = rows;
        expect(Number.isInteger(price?.firstHourPaise)).toBe(true);
        expect(price?.dayCapPaise).toBeGreaterThanOrEqual(price?.firstHourPaise ?? Number.POSITIVE_INFINITY);
      }
    }
    expect(seed.lockers.prices).toHaveLength(LOCKER_TYPES.length * LOCKER_SIZES.length);
    expect(seed.lockers.sizes.map((s) => s.code).sort()).toEqual([...LOCKER_SIZES].sort());
  });

  it('never sells a variant above its MRP, and keeps money in integer paise', () => {
    const variants = seed.catalog.products.flatMap((p) => p.variants);
    expect(variants.filter((v) => v.mrpPaise < v.pricePaise).map((v) => v.id)).toEqual([]);
    expect(variants.every((v) => Number.isInteger(v.pricePaise) && Number.isInteger(v.mrpPaise))).toBe(true);
    expect(variants.every((v) => [0, 5, 12, 18].includes(v.taxPercent))).toBe(true);
  });

  it('keeps hazardous goods away from lockers', () => {
    const sellers = new Map(seed.catalog.sellers.map((s) => [s.id, s]));
    const hazardous = seed.catalog.products.filter((p) => p.hazardous);
    expect(hazardous.length).toBeGreaterThan(0);
    for (const product of hazardous) {
      const modes = sellers.get(product.sellerId)?.modes ?? [];
      expect(
        modes.some((m) => m !== 'locker'),
        `${product.id} has a way to reach the buyer without a locker`,
      ).toBe(true);
    }
    const fireworksSellers = seed.catalog.sellers.filter((s) => s.categoryId === 'fireworks-matches');
    expect(fireworksSellers.length).toBeGreaterThan(0);
    for (const seller of fireworksSellers) {
      expect(seller.modes, seller.id).not.toContain('locker');
      expect(seller.modes, seller.id).toContain('curbside');
    }
    // Every fireworks product is hazardous.
    const fireworks = seed.catalog.products.filter((p) => p.categoryId === 'fireworks-matches');
    expect(fireworks.filter((p) => !p.hazardous).map((p) => p.id)).toEqual([]);
  });

  it('has a few hundred products, and products in every category', () => {
    const { products, categories, sellers } = seed.catalog;
    expect(products.length).toBeGreaterThanOrEqual(200);
    expect(products.length).toBeLessThanOrEqual(400);
    for (const category of categories) {
      expect(
        products.some((p) => p.categoryId === category.id),
        category.id,
      ).toBe(true);
    }
    for (const seller of sellers) {
      expect(
        products.some((p) => p.sellerId === seller.id),
        seller.id,
      ).toBe(true);
    }
    const variants = products.flatMap((p) => p.variants);
    expect(variants.some((v) => v.inventory === 0 && !v.alwaysInventory)).toBe(true);
    expect(variants.some((v) => v.inventory > 0 && v.inventory <= 3)).toBe(true);
    expect(variants.some((v) => v.alwaysInventory)).toBe(true);
  });

  it('covers the sellers, complexes, plans and user the demo needs', () => {
    expect(seed.catalog.sellers.length).toBeGreaterThanOrEqual(10);
    expect(seed.complexes.complexes).toHaveLength(2);
    for (const complex of seed.complexes.complexes) {
      expect(seed.complexes.listings.filter((l) => l.complexId === complex.id).length).toBeGreaterThanOrEqual(
        5,
      );
    }
    expect(seed.plans.map((p) => p.id).sort()).toEqual(['delivery-pass', 'locker-lite', 'locker-plus']);
    expect(seed.gazetteer.length).toBeGreaterThanOrEqual(40);
    expect(seed.gazetteer.length).toBeLessThanOrEqual(60);
    const demo = seed.users.find((u) => u.id === 'demo-user');
    expect(demo?.complexId).toBe(seed.complexes.complexes[0]?.id);
    expect(demo?.addresses).toHaveLength(2);
  });

  describe('schemas reject bad data', () => {
    it('rejects points on or outside the town boundary', () => {
      expect(latSchema.safeParse(TOWN_BOUNDS.south).success).toBe(false);
      expect(latSchema.safeParse(TOWN_BOUNDS.north + 0.01).success).toBe(false);
      expect(lngSchema.safeParse(TOWN_BOUNDS.east).success).toBe(false);
      expect(lngSchema.safeParse((TOWN_BOUNDS.west + TOWN_BOUNDS.east) / 2).success).toBe(true);
    });

    it('rejects a price above MRP and fractional paise', () => {
      const variant = seed.catalog.products[0]?.variants[0];
      expect(variantSchema.safeParse(variant).success).toBe(true);
      expect(variantSchema.safeParse({ ...variant, mrpPaise: 1 }).success).toBe(false);
      expect(variantSchema.safeParse({ ...variant, pricePaise: 10.5 }).success).toBe(false);
    });

    it('rejects a missing price combination and a public site without XL', () => {
      const lockers = structuredClone(seed.lockers);
      lockers.prices.pop();
      expect(lockersFileSchema.safeParse(lockers).success).toBe(false);
      const noXl = structuredClone(seed.lockers);
      const site = noXl.sites.find((s) => s.type === 'public_lockers')!;
      site.lockers = site.lockers.filter((l) => l.size !== 'XL');
      expect(lockersFileSchema.safeParse(noXl).success).toBe(false);
    });

    it('rejects a hazardous product from a locker-only seller and duplicate variant ids', () => {
      const catalog = structuredClone(seed.catalog);
      const product = catalog.products.find((p) => p.hazardous)!;
      const seller = catalog.sellers.find((s) => s.id === product.sellerId)!;
      seller.modes = ['locker'];
      expect(catalogFileSchema.safeParse(catalog).success).toBe(false);
      const dup = structuredClone(seed.catalog);
      const [a, b] = dup.products;
      b!.variants[0]!.id = a!.variants[0]!.id;
      expect(catalogFileSchema.safeParse(dup).success).toBe(false);
    });
  });
});
