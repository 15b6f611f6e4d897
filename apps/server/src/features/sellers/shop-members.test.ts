import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone, signUpUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { type Shopper, shopper } from '../../test/locker-helpers.ts';

let t: TestApp;
let operator: Shopper;
const opsToken = () => ({ 'x-ops-token': t.ctx.config.OPS_TOKEN });

beforeAll(async () => {
  t = await buildTestApp();
  operator = await shopper(t);
  const named = await t.app.inject({
    method: 'POST',
    url: '/api/ops/operators',
    headers: opsToken(),
    payload: { phone: operator.phone },
  });
  expect(named.statusCode, named.body).toBe(204);
}, 60_000);
afterAll(async () => {
  await operator?.stop();
  await t?.close();
});

async function apply(phone: string, brandName = 'Kaveri Provisions') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/seller-applications',
    payload: {
      brandName,
      ownerName: 'Kaveri',
      phone,
      categoryId: 'grocery',
      address: '12 Car Street, Sivakasi',
      modes: ['home', 'curbside'],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('becoming a seller and running a shop’s people', () => {
  it('an operator approves an application: the shop exists and the applicant owns it once they sign in', async () => {
    const phone = freshPhone();
    const id = await apply(phone);
    const stranger = await shopper(t);
    const refused = await stranger.call('GET', '/api/operator/seller-applications');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('OperatorOnly');
    expect((await operator.call('GET', '/api/shops/mine')).json()).toEqual({ shops: [], operator: true });
    const list = await operator.call('GET', '/api/operator/seller-applications');
    expect(list.json().applications.map((a: { id: string }) => a.id)).toContain(id);

    const approved = await operator.call('POST', `/api/operator/seller-applications/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const shopId = approved.json().shopId as string;
    expect(shopId).toMatch(/^kaveri-provisions-/);
    expect(
      (await operator.call('POST', `/api/operator/seller-applications/${id}/approve`)).json().error.code,
    ).toBe('SellerApplicationDecided');
    // The applicant is told by SMS (they may have no account yet), once the approval has committed.
    await t.app.services.jobs.runDueJobs();
    const texted = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?phone=91${phone}` });
    expect(
      texted
        .json()
        .messages.map((m: { body: string }) => m.body)
        .join('\n'),
    ).toContain('Kaveri Provisions is approved on Petti');
    // The shop's own page exists at once; the shops list offers it once it sells something.
    const page = await t.app.inject({ method: 'GET', url: `/api/sellers/${shopId}` });
    expect(page.statusCode, page.body).toBe(200);
    const listed = await t.app.inject({ method: 'GET', url: '/api/sellers' });
    const ids = (listed.json().sellers as { id: string }[]).map((s) => s.id);
    expect(ids).not.toContain(shopId);
    expect(ids).toContain('gokulam-dairy');

    // The applicant signs up with the number they applied with and finds the shop as its owner.
    const ownerOf = await signedUpAs(phone);
    const mine = (await ownerOf.call('GET', '/api/shops/mine')).json();
    expect(mine.shops).toEqual([
      expect.objectContaining({ role: 'owner', shop: expect.objectContaining({ id: shopId }) }),
    ]);
    await stranger.stop();
    await ownerOf.stop();
  });

  it('the owner adds staff by phone before they sign up; staff cannot manage people; the last owner stays', async () => {
    const ownerPhone = freshPhone();
    const id = await apply(ownerPhone, 'Ponni Traders');
    const shopId = (await operator.call('POST', `/api/operator/seller-applications/${id}/approve`)).json()
      .shopId;
    const owner = await signedUpAs(ownerPhone);

    const staffPhone = freshPhone();
    const added = await owner.call('POST', `/api/shops/${shopId}/members`, { phone: staffPhone });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      phone: `91${staffPhone}`,
      role: 'staff',
      signedUp: false,
      name: null,
    });
    const twice = await owner.call('POST', `/api/shops/${shopId}/members`, { phone: `+91${staffPhone}` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ShopMemberExists');
    const bad = await owner.call('POST', `/api/shops/${shopId}/members`, { phone: '12345' });
    expect(bad.statusCode).toBe(400);

    const staff = await signedUpAs(staffPhone);
    expect((await staff.call('GET', '/api/shops/mine')).json().shops[0]).toMatchObject({ role: 'staff' });
    const members = (await staff.call('GET', `/api/shops/${shopId}/members`)).json().members;
    expect(members.map((m: { role: string }) => m.role)).toEqual(['owner', 'staff']);
    const notOwner = await staff.call('POST', `/api/shops/${shopId}/members`, { phone: freshPhone() });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().error.code).toBe('ShopOwnerOnly');
    const hours = await staff.call('PUT' as 'POST', `/api/shops/${shopId}/hours`, {
      open: '08:00',
      close: '20:00',
    });
    expect(hours.statusCode).toBe(403);
    const ownHours = await owner.call('PUT' as 'POST', `/api/shops/${shopId}/hours`, {
      open: '08:00',
      close: '20:00',
    });
    expect(ownHours.statusCode, ownHours.body).toBe(200);
    expect(ownHours.json().seller.hours).toEqual({ open: '08:00', close: '20:00' });

    const last = await owner.call('DELETE', `/api/shops/${shopId}/members/91${ownerPhone}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('LastShopOwner');
    expect((await owner.call('DELETE', `/api/shops/${shopId}/members/91${staffPhone}`)).statusCode).toBe(204);
    const after = await staff.call('GET', `/api/shops/${shopId}/members`);
    expect(after.statusCode).toBe(403);
    expect((await staff.call('GET', '/api/shops/mine')).json().shops).toEqual([]);
    await owner.stop();
    await staff.stop();
  });
});

/** Signs up the person with this number (the shop was set up for them before they had an account). */
async function signedUpAs(phone: string): Promise<Shopper> {
  await signUpUser(t.app, phone, 'Shop Person');
  // The sign-in code may be asked for again only after the resend wait.
  t.clock.advance(31_000);
  return shopper(t, { phone });
}
