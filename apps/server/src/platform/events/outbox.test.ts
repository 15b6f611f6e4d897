import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { Effects, type OutboxMessage } from './effects.ts';
import { eventOutbox } from './schema.ts';
import { createTransactor } from './transactor.ts';

let t: TestApp;
const heard: unknown[] = [];
const TOPIC = 'test/outbox/events';

beforeAll(async () => {
  t = await buildTestApp();
  await t.ctx.realtime.subscribe(TOPIC, (_topic, payload) => {
    heard.push(JSON.parse(payload.toString()));
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  heard.length = 0;
  await db().delete(eventOutbox).where(eq(eventOutbox.topic, TOPIC));
});

const db = () => t.ctx.database.db;
const outbox = () => t.app.services.outbox;
const waiting = () => db().select().from(eventOutbox).where(eq(eventOutbox.topic, TOPIC));

/** Commits a message the way a process that died right after its commit would leave it. */
async function writtenNotPublished(payload: object) {
  await db().transaction(async (tx) => {
    outbox().enqueue(new Effects(tx), TOPIC, payload);
  });
}

describe('the event outbox', () => {
  it('publishes a committed message from its writer, with nothing left behind', async () => {
    const transactor = createTransactor(db(), outbox(), t.app.log);
    await transactor.run(async (_tx, fx) => {
      outbox().enqueue(fx, TOPIC, { n: 1 });
      outbox().enqueue(fx, TOPIC, { n: 2, at: new Date('2026-11-25T10:00:00Z') });
    });
    await expect.poll(() => heard).toEqual([{ n: 1 }, { n: 2, at: '2026-11-25T10:00:00.000Z' }]);
    expect(await waiting()).toEqual([]);
  });

  it('has deleted each writer’s sent messages by the time its commit returns, many writers at once', async () => {
    const transactor = createTransactor(db(), outbox(), t.app.log);
    // Each writer looks for its own message once its commit has returned.
    const left = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        let own: OutboxMessage[] = [];
        await transactor.run(async (_tx, fx) => {
          outbox().enqueue(fx, TOPIC, { n });
          own = fx.events;
        });
        expect(own).toHaveLength(1);
        return db().select({ id: eventOutbox.id }).from(eventOutbox).where(eq(eventOutbox.id, own[0]!.id));
      }),
    );
    expect(left.flat()).toEqual([]);
    await expect.poll(() => heard.length).toBe(20);
    expect(await waiting()).toEqual([]);
  });

  it('publishes nothing of a transaction that rolled back', async () => {
    const transactor = createTransactor(db(), outbox(), t.app.log);
    await expect(
      transactor.run(async (_tx, fx) => {
        outbox().enqueue(fx, TOPIC, { n: 1 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await outbox().flush()).toBe(0);
    expect(await waiting()).toEqual([]);
    expect(heard).toEqual([]);
  });

  it("leaves a writer's message to it for 30 s, then the poll publishes what its writer never did", async () => {
    await writtenNotPublished({ n: 'orphan' });
    // Written claimed by its writer: another process's poll does not take it meanwhile.
    expect(await outbox().flush()).toBe(0);
    t.clock.advance(29_000);
    expect(await outbox().flush()).toBe(0);
    t.clock.advance(2_000);
    expect(await outbox().flush()).toBe(1);
    await expect.poll(() => heard).toEqual([{ n: 'orphan' }]);
    expect(await waiting()).toEqual([]);
  });
});
