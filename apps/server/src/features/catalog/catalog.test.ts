import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sellers } from '../sellers/schema.ts';
import { productNameSearchText, products, productVariants } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/categories', () => {
  it('is public and lists the seeded categories in their order, in both languages', async () => {
    const res = await get('/api/categories');
    expect(res.statusCode, res.body).toBe(200);
    const { categories } = res.json();
    expect(categories.map((c: { id: string }) => c.id)).toEqual([
      'grocery',
      'bakery',
      'sweets-snacks',
      'pharmacy',
      'stationery-printing',
      'vegetables-fruits',
      'fireworks-matches',
      'dairy',
      'household',
    ]);
    expect(categories[0]).toEqual({
      id: 'grocery',
      name: { en: 'Grocery', ta: 'மளிகை' },
      icon: '🛒',
      image_url: '/art/1F6D2.svg',
    });
  });
});

describe('GET /api/products', () => {
  it('pages through one seller’s products with their variants, prices in paise and in rupees', async () => {
    const first = (await get('/api/products?sellerId=sri-murugan-stores&pageSize=5')).json();
    expect(first.products).toHaveLength(5);
    expect(first.page).toBe(1);
    expect(first.total).toBeGreaterThan(5);
    expect(first.hasMore).toBe(true);
    for (const p of first.products) {
      expect(p.sellerId).toBe('sri-murugan-stores');
      expect(p.brandName).toBe('Sri Murugan Stores');
      expect(p.prdtId).toBe(p.id);
      for (const v of p.variants) {
        expect(v.productPrice * 100).toBe(v.pricePaise);
        expect(v.marketPrice * 100).toBe(v.mrpPaise);
      }
    }
    const names = first.products.map((p: { name: { en: string } }) => p.name.en);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const second = (await get('/api/products?sellerId=sri-murugan-stores&pageSize=5&page=2')).json();
    const ids = new Set(first.products.map((p: { id: string }) => p.id));
    expect(second.products.some((p: { id: string }) => ids.has(p.id))).toBe(false);
    const last = Math.ceil(first.total / 5);
    const end = (await get(`/api/products?sellerId=sri-murugan-stores&pageSize=5&page=${last}`)).json();
    expect(end.hasMore).toBe(false);
    expect(end.products.length).toBe(first.total - (last - 1) * 5);
    expect(end.total).toBe(first.total);
    // Past the end: no rows to carry the count, which is still the seller's whole count.
    const past = (await get(`/api/products?sellerId=sri-murugan-stores&pageSize=5&page=${last + 1}`)).json();
    expect(past).toMatchObject({ products: [], total: first.total, hasMore: false });
  });

  it('searches names case-insensitively, in English and Tamil, and treats % as a letter', async () => {
    const lower = (await get('/api/products?q=ponni')).json();
    const upper = (await get('/api/products?q=PONNI')).json();
    expect(lower.total).toBeGreaterThan(0);
    expect(upper.products.map((p: { id: string }) => p.id)).toEqual(
      lower.products.map((p: { id: string }) => p.id),
    );
    for (const p of lower.products) expect(p.name.en.toLowerCase()).toContain('ponni');
    const tamil = (await get(`/api/products?q=${encodeURIComponent('பொன்னி')}`)).json();
    expect(tamil.products.map((p: { id: string }) => p.id)).toContain('murugan-ponni-raw-rice');
    expect((await get('/api/products?q=%25')).json().total).toBe(0);
  });

  it('finds names by substring through the trigram index, not by reading every product', async () => {
    const plan = await t.ctx.database.db.transaction(async (tx) => {
      // On a table this small a scan is cheapest; forbid it to see what the index can serve.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select id from products where ${productNameSearchText(products.name)} ilike '%rice%'`,
      );
      return (result as unknown as { rows: Array<Record<string, string>> }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toContain('products_name_search_idx');
  });

  it('filters by category', async () => {
    const res = (await get('/api/products?categoryId=fireworks-matches&pageSize=50')).json();
    expect(res.total).toBeGreaterThan(0);
    for (const p of res.products) expect(p.categoryId).toBe('fireworks-matches');
    expect(res.products.some((p: { hazardous: boolean }) => p.hazardous)).toBe(true);
  });

  it('refuses a page size over the limit', async () => {
    const res = await get('/api/products?pageSize=500');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('Validation');
  });
});

describe('GET /api/products/:id', () => {
  it('answers one product with every variant and what the cart needs', async () => {
    const res = await get('/api/products/murugan-ponni-raw-rice');
    expect(res.statusCode, res.body).toBe(200);
    const { product } = res.json();
    expect(product).toMatchObject({
      prdtId: 'murugan-ponni-raw-rice',
      slrId: 'sri-murugan-stores',
      tciId: 'grocery',
      name: { en: 'Ponni Raw Rice', ta: 'பொன்னி பச்சரிசி' },
      hazardous: false,
    });
    const [db] = await t.ctx.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, 'murugan-ponni-raw-rice-5kg'));
    expect(product.variants[0]).toEqual({
      vrntId: 'murugan-ponni-raw-rice-5kg',
      unit: 'kg',
      unitValue: 5,
      pricePaise: 33000,
      mrpPaise: 36000,
      productPrice: 330,
      marketPrice: 360,
      inventory: db!.inventory,
      alwaysInventory: false,
      tax: 5,
      // 33000 × 5 / 105
      taxPaise: 1571,
      hazardous: false,
      barcode: '8905742600643',
    });
  });

  it('answers 404 ResourceNotFound for an unknown product, naming what is missing', async () => {
    const res = await get('/api/products/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'ResourceNotFound',
      message: 'That product was not found.',
      thing: 'product',
    });
  });
});

describe('kept answers (docs/performance.md#reads)', () => {
  const stockOf = async () =>
    (await get('/api/products/murugan-toor-dal'))
      .json()
      .product.variants.find((v: { vrntId: string }) => v.vrntId === 'murugan-toor-dal-1kg')
      .inventory as number;
  const listed = async () =>
    (await get('/api/products?sellerId=sri-murugan-stores&pageSize=50'))
      .json()
      .products.find((p: { id: string }) => p.id === 'murugan-toor-dal')
      .variants.find((v: { vrntId: string }) => v.vrntId === 'murugan-toor-dal-1kg').inventory as number;

  it('answers a repeated read from memory without asking the database', async () => {
    const before = await stockOf();
    // Behind the app's back and without the triggers, so no notification empties the cache.
    await t.ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(productVariants)
        .set({ inventory: before + 1000 })
        .where(eq(productVariants.id, 'murugan-toor-dal-1kg'));
    });
    expect(await stockOf()).toBe(before);
    // Put back the same way, so the next test starts from what the cache says.
    await t.ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(productVariants)
        .set({ inventory: before })
        .where(eq(productVariants.id, 'murugan-toor-dal-1kg'));
    });
  });

  it('shows a committed stock change in the product and in every list, at once', async () => {
    const before = await stockOf();
    expect(await listed()).toBe(before);
    await t.ctx.database.db
      .update(productVariants)
      .set({ inventory: before - 3 })
      .where(eq(productVariants.id, 'murugan-toor-dal-1kg'));
    // PGlite tells this process with the statement; PostgreSQL within milliseconds.
    await expect.poll(stockOf).toBe(before - 3);
    await expect.poll(listed).toBe(before - 3);
  });

  it('shows a renamed shop in its products', async () => {
    await t.ctx.database.db
      .update(sellers)
      .set({ brandName: 'Sri Murugan Super Stores' })
      .where(eq(sellers.id, 'sri-murugan-stores'));
    await expect
      .poll(async () => (await get('/api/products/murugan-toor-dal')).json().product.brandName)
      .toBe('Sri Murugan Super Stores');
    await t.ctx.database.db
      .update(sellers)
      .set({ brandName: 'Sri Murugan Stores' })
      .where(eq(sellers.id, 'sri-murugan-stores'));
  });

  it('keeps no answer that failed: a product added after a 404 is found', async () => {
    expect((await get('/api/products/murugan-new-thing')).statusCode).toBe(404);
    const [rice] = await t.ctx.database.db
      .select()
      .from(products)
      .where(eq(products.id, 'murugan-ponni-raw-rice'));
    await t.ctx.database.db.insert(products).values({ ...rice!, id: 'murugan-new-thing' });
    await expect.poll(async () => (await get('/api/products/murugan-new-thing')).statusCode).toBe(200);
  });
});

describe('the OpenAPI page', () => {
  it('describes the catalog, seller, address, place and cart routes', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/categories',
        '/api/products',
        '/api/products/{id}',
        '/api/sellers',
        '/api/sellers/{id}',
        '/api/seller-applications',
        '/api/addresses',
        '/api/addresses/{id}',
        '/api/addresses/{id}/default',
        '/api/places',
        '/api/cart',
        '/api/cart/validate',
      ]),
    );
  });
});
