import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../features/payments/schema.ts';
import { usersService } from '../features/users/index.ts';
import { timers } from '../platform/jobs/schema.ts';
import { schedule } from '../platform/jobs/worker.ts';
import { admin, resident, SAKTHI } from '../test/complex-helpers.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { bookAndPay, heartbeatAll, type Shopper, shopper } from '../test/locker-helpers.ts';
import { generator, type Operation, operationsOf, random } from '../test/openapi-values.ts';
import { addAddress, line, placed } from '../test/order-helpers.ts';
import { confirm, payAtTestpay } from '../test/payment-helpers.ts';
import { shopMember } from '../test/shop-helpers.ts';

/**
 * Every owner-scoped operation (signed in, with an id in its path) asked by someone who does not own
 * the thing: refused as not found (or forbidden), while the same request from the owner gets past the
 * ownership check. A new route with an id in its path must be named here, or this test fails.
 */
const SHOP = 'sri-murugan-stores';
/** Another shop, whose owner must be able to do nothing to SHOP. */
const SHOP_B = 'iyyappa-bakery';
const RICE = 'murugan-ponni-raw-rice-10kg';

let t: TestApp;
let owner: Shopper;
let neighbour: Shopper;
let outsider: Shopper;
let buyer: Shopper;
let chief: Shopper;
let shopOwner: Shopper;
let shopStaff: Shopper;
let otherShop: Shopper;
let operator: Shopper;
let operations: Array<Operation & { secured: boolean }> = [];
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_IP_CODES_PER_HOUR: '10000' } });
  await heartbeatAll(t);
  operations = await operationsOf(t.app);
  owner = await resident(t, SAKTHI, 'B', 'B-11');
  neighbour = await resident(t, SAKTHI, 'B', 'B-12');
  outsider = await shopper(t);
  buyer = await resident(t, SAKTHI, 'B', 'B-13');
  chief = await admin(t, SAKTHI);
  shopOwner = await shopMember(t, SHOP, 'owner');
  shopStaff = await shopMember(t, SHOP, 'staff');
  otherShop = await shopMember(t, SHOP_B, 'owner');
  operator = await shopper(t);
  await usersService.addOperator(t.ctx.database.db, `91${operator.phone}`, 'test', t.clock.now());
  // A provider's fact held for operators, for the one who may clear it.
  ids.moneyCheck = (
    await t.app.services.money.checks.hold(t.ctx.database.db, {
      rule: 'matrix_test',
      subject: 'held-for-the-matrix',
      expectedPaise: 100,
      actualPaise: 1,
      detail: 'A fact held for the authorization matrix',
    })
  ).id;
  ids.shop = SHOP;
  ids.rice = RICE;
  ids.riceProduct = 'murugan-ponni-raw-rice';
  // Someone the owner may remove (the DELETE runs last).
  ids.memberPhone = `91${(await shopMember(t, SHOP, 'staff')).phone}`;
  const applied = await t.app.inject({
    method: 'POST',
    url: '/api/seller-applications',
    payload: {
      brandName: 'Matrix Traders',
      ownerName: 'Matrix Owner',
      phone: '9123456780',
      categoryId: 'grocery',
      address: '1 Matrix Street, Sivakasi',
      modes: ['home'],
    },
  });
  expect(applied.statusCode, applied.body).toBe(201);
  ids.application = applied.json().id;

  const booking = await bookAndPay(t, owner, { siteId: 'railway-station', size: 'M', durationHours: 2 });
  ids.booking = booking.id;
  ids.locker = booking.locker!.id;
  ids.site = 'sattur-road';
  // A timer set aside after failing too often (an hourly clean-up: harmless to put back and run).
  ids.deadTimer = await schedule(t.ctx.database.db, t.clock, {
    kind: 'locker-housekeeping',
    dueAt: new Date(t.clock.now().getTime() + 3_600_000),
  });
  await t.ctx.database.db.update(timers).set({ deadAt: t.clock.now() }).where(eq(timers.id, ids.deadTimer));
  const [payment] = await t.ctx.database.db.select().from(payments).where(eq(payments.subjectId, booking.id));
  ids.payment = payment!.id;
  const notes = (await owner.call('GET', '/api/notifications')).json();
  ids.notification = (notes.items ?? notes.notifications)[0].id;
  ids.address = await addAddress(t, owner.userId, { lat: 9.456, lng: 77.8 });
  ids.order = (
    await placed(owner, {
      sellerId: SHOP,
      items: [await line(t, RICE, 1)],
      deliveryType: 'home',
      addressId: ids.address,
    })
  ).id;
  // A substitute the shop offers for the owner's rice: only the buyer answers it.
  const offered = await shopStaff.call(
    'POST',
    `/api/shops/${SHOP}/orders/${ids.order}/items/${RICE}/substitute`,
    {
      substituteVrntId: 'murugan-ponni-boiled-rice-10kg',
    },
  );
  expect(offered.statusCode, offered.body).toBe(200);
  ids.substitution = offered.json().substitutions[0].id;
  const grab = await owner.call('POST', '/api/grab/checkout', {
    sellerId: SHOP,
    items: [await line(t, RICE, 1)],
  });
  expect(grab.statusCode, grab.body).toBe(201);
  ids.grab = grab.json().id;
  const listing = await owner.call('POST', '/api/complex/listings', {
    title: 'Brass lamp',
    description: 'Polished, from B-11.',
    categoryId: 'household',
    pricePaise: 45000,
    quantity: 2,
    condition: 'used',
    handover: ['in_person'],
    hazardous: false,
    photoIds: [],
  });
  expect(listing.statusCode, listing.body).toBe(201);
  ids.listing = listing.json().id;
  const bought = await buyer.call('POST', '/api/complex/orders', {
    listingId: ids.listing,
    quantity: 1,
    handover: 'in_person',
  });
  expect(bought.statusCode, bought.body).toBe(201);
  ids.complexOrder = bought.json().id;
  // A running plan of the owner's (the delivery pass: nothing else here depends on it).
  const plan = await owner.call('POST', '/api/subscriptions', { planId: 'delivery-pass' });
  expect(plan.statusCode, plan.body).toBe(200);
  const { row: _row, ...paid } = await payAtTestpay(t, plan.json().payment);
  expect((await confirm(t, owner.tokens.accessToken, plan.json().payment.id, paid)).statusCode).toBe(200);
  ids.subscription = plan.json().subscription.id;
  // Someone waiting to join: only the complex's admin decides.
  const joining = await shopper(t);
  await joining.call('POST', '/api/complex/membership', { complexId: SAKTHI, block: 'A', flat: 'A-9' });
  ids.joining = joining.userId;
}, 120_000);
afterAll(() => t?.close());

type Who =
  | 'owner'
  | 'admin'
  | 'buyer'
  | 'neighbour'
  | 'outsider'
  | 'shopOwner'
  | 'shopStaff'
  | 'otherShop'
  | 'operator';

/**
 * Whose thing each path's id names: who may ask (and gets past the ownership check) and who must be
 * refused. The owner booked, ordered, saved the address and sells the listing; a neighbour lives in the
 * same complex; the buyer bought the owner's listing; the admin runs the complex.
 */
const OWNED: Array<{
  path: RegExp;
  id: string;
  /** Ids for the path's other parameters, by name. */
  more?: Record<string, string>;
  /** A body that passes validation, where one cannot be made from the schema's shape (a phone number). */
  body?: object;
  /** A query string the operation needs to get past validation (`?hours=1`). */
  query?: string;
  allowed: Who;
  refused: Who[];
}> = [
  // A shop's own routes (docs/shops.md#roles): owners only for people and hours, staff for the rest;
  // the owner of another shop and the shop's own buyer are refused alike.
  {
    path: /^POST \/api\/shops\/\{shopId\}\/members$/,
    id: 'shop',
    body: { phone: '9876512345', role: 'staff' },
    allowed: 'shopOwner',
    refused: ['shopStaff', 'otherShop', 'owner', 'outsider'],
  },
  {
    path: /^GET \/api\/shops\/\{shopId\}\/(money|payouts)/,
    id: 'shop',
    allowed: 'shopOwner',
    refused: ['shopStaff', 'otherShop', 'owner', 'outsider'],
  },
  {
    path: /^PUT \/api\/shops\/\{shopId\}\/payout-account$/,
    id: 'shop',
    body: {
      beneficiaryName: 'Murugan Stores',
      accountNumber: '301244556677',
      ifsc: 'SBIN0001234',
      email: 'shop@example.in',
    },
    allowed: 'shopOwner',
    refused: ['shopStaff', 'otherShop', 'owner', 'outsider'],
  },
  {
    path: /^PUT \/api\/shops\/\{shopId\}\/settings$/,
    id: 'shop',
    // The shop's own settings as the demo data has them, so the matrix changes nothing.
    body: {
      hours: { open: '07:00', close: '22:00' },
      week: null,
      closedDates: [],
      modes: ['home', 'locker', 'curbside', 'grab'],
      rangeKm: 5,
      gstin: null,
      fssai: null,
    },
    allowed: 'shopOwner',
    refused: ['shopStaff', 'otherShop', 'owner', 'outsider'],
  },
  {
    path: /^(DELETE|PUT) \/api\/shops\/\{shopId\}\/(members|hours|settings|closed-today)/,
    id: 'shop',
    more: { phone: 'memberPhone' },
    allowed: 'shopOwner',
    refused: ['shopStaff', 'otherShop', 'owner', 'outsider'],
  },
  {
    path: /^\/api\/shops\/\{shopId\}\/orders\/\{id\}\/items\/\{vrntId\}\/substitute$/,
    id: 'shop',
    more: { id: 'order', vrntId: 'rice' },
    body: { substituteVrntId: 'murugan-ponni-boiled-rice-10kg' },
    allowed: 'shopStaff',
    refused: ['otherShop', 'owner', 'outsider'],
  },
  {
    path: /^\/api\/shops\/\{shopId\}\/orders\/\{id\}/,
    id: 'shop',
    more: { id: 'order', vrntId: 'rice' },
    allowed: 'shopStaff',
    refused: ['otherShop', 'owner', 'outsider'],
  },
  {
    path: /^\/api\/shops\/\{shopId\}\/(products|variants)\//,
    id: 'shop',
    more: { productId: 'riceProduct', vrntId: 'rice' },
    allowed: 'shopStaff',
    refused: ['otherShop', 'owner', 'outsider'],
  },
  {
    path: /^\/api\/shops\/\{shopId\}/,
    id: 'shop',
    allowed: 'shopStaff',
    refused: ['otherShop', 'owner', 'outsider'],
  },
  {
    path: /^\/api\/operator\/seller-applications\/\{id\}/,
    id: 'application',
    allowed: 'operator',
    refused: ['shopOwner', 'owner', 'outsider'],
  },
  {
    path: /^\/api\/operator\/shops\/\{shopId\}/,
    id: 'shop',
    allowed: 'operator',
    refused: ['shopOwner', 'shopStaff', 'outsider'],
  },
  // Operators run the locker network: a shop's people and shoppers are refused, the booker included.
  {
    path: /^PUT \/api\/operator\/lockers\/\{id\}\/service$/,
    id: 'locker',
    body: { inService: true },
    allowed: 'operator',
    refused: ['owner', 'shopOwner', 'outsider'],
  },
  {
    path: /^\/api\/operator\/lockers\/\{id\}\/(open|openings)$/,
    id: 'locker',
    body: { reason: 'checking who may open it' },
    allowed: 'operator',
    refused: ['owner', 'shopStaff', 'outsider'],
  },
  {
    path: /^PUT \/api\/operator\/locker-sites\/\{id\}\/service$/,
    id: 'site',
    body: { inService: true },
    allowed: 'operator',
    refused: ['owner', 'shopOwner', 'outsider'],
  },
  {
    path: /^POST \/api\/operator\/locker-sites\/\{id\}\/keypad\/reopen$/,
    id: 'site',
    allowed: 'operator',
    refused: ['owner', 'shopOwner', 'outsider'],
  },
  {
    path: /^\/api\/operator\/timers\/\{id\}\/retry$/,
    id: 'deadTimer',
    allowed: 'operator',
    refused: ['owner', 'shopOwner', 'outsider'],
  },
  {
    path: /^\/api\/operator\/money-checks\/\{id\}\/clear$/,
    id: 'moneyCheck',
    allowed: 'operator',
    refused: ['owner', 'shopOwner', 'outsider'],
  },
  {
    path: /^\/api\/operator\/bookings\/\{id\}\/clear$/,
    id: 'booking',
    allowed: 'operator',
    refused: ['owner', 'shopStaff', 'outsider'],
  },
  { path: /^\/api\/payments\/\{id\}/, id: 'payment', allowed: 'owner', refused: ['neighbour', 'outsider'] },
  // A plan's holder pauses, resumes, cancels a paid renewal, sets up or turns off automatic renewal.
  {
    path: /^\/api\/subscriptions\/\{id\}/,
    id: 'subscription',
    allowed: 'owner',
    refused: ['neighbour', 'outsider', 'operator'],
  },
  // The demo's "charge my renewal now" (testpay only): the holder's own plan only.
  {
    path: /^\/api\/dev\/testpay\/subscriptions\/\{id\}/,
    id: 'subscription',
    allowed: 'owner',
    refused: ['neighbour', 'outsider', 'operator'],
  },
  {
    path: /^GET \/api\/bookings\/\{id\}\/extend\/quote$/,
    id: 'booking',
    query: '?hours=1',
    allowed: 'owner',
    refused: ['neighbour', 'outsider'],
  },
  { path: /^\/api\/bookings\/\{id\}/, id: 'booking', allowed: 'owner', refused: ['neighbour', 'outsider'] },
  {
    path: /^\/api\/notifications\/\{id\}/,
    id: 'notification',
    allowed: 'owner',
    refused: ['neighbour', 'outsider'],
  },
  { path: /^\/api\/addresses\/\{id\}/, id: 'address', allowed: 'owner', refused: ['neighbour', 'outsider'] },
  {
    path: /^\/api\/orders\/\{id\}\/substitutions\/\{substitutionId\}/,
    id: 'order',
    more: { substitutionId: 'substitution' },
    allowed: 'owner',
    refused: ['neighbour', 'outsider', 'shopStaff'],
  },
  { path: /^\/api\/orders\/\{id\}/, id: 'order', allowed: 'owner', refused: ['neighbour', 'outsider'] },
  {
    path: /^\/api\/grab\/purchases\/\{id\}/,
    id: 'grab',
    allowed: 'owner',
    refused: ['neighbour', 'outsider'],
  },
  {
    path: /^\/api\/complex\/admin\/requests\/\{userId\}/,
    id: 'joining',
    allowed: 'admin',
    refused: ['owner', 'neighbour', 'outsider'],
  },
  {
    path: /^\/api\/complex\/admin\/listings\/\{id\}/,
    id: 'listing',
    allowed: 'admin',
    refused: ['owner', 'neighbour', 'outsider'],
  },
  // Every member reads a listing; only its seller changes it.
  {
    path: /^GET \/api\/complex\/listings\/\{id\}$/,
    id: 'listing',
    allowed: 'neighbour',
    refused: ['outsider'],
  },
  {
    path: /^\/api\/complex\/listings\/\{id\}$/,
    id: 'listing',
    allowed: 'owner',
    refused: ['neighbour', 'outsider'],
  },
  {
    path: /^\/api\/complex\/listings\/\{id\}\/report$/,
    id: 'listing',
    allowed: 'neighbour',
    refused: ['outsider'],
  },
  {
    path: /^\/api\/complex\/orders\/\{id\}\/(received|problem)$/,
    id: 'complexOrder',
    allowed: 'buyer',
    refused: ['owner', 'neighbour', 'outsider'],
  },
  {
    path: /^\/api\/complex\/orders\/\{id\}/,
    id: 'complexOrder',
    allowed: 'owner',
    refused: ['neighbour', 'outsider'],
  },
];
const ruleFor = (o: Operation) =>
  OWNED.find((r) => r.path.test(`${o.method} ${o.path}`) || r.path.test(o.path));

const REFUSED = new Set([403, 404]);

describe('the authorization matrix', () => {
  it('refuses every owner-scoped operation to anyone but the owner', async () => {
    const scoped = operations.filter((o) => o.secured && o.path.includes('{'));
    expect(scoped.length).toBeGreaterThan(20);
    const unnamed = scoped.filter((o) => !ruleFor(o));
    expect(
      unnamed.map((o) => `${o.method} ${o.path}`),
      'name whose thing these ids are',
    ).toEqual([]);
    const people: Record<Who, Shopper> = {
      owner,
      admin: chief,
      buyer,
      neighbour,
      outsider,
      shopOwner,
      shopStaff,
      otherShop,
      operator,
    };
    // Destructive ones last, so the owner's things are still there for the rest.
    const ordered = [...scoped].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const g = generator(random(7));
    const problems: string[] = [];
    for (const op of ordered) {
      const rule = ruleFor(op)!;
      let first = true;
      const url =
        op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
          const id = first ? rule.id : (rule.more?.[name] ?? rule.id);
          first = false;
          return ids[id]!;
        }) + (rule.query ?? '');
      let body = rule.body ?? (op.body ? g.valid(op.body) : undefined);
      const isInvalid = (res: { statusCode: number; json: () => { error?: { code?: string } } }) =>
        res.statusCode === 400 && res.json().error?.code === 'Validation';
      for (const who of rule.refused) {
        let res = await people[who].call(op.method as 'GET', url, body as object | undefined);
        // A body that passes validation, so the answer is about who asks (refused asks change nothing).
        for (let i = 0; i < 20 && isInvalid(res) && op.body; i++) {
          body = g.valid(op.body);
          res = await people[who].call(op.method as 'GET', url, body as object | undefined);
        }
        if (!REFUSED.has(res.statusCode))
          problems.push(`${op.method} ${op.path} by the ${who}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      // The same request from who may ask gets past the check (with a body that passes validation:
      // tried a few times), so the refusals above are about who asked, not what was sent.
      const asker = people[rule.allowed];
      let mine = await asker.call(op.method as 'GET', url, body as object | undefined);
      const invalid = () => isInvalid(mine);
      for (let i = 0; i < 20 && invalid() && op.body; i++) {
        body = g.valid(op.body);
        mine = await asker.call(op.method as 'GET', url, body as object | undefined);
      }
      if (REFUSED.has(mine.statusCode) || invalid())
        problems.push(
          `${op.method} ${op.path} by the ${rule.allowed}: ${mine.statusCode} ${mine.body.slice(0, 160)}`,
        );
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000);

  it("refuses every operators' operation that names no one's thing to anyone who is not an operator", async () => {
    const forOperators = operations.filter(
      (o) => o.secured && o.path.startsWith('/api/operator/') && !o.path.includes('{'),
    );
    expect(forOperators.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/operator/locker-sites',
        'GET /api/operator/lockers',
        'GET /api/operator/timers/dead',
        'POST /api/operator/operators',
      ]),
    );
    const g = generator(random(11));
    // A phone number the schema's shape cannot make (the matrix above names its bodies the same way).
    const named: Record<string, object> = { 'POST /api/operator/operators': { phone: '9876512399' } };
    const problems: string[] = [];
    for (const op of forOperators) {
      const body = named[`${op.method} ${op.path}`] ?? (op.body ? g.valid(op.body) : undefined);
      for (const [who, person] of [
        ['outsider', outsider],
        ['shop owner', shopOwner],
        ['complex admin', chief],
      ] as const) {
        const res = await person.call(op.method as 'GET', op.path, body as object | undefined);
        if (res.statusCode !== 403) problems.push(`${op.method} ${op.path} by the ${who}: ${res.statusCode}`);
      }
      const mine = await operator.call(op.method as 'GET', op.path, body as object | undefined);
      if (mine.statusCode === 401 || mine.statusCode === 403 || mine.statusCode >= 500)
        problems.push(
          `${op.method} ${op.path} by the operator: ${mine.statusCode} ${mine.body.slice(0, 160)}`,
        );
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
