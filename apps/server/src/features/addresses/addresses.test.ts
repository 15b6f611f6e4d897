import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;
const call = (
  user: User | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: user ? authHeaders(user.tokens.accessToken) : {} });

const home = {
  label: 'Home',
  line1: '12 Velayuthum Road',
  landmark: 'Near the temple',
  lat: 9.4515,
  lng: 77.795,
};
const work = { label: 'Work', line1: '3 Sattur Road', lat: 9.446, lng: 77.812 };

interface AddressJson {
  id: string;
  label: string;
  isDefault: boolean;
  line2: string | null;
  landmark: string | null;
}
const list = async (user: User): Promise<AddressJson[]> =>
  (await call(user, 'GET', '/api/addresses')).json().addresses;

describe('addresses', () => {
  it('need sign-in', async () => {
    expect((await call(null, 'GET', '/api/addresses')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/addresses', home)).statusCode).toBe(401);
  });

  it('answer { addresses } (read by the app as data.addresses); the first one added is the default', async () => {
    const user = await signUpUser(t.app);
    expect(await list(user)).toEqual([]);
    const res = await call(user, 'POST', '/api/addresses', home);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().address).toMatchObject({ ...home, line2: null, isDefault: true });
    const second = (await call(user, 'POST', '/api/addresses', work)).json().address;
    expect(second.isDefault).toBe(false);
    expect((await list(user)).map((a) => [a.label, a.isDefault])).toEqual([
      ['Home', true],
      ['Work', false],
    ]);
  });

  it('keep exactly one default: by flag on add, by edit, by the default route, and after a delete', async () => {
    const user = await signUpUser(t.app);
    const a = (await call(user, 'POST', '/api/addresses', home)).json().address;
    const b = (await call(user, 'POST', '/api/addresses', { ...work, isDefault: true })).json().address;
    const defaults = async () => (await list(user)).filter((x) => x.isDefault).map((x) => x.id);
    expect(await defaults()).toEqual([b.id]);
    const res = await call(user, 'POST', `/api/addresses/${a.id}/default`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await defaults()).toEqual([a.id]);
    await call(user, 'PATCH', `/api/addresses/${b.id}`, { isDefault: true });
    expect(await defaults()).toEqual([b.id]);
    const del = await call(user, 'DELETE', `/api/addresses/${b.id}`);
    expect(del.statusCode).toBe(204);
    expect(await defaults()).toEqual([a.id]);
    await call(user, 'DELETE', `/api/addresses/${a.id}`);
    expect(await list(user)).toEqual([]);
  });

  it('keep one default when two tabs add at once', async () => {
    const user = await signUpUser(t.app);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(user, 'POST', '/api/addresses', { ...home, label: `A${i}`, isDefault: true }),
      ),
    );
    const all = await list(user);
    expect(all).toHaveLength(6);
    expect(all.filter((x) => x.isDefault)).toHaveLength(1);
  });

  it('edit fields; clearing an optional line sets it to null', async () => {
    const user = await signUpUser(t.app);
    const a = (await call(user, 'POST', '/api/addresses', { ...home, line2: 'Second floor' })).json().address;
    const res = await call(user, 'PATCH', `/api/addresses/${a.id}`, { label: 'Mum', line2: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().address).toMatchObject({
      label: 'Mum',
      line2: null,
      line1: home.line1,
      landmark: home.landmark,
    });
  });

  it('keep the pin inside the town', async () => {
    const user = await signUpUser(t.app);
    const chennai = await call(user, 'POST', '/api/addresses', { ...home, lat: 13.08, lng: 80.27 });
    expect(chennai.statusCode).toBe(400);
    expect(chennai.json().error).toMatchObject({
      code: 'Validation',
      // The town's bounds are the schema's own limits now; the first one named is the latitude's.
      message: expect.stringMatching(/^body\.lat: The pin must be inside Sivakasi/),
    });
    const a = (await call(user, 'POST', '/api/addresses', home)).json().address;
    const moved = await call(user, 'PATCH', `/api/addresses/${a.id}`, { lat: 9.5, lng: 77.8 });
    expect(moved.statusCode).toBe(400);
    const half = await call(user, 'PATCH', `/api/addresses/${a.id}`, { lat: 9.45 });
    expect(half.statusCode).toBe(400);
    const inside = await call(user, 'PATCH', `/api/addresses/${a.id}`, { lat: 9.46, lng: 77.79 });
    expect(inside.json().address).toMatchObject({ lat: 9.46, lng: 77.79 });
  });

  it('are private: another user’s address is not found', async () => {
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const a = (await call(owner, 'POST', '/api/addresses', home)).json().address;
    for (const [method, url, body] of [
      ['PATCH', `/api/addresses/${a.id}`, { label: 'Mine now' }],
      ['POST', `/api/addresses/${a.id}/default`, undefined],
      ['DELETE', `/api/addresses/${a.id}`, undefined],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('ResourceNotFound');
    }
    expect((await list(owner)).map((x) => x.label)).toEqual(['Home']);
    expect(await list(other)).toEqual([]);
  });

  it('stop at 20 per user', async () => {
    const user = await signUpUser(t.app);
    for (let i = 0; i < 20; i += 1) {
      expect((await call(user, 'POST', '/api/addresses', { ...home, label: `L${i}` })).statusCode).toBe(201);
    }
    const res = await call(user, 'POST', '/api/addresses', home);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('AddressLimitReached');
  });
});

describe('GET /api/places', () => {
  it('searches the gazetteer case-insensitively, names starting with the text first', async () => {
    const res = await call(null, 'GET', '/api/places?q=ROAD');
    expect(res.statusCode, res.body).toBe(200);
    const { places } = res.json();
    expect(places.length).toBeGreaterThan(1);
    for (const p of places) expect(p.name.en.toLowerCase()).toContain('road');
    const sattur = (await call(null, 'GET', '/api/places?q=sattur')).json().places;
    expect(sattur[0]).toMatchObject({
      name: { en: 'Sattur Road', ta: 'சாத்தூர் சாலை' },
      kind: 'street',
      lat: 9.446,
    });
    const tamil = (await call(null, 'GET', `/api/places?q=${encodeURIComponent('சாத்தூர்')}`)).json().places;
    expect(tamil.map((p: { name: { en: string } }) => p.name.en)).toContain('Sattur Road');
    expect((await call(null, 'GET', '/api/places?q=road&limit=2')).json().places).toHaveLength(2);
    expect((await call(null, 'GET', '/api/places?q=zzzz')).json().places).toEqual([]);
    expect((await call(null, 'GET', '/api/places?q=')).statusCode).toBe(400);
  });
});
