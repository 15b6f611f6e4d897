import { greatCircleMetres } from '@petti/shared/rules/geo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sellerApplications } from './schema.ts';

// 04:30 UTC = 10:00 in Sivakasi: every demo shop is open.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-20T04:30:00.000Z' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const apply = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/seller-applications', payload });

interface SellerJson {
  id: string;
  lat: number;
  lng: number;
  categoryId: string;
  modes: string[];
  sellerRange: { dis: number };
  distanceM: number | null;
  inRange: boolean | null;
  openNow: boolean;
}

describe('GET /api/sellers', () => {
  it('is public: every seller with range, hours, modes and openNow, by name', async () => {
    const res = await get('/api/sellers');
    expect(res.statusCode, res.body).toBe(200);
    const sellers: SellerJson[] = res.json().sellers;
    expect(sellers.length).toBeGreaterThanOrEqual(10);
    const murugan = sellers.find((s) => s.id === 'sri-murugan-stores');
    expect(murugan).toMatchObject({
      brandName: 'Sri Murugan Stores',
      brandNameTa: 'ஸ்ரீ முருகன் ஸ்டோர்ஸ்',
      sellerRange: { dis: 5 },
      hours: { open: '07:00', close: '22:00' },
      openNow: true,
      modes: ['home', 'locker', 'curbside', 'grab'],
      distanceM: null,
      inRange: null,
    });
  });

  it('filters by category and by mode', async () => {
    const fireworks: SellerJson[] = (await get('/api/sellers?categoryId=fireworks-matches')).json().sellers;
    expect(fireworks.map((s) => s.id)).toEqual(['sri-vinayaga-crackers']);
    const curbside: SellerJson[] = (await get('/api/sellers?mode=curbside')).json().sellers;
    expect(curbside.length).toBeGreaterThan(0);
    for (const s of curbside) expect(s.modes).toContain('curbside');
    expect(curbside.some((s) => s.id === 'iyyappa-bakery')).toBe(false);
    expect((await get('/api/sellers?mode=teleport')).statusCode).toBe(400);
  });

  it('with lat,lng: road metres (great-circle × 1.3), inRange strictly under range × 1000, nearest first', async () => {
    const point = { lat: 9.425, lng: 77.818 };
    const sellers: SellerJson[] = (await get(`/api/sellers?lat=${point.lat}&lng=${point.lng}`)).json()
      .sellers;
    for (const s of sellers) {
      const expected = Math.round(greatCircleMetres({ lat: s.lat, lng: s.lng }, point) * 1.3);
      expect(s.distanceM).toBe(expected);
      expect(s.inRange).toBe(expected < s.sellerRange.dis * 1000);
    }
    const d = sellers.map((s) => s.distanceM!);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(sellers.some((s) => s.inRange) && sellers.some((s) => !s.inRange)).toBe(true);
    const inRange: SellerJson[] = (
      await get(`/api/sellers?lat=${point.lat}&lng=${point.lng}&inRange=true`)
    ).json().sellers;
    expect(inRange.map((s) => s.id)).toEqual(sellers.filter((s) => s.inRange).map((s) => s.id));
  });

  it('wants lat and lng together', async () => {
    const res = await get('/api/sellers?lat=9.45');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('Validation');
  });

  it('says which shops are closed at the moment', async () => {
    t.clock.set('2026-11-20T17:00:00.000Z'); // 22:30 in Sivakasi
    try {
      const sellers = (await get('/api/sellers')).json().sellers as (SellerJson & { id: string })[];
      const open = new Set(sellers.filter((s) => s.openNow).map((s) => s.id));
      expect(open.has('sri-balaji-medicals')).toBe(true); // until 23:00
      expect(open.has('sri-murugan-stores')).toBe(false); // until 22:00
    } finally {
      t.clock.set('2026-11-20T04:30:00.000Z');
    }
  });
});

describe('GET /api/sellers/:id', () => {
  it('is the public landing page: seller, category and what it sells', async () => {
    const res = await get('/api/sellers/sri-murugan-stores?lat=9.4612&lng=77.8031');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.seller.id).toBe('sri-murugan-stores');
    expect(page.seller.distanceM).toBeGreaterThan(0);
    expect(page.seller.inRange).toBe(true);
    expect(page.category).toEqual({
      id: 'grocery',
      name: { en: 'Grocery', ta: 'மளிகை' },
      icon: '🛒',
      image_url: '/art/1F6D2.svg',
    });
    const total = (await get('/api/products?sellerId=sri-murugan-stores')).json().total;
    expect(page.productCount).toBe(total);
    expect(page.categories.reduce((n: number, c: { productCount: number }) => n + c.productCount, 0)).toBe(
      total,
    );
  });

  it('answers 404 for an unknown seller', async () => {
    const res = await get('/api/sellers/nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ResourceNotFound');
  });
});

describe('POST /api/seller-applications', () => {
  const valid = {
    brandName: 'Kaveri Flower Shop',
    ownerName: 'Kaveri',
    phone: '+91 98940 12345',
    email: 'kaveri@example.in',
    website: 'https://kaveri.example.in',
    categoryId: 'household',
    address: '4 Car Street, Sivakasi',
    modes: ['home', 'curbside'],
  };

  it('stores an application from the public form', async () => {
    const res = await apply(valid);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'received' });
    const [row] = await t.ctx.database.db
      .select()
      .from(sellerApplications)
      .where(eq(sellerApplications.id, body.id));
    expect(row).toMatchObject({
      phone: '919894012345',
      brandName: 'Kaveri Flower Shop',
      email: 'kaveri@example.in',
    });
  });

  it('refuses the same phone number again, politely', async () => {
    const res = await apply({ ...valid, brandName: 'Another name', phone: '9894012345' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'SellerApplicationExists',
      message: expect.stringContaining('already have an application'),
    });
  });

  it('says Invalid email address and Invalid URL', async () => {
    const email = await apply({ ...valid, phone: '9894000001', email: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().error).toMatchObject({
      code: 'Validation',
      message: 'body.email: Invalid email address',
    });
    const url = await apply({ ...valid, phone: '9894000002', website: 'kaveri dot com' });
    expect(url.statusCode).toBe(400);
    expect(url.json().error.message).toBe('body.website: Invalid URL');
    const ftp = await apply({ ...valid, phone: '9894000003', website: 'ftp://kaveri.example.in' });
    expect(ftp.json().error.message).toBe('body.website: Invalid URL');
  });

  it('checks the phone, the category, the modes and the pin', async () => {
    expect((await apply({ ...valid, phone: '12345' })).statusCode).toBe(400);
    const cat = await apply({ ...valid, phone: '9894000004', categoryId: 'jewellery' });
    // A category the catalogue does not hold: not found, naming the field.
    expect(cat.statusCode).toBe(404);
    expect(cat.json().error).toMatchObject({ thing: 'category', field: 'body.categoryId' });
    expect((await apply({ ...valid, phone: '9894000005', modes: [] })).statusCode).toBe(400);
    const far = await apply({ ...valid, phone: '9894000006', lat: 13.08, lng: 80.27 });
    expect(far.json().error.message).toMatch(/^body\.lat: The pin must be inside Sivakasi/);
    const ok = await apply({ ...valid, phone: '9894000007', email: '', website: '', lat: 9.45, lng: 77.8 });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('a failing road-distance service', () => {
  it('leaves browsing on the estimate but fails the range check with DistanceMatrix failed', async () => {
    const broken = await buildTestApp({ env: { DISTANCE_PROVIDER: 'osrm', OSRM_URL: 'http://127.0.0.1:9' } });
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/sellers?lat=9.45&lng=77.8' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().sellers[0].distanceM).toBeGreaterThanOrEqual(0);
      const err = await broken.app.services
        .checkRange({
          seller: { lat: 9.4541, lng: 77.7978, rangeKm: 5 },
          destination: { lat: 9.45, lng: 77.8 },
          kind: 'address',
        })
        .catch((e: unknown) => e as Error);
      expect(err).toMatchObject({
        code: 'DistanceMatrixFailed',
        message: 'DistanceMatrix failed: NETWORK_ERROR',
      });
    } finally {
      await broken.close();
    }
  });
});
