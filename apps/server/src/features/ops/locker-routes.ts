import { townDayStart } from '@petti/shared/rules/site-hours';
import {
  type KeypadState,
  keypadStateSchema,
  type LockerOpening,
  lockerOpenBody,
  lockerOpeningSchema,
  lockerServiceAnswer,
  lockerServiceBody,
  type OpsLocker,
  type OpsSite,
  opsClearedBookingSchema,
  opsLockerSchema,
  opsLockersQuery,
  opsSiteSchema,
  type SiteServiceAnswer,
  siteServiceAnswer,
  siteServiceBody,
} from '@petti/shared/schemas/ops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponses } from '../../http/openapi.ts';
import { lockerHolds, lockerLabel, siteDays } from '../bookings/index.ts';
import {
  announceSiteChange,
  type KeypadGuardState,
  keypadGates,
  type LockerCommandRow,
  type LockerRow,
  lockersService,
} from '../lockers/index.ts';
import { opsWays } from './ops-ways.ts';

/** A door left open this long is worth a technician's look (the attentionRequired event uses the same). */
const DOOR_OPEN_ATTENTION_MS = 2 * 60_000;
const DAY_MS = 86_400_000;

const keypadState = (g: KeypadGuardState | undefined): KeypadState =>
  !g || g.open
    ? { state: 'open', until: null, wrongs: g?.wrongs ?? 0 }
    : { state: g.closed ? 'closed' : 'paused', until: g.until?.toISOString() ?? null, wrongs: g.wrongs };

/**
 * Running the locker network (docs/lockers.md#operators): every site's state, what needs a technician
 * (forced doors, doors left open, faults, lockers out of service, sites offline, overstays), and taking
 * a locker out of service or back. Taking out a booked locker moves its bookings not yet opened (the
 * `bookings.leave-locker` flow). An overstaying locker emptied by staff is cleared here, which ends that
 * booking. Each step is offered to signed-in operators and to the ops token (ops-ways.ts).
 */
export const opsLockerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;

  /** The lockers as technicians see them; `offline` when the caller has read the sites already. */
  async function view(rows: LockerRow[], offlineKnown?: Set<string>): Promise<OpsLocker[]> {
    if (rows.length === 0) return [];
    const now = app.ctx.clock.now();
    const offline = offlineKnown ?? (await lockersService.offlineSiteIds(db));
    const holding = await lockerHolds.current(
      db,
      rows.map((r) => r.id),
      now,
    );
    return rows.map((l) => {
      const attention: OpsLocker['attention'] = [];
      if (l.doorState === 'forced') attention.push('forced');
      if (
        l.doorState === 'open' &&
        l.doorChangedAt &&
        now.getTime() - l.doorChangedAt.getTime() > DOOR_OPEN_ATTENTION_MS
      )
        attention.push('door_open');
      if (l.fault) attention.push('fault');
      if (!l.inService) attention.push('out_of_service');
      if (offline.has(l.siteId)) attention.push('site_offline');
      const b = holding.find((h) => h.lockerId === l.id);
      if (b?.state === 'expired') {
        attention.push('overstay');
        // An expired booking's hold is open-ended unless the next booking could not be moved.
        if (b.occupiedUntil) attention.push('overstay_blocking');
      }
      return {
        id: l.id,
        label: lockerLabel(l.id, l.siteId),
        siteId: l.siteId,
        size: l.size,
        inService: l.inService,
        doorState: l.doorState,
        doorChangedAt: l.doorChangedAt?.toISOString() ?? null,
        fault: l.fault,
        siteOnline: !offline.has(l.siteId),
        attention,
        booking: b ? { id: b.id, state: b.state, endsAt: b.endsAt.toISOString() } : null,
      };
    });
  }

  async function sites(): Promise<OpsSite[]> {
    const now = app.ctx.clock.now();
    const dayStart = townDayStart(now);
    const [rows, all, days] = await Promise.all([
      lockersService.sites(db),
      lockersService.lockers(db),
      siteDays(db, dayStart, new Date(dayStart.getTime() + DAY_MS)),
    ]);
    const [lockers, keypads] = await Promise.all([
      view(all, lockersService.offlineAmong(rows)),
      keypadGates(db, rows, now),
    ]);
    return rows.map((s) => {
      const own = lockers.filter((l) => l.siteId === s.id);
      return {
        id: s.id,
        name: s.name,
        type: s.type,
        online: s.offlineSince === null,
        offlineSince: s.offlineSince?.toISOString() ?? null,
        lastHeartbeatAt: s.lastHeartbeatAt?.toISOString() ?? null,
        lockers: {
          total: own.length,
          booked: own.filter((l) => l.booking).length,
          outOfService: own.filter((l) => !l.inService).length,
          needAttention: own.filter((l) =>
            l.attention.some((a) => a !== 'site_offline' && a !== 'out_of_service'),
          ).length,
        },
        today: days.get(s.id) ?? { bookings: 0, paidPaise: 0 },
        keypad: keypadState(keypads.get(s.id)),
      };
    });
  }

  const opening = (c: LockerCommandRow): LockerOpening => ({
    id: c.id,
    reason: c.reason,
    state: c.state,
    bookingId: c.bookingId,
    byOperator: c.reason === 'ops' && c.openedBy !== null && c.openedBy !== 'ops',
    note: c.note,
    createdAt: c.createdAt.toISOString(),
    doneAt: c.doneAt?.toISOString() ?? null,
  });

  for (const way of opsWays(app)) {
    const { guard, tags, security, prefix } = way;

    app.get(
      `${prefix}/locker-sites`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary:
            "Every locker site: online or offline since when, its lockers' state, today's bookings and money",
          response: { 200: z.object({ sites: z.array(opsSiteSchema) }), ...errorResponses },
        },
      },
      async () => ({ sites: await sites() }),
    );

    app.get(
      `${prefix}/lockers`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary: 'Lockers (of a site), or with attention=true only those that need a technician',
          querystring: opsLockersQuery,
          response: { 200: z.object({ lockers: z.array(opsLockerSchema) }), ...errorResponses },
        },
      },
      async (request) => {
        const { siteId, attention } = request.query;
        const all = await view(await lockersService.lockers(db, siteId));
        return { lockers: attention === 'true' ? all.filter((l) => l.attention.length > 0) : all };
      },
    );

    app.put(
      `${prefix}/lockers/:id/service`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary:
            'Take a locker out of service, even while booked (bookings not yet opened move to another locker of the size, or are cancelled and refunded in full), or put it back',
          params: z.object({ id: z.string().min(1).max(64) }),
          body: lockerServiceBody,
          response: { 200: lockerServiceAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (!request.body.inService) {
          const left = await app.services.bookingFlows.leaveLocker.run({ lockerId: id });
          request.log.info(
            { lockerId: id, by: way.by(request), moved: left.moved, refunded: left.refunded },
            'locker taken out of service',
          );
          const [locker] = await view([left.locker]);
          return { locker: locker!, moved: left.moved, refunded: left.refunded, staying: left.staying };
        }
        const row = await db.transaction(async (tx) => {
          if (!(await lockersService.lockLocker(tx, id))) throw new AppError('ResourceNotFound');
          return lockersService.setInService(tx, id, true);
        });
        request.log.info({ lockerId: id, by: way.by(request) }, 'locker back in service');
        const [locker] = await view([row]);
        return { locker: locker!, moved: [], refunded: [], staying: [] };
      },
    );

    app.put(
      `${prefix}/locker-sites/:id/service`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary:
            "Take every locker of a site out of service (a site closed for repairs) or put them back; each locker's bookings as for one locker",
          params: z.object({ id: z.string().min(1).max(64) }),
          body: siteServiceBody,
          response: { 200: siteServiceAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (!(await lockersService.siteExists(db, id))) throw new AppError('ResourceNotFound');
        const all = await lockersService.lockers(db, id);
        const out: SiteServiceAnswer = {
          lockers: all.filter((l) => l.inService !== request.body.inService).length,
          moved: [],
          refunded: [],
          staying: [],
        };
        // Shoppers with the sites open see it closed or back at once (announceSiteChange).
        const change = {
          inService: request.body.inService,
          at: app.ctx.clock.now(),
          until: request.body.until ? new Date(request.body.until) : null,
        };
        const setService = () =>
          app.services.transactor.run(async (tx, fx) => {
            await lockersService.setSiteInService(tx, id, change);
            announceSiteChange(app.services.outbox, fx, id);
          });
        if (request.body.inService) {
          await setService();
        } else {
          // Every locker out first, so no booking is moved to a locker of the site about to go too;
          // then each locker's bookings, one flow per locker: a failure part-way leaves the rest
          // booked as they were, and asking again carries on.
          await setService();
          for (const l of all) {
            const left = await app.services.bookingFlows.leaveLocker.run({ lockerId: l.id });
            out.moved.push(...left.moved);
            out.refunded.push(...left.refunded);
            out.staying.push(...left.staying);
          }
        }
        request.log.info(
          { siteId: id, by: way.by(request), inService: request.body.inService, ...out },
          request.body.inService ? 'locker site back in service' : 'locker site taken out of service',
        );
        return out;
      },
    );

    app.post(
      `${prefix}/locker-sites/:id/keypad/reopen`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary:
            "Reopen a site's keypad that wrong PINs paused or closed: the wrong PINs before now stop counting (docs/locker-protocol.md#guessing)",
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: z.object({ keypad: keypadStateSchema }), ...errorResponses },
        },
      },
      async (request) => {
        const { id } = request.params;
        const gate = await app.services.lockerDevices.reopenKeypad(id);
        if (!gate) throw new AppError('ResourceNotFound');
        request.log.warn({ siteId: id, by: way.by(request) }, 'locker keypad reopened');
        return { keypad: keypadState(gate) };
      },
    );

    app.post(
      `${prefix}/lockers/:id/open`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary:
            "Open a locker's door from afar, saying why (kept in its openings); refused while its site is offline",
          params: z.object({ id: z.string().min(1).max(64) }),
          body: lockerOpenBody,
          response: {
            202: z.object({ commandId: z.string(), status: z.literal('waiting') }),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const by = way.by(request);
        const commandId = await app.services.transactor.run(async (tx, fx) => {
          const locker = await lockersService.lockLocker(tx, id);
          if (!locker) throw new AppError('ResourceNotFound');
          if ((await lockersService.offlineSiteIds(tx)).has(locker.siteId))
            throw new AppError(
              'lockerOffline',
              "This locker's site is offline, so its doors cannot be opened from here until it is back. On site, the technician's key opens any door.",
              { details: { siteId: locker.siteId } },
            );
          return app.services.doors.openDoor(fx, {
            siteId: locker.siteId,
            lockerId: locker.id,
            reason: 'ops',
            openedBy: by,
            note: request.body.reason,
          });
        });
        request.log.info(
          { lockerId: id, by, why: request.body.reason, commandId },
          'door opened by an operator',
        );
        return reply.code(202).send({ commandId, status: 'waiting' as const });
      },
    );

    app.get(
      `${prefix}/lockers/:id/openings`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary: 'The last 50 openings of a locker, newest first: keypad, app and operators, with why',
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: z.object({ openings: z.array(lockerOpeningSchema) }), ...errorResponses },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (!(await lockersService.locker(db, id))) throw new AppError('ResourceNotFound');
        const rows = await lockersService.openings(db, id);
        return { openings: rows.map(opening) };
      },
    );

    app.post(
      `${prefix}/bookings/:id/clear`,
      {
        ...guard,
        schema: {
          tags,
          security,
          summary:
            'Staff emptied an overstaying locker: end that booking and tell its owner where the things are',
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: opsClearedBookingSchema, ...errorResponses },
        },
      },
      async (request) => {
        const row = await app.services.bookings.clearByStaff(request.params.id);
        return { booking: { id: row.id, state: row.state, lockerId: row.lockerId } };
      },
    );
  }
};
