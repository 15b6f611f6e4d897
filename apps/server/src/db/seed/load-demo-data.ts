import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { readSeedFiles, type SeedFiles } from '../../../../../data/seed/schema.ts';
import { addresses } from '../../features/addresses/schema.ts';
import { categories, products, productVariants } from '../../features/catalog/schema.ts';
import { complexes, complexMembers } from '../../features/complex/schema.ts';
import { complexListings } from '../../features/complex-market/schema.ts';
import { lockerPrices, lockerSites, lockerSizes, lockers } from '../../features/lockers/schema.ts';
import { places } from '../../features/places/schema.ts';
import { deliveryFees, plans } from '../../features/plans/schema.ts';
import { sellers, shopMembers } from '../../features/sellers/schema.ts';
import { operators, users } from '../../features/users/schema.ts';
import { SEED_DIR } from '../../paths.ts';
import type { Db, Tx } from '../client.ts';
import { appMeta } from '../meta-schema.ts';

export { SEED_DIR };

const META_KEY = 'demo_seed';

/** A fingerprint of the data files, so a start with unchanged files skips the work entirely. */
async function fingerprint(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const name of (await readdir(dir)).filter((n) => n.endsWith('.json')).sort()) {
    hash.update(name).update(await readFile(join(dir, name)));
  }
  return hash.digest('hex');
}

/**
 * Loads the town's demo data from `data/seed/`. Idempotent: rows are keyed by the files' ids and
 * inserted with ON CONFLICT DO NOTHING, so a second start (or a second process) duplicates nothing
 * and never overwrites what users changed since (stock, addresses).
 */
export async function loadDemoData(db: Db, dir = SEED_DIR): Promise<{ loaded: boolean }> {
  const print = await fingerprint(dir);
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, META_KEY));
  if ((done?.value as { fingerprint?: string } | undefined)?.fingerprint === print) return { loaded: false };
  const files = await readSeedFiles(dir);
  await db.transaction(async (tx) => {
    await insertAll(tx, files);
    await tx
      .insert(appMeta)
      .values({ key: META_KEY, value: { fingerprint: print } })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: { fingerprint: print }, updatedAt: new Date() },
      });
  });
  return { loaded: true };
}

const CHUNK = 200;
async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

async function insertAll(tx: Tx, f: SeedFiles): Promise<void> {
  const { lockers: l, catalog, complexes: cx, plans: p, fees, gazetteer, users: demoUsers, shopPeople } = f;

  await tx
    .insert(lockerSizes)
    .values(
      l.sizes.map((s, i) => ({
        code: s.code,
        label: s.label,
        fits: s.fits,
        innerWidthCm: s.innerCm.w,
        innerHeightCm: s.innerCm.h,
        innerDepthCm: s.innerCm.d,
        sort: i,
      })),
    )
    .onConflictDoNothing();
  await tx.insert(lockerPrices).values(l.prices).onConflictDoNothing();
  // A complex's name and address are the data's words (an address in Tamil came later).
  await tx
    .insert(complexes)
    .values(cx.complexes)
    .onConflictDoUpdate({
      target: complexes.id,
      set: { name: sql`excluded.name`, address: sql`excluded.address` },
    });
  await tx
    .insert(lockerSites)
    .values(
      l.sites.map((s) => ({
        id: s.id,
        name: s.name,
        address: s.address,
        lat: s.lat,
        lng: s.lng,
        opensAt: s.hours.open,
        closesAt: s.hours.close,
        type: s.type,
        complexId: s.complexId,
        acceptsParcels: s.acceptsParcels,
      })),
    )
    .onConflictDoNothing();
  await insertChunks(
    l.sites.flatMap((s) =>
      s.lockers.map((k) => ({ id: k.id, siteId: s.id, size: k.size, column: k.column, row: k.row })),
    ),
    (chunk) => tx.insert(lockers).values(chunk).onConflictDoNothing(),
  );

  await tx
    .insert(categories)
    .values(catalog.categories.map((c, i) => ({ id: c.id, name: c.name, icon: c.icon, sort: i })))
    .onConflictDoNothing();
  await tx
    .insert(sellers)
    .values(
      catalog.sellers.map((s) => ({
        id: s.id,
        brandName: s.brandName,
        brandNameTa: s.brandNameTa,
        categoryId: s.categoryId,
        description: s.description,
        address: s.address,
        lat: s.lat,
        lng: s.lng,
        rangeKm: s.rangeKm,
        opensAt: s.hours.open,
        closesAt: s.hours.close,
        modes: s.modes,
        phone: s.phone,
        rating: s.rating,
        image: s.image,
      })),
    )
    // A picture is the one thing a later data file gives a shop already loaded; a photo the shop sent
    // is kept (docs/pictures.md).
    .onConflictDoUpdate({
      target: sellers.id,
      set: { image: sql`coalesce(${sellers.image}, excluded.image)` },
    });
  await insertChunks(
    catalog.products.map((p) => ({
      id: p.id,
      sellerId: p.sellerId,
      categoryId: p.categoryId,
      name: p.name,
      description: p.description ? { en: p.description.en, ta: p.description.ta ?? p.description.en } : null,
      image: p.image,
      hazardous: p.hazardous,
    })),
    (chunk) =>
      tx
        .insert(products)
        .values(chunk)
        .onConflictDoUpdate({
          target: products.id,
          set: { image: sql`coalesce(${products.image}, excluded.image)` },
        }),
  );
  await insertChunks(
    catalog.products.flatMap((p) =>
      p.variants.map((v) => ({
        id: v.id,
        productId: p.id,
        sellerId: p.sellerId,
        unit: v.unit,
        unitValue: v.unitValue,
        pricePaise: v.pricePaise,
        mrpPaise: v.mrpPaise,
        inventory: v.inventory,
        alwaysInventory: v.alwaysInventory,
        taxPercent: v.taxPercent,
        barcode: v.barcode ?? null,
      })),
    ),
    // The barcode is the one field a later data file may add to a variant already loaded (grab-and-go
    // scans it), and only to one without: stock, prices and a barcode the shop attached from its app
    // stay as the shop set them.
    (chunk) =>
      tx
        .insert(productVariants)
        .values(chunk)
        .onConflictDoUpdate({
          target: productVariants.id,
          set: { barcode: sql`coalesce(${productVariants.barcode}, excluded.barcode)` },
        }),
  );

  await tx.insert(plans).values(p).onConflictDoNothing();
  await tx
    .insert(deliveryFees)
    .values({ id: 'default', ...fees.deliveryFees })
    .onConflictDoNothing();
  await tx.insert(places).values(gazetteer).onConflictDoNothing();

  for (const u of demoUsers) {
    const now = new Date();
    await tx
      .insert(users)
      .values({
        id: u.id,
        phone: u.phone,
        name: u.name,
        email: u.email,
        language: u.language,
        complexId: u.complexId,
        block: u.block,
        flat: u.flat,
        confirmedAt: now,
      })
      .onConflictDoNothing();
    await tx
      .insert(addresses)
      .values(u.addresses.map((a) => ({ ...a, userId: u.id })))
      .onConflictDoNothing();
  }

  // Each complex's residents (its admin among them) and the demo shopper are approved members, so the
  // complex marketplace is alive right after a fresh install (docs/complex.md#demo-data).
  const loadedAt = new Date();
  const residentIds = new Map<string, string>();
  for (const r of cx.residents) {
    const id = `resident-${r.phone.slice(-6)}`;
    residentIds.set(r.phone, id);
    await tx
      .insert(users)
      .values({
        id,
        phone: r.phone,
        name: r.name,
        language: 'en',
        complexId: r.complexId,
        block: r.block,
        flat: r.flat,
        confirmedAt: loadedAt,
      })
      .onConflictDoNothing();
  }
  const members = [
    ...cx.residents.map((r) => ({
      userId: residentIds.get(r.phone)!,
      complexId: r.complexId,
      block: r.block,
      flat: r.flat,
      role: r.role,
    })),
    ...demoUsers.flatMap((u) =>
      u.complexId && u.block && u.flat
        ? [{ userId: u.id, complexId: u.complexId, block: u.block, flat: u.flat, role: 'resident' as const }]
        : [],
    ),
  ];
  if (members.length) {
    await tx
      .insert(complexMembers)
      .values(
        members.map((m) => ({
          ...m,
          status: 'approved' as const,
          requestedAt: loadedAt,
          decidedAt: loadedAt,
          decidedBy: 'seed',
        })),
      )
      .onConflictDoNothing();
  }
  if (cx.listings.length) {
    await tx
      .insert(complexListings)
      .values(
        cx.listings.map((l, i) => {
          // Newest first in the file's order: an hour apart, the first listed most recently.
          const at = new Date(loadedAt.getTime() - (i + 1) * 3_600_000);
          return {
            id: l.id,
            complexId: l.complexId,
            sellerId: residentIds.get(l.sellerPhone)!,
            title: l.title.en,
            description: l.description,
            categoryId: l.categoryId,
            pricePaise: l.pricePaise,
            quantity: l.quantity,
            condition: l.condition,
            handover: l.handover,
            hazardous: false,
            status: 'active' as const,
            createdAt: at,
            updatedAt: at,
          };
        }),
      )
      .onConflictDoNothing();
  }

  // The shops' owners and staff, the simulator's account and the operators, each with an account so they
  // can sign in with the demo numbers (docs/shops.md#demo-data).
  const people = new Map<string, string>();
  for (const m of shopPeople.members) people.set(m.phone, m.name);
  people.set(shopPeople.simulator.phone, shopPeople.simulator.name);
  for (const o of shopPeople.operators) people.set(o.phone, o.name);
  for (const [phone, name] of people) {
    await tx
      .insert(users)
      .values({ id: `shop-person-${phone.slice(-6)}`, phone, name, language: 'en', confirmedAt: loadedAt })
      .onConflictDoNothing();
  }
  const memberRows = [
    ...shopPeople.members.map((m) => ({ shopId: m.sellerId, phone: m.phone, role: m.role })),
    ...catalog.sellers.map((s) => ({
      shopId: s.id,
      phone: shopPeople.simulator.phone,
      role: 'staff' as const,
    })),
  ];
  await tx
    .insert(shopMembers)
    .values(memberRows.map((m) => ({ ...m, addedAt: loadedAt, addedBy: 'seed' })))
    .onConflictDoNothing();
  await tx
    .insert(operators)
    .values(shopPeople.operators.map((o) => ({ phone: o.phone, addedAt: loadedAt, addedBy: 'seed' })))
    .onConflictDoNothing();
}
