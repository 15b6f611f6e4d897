import {
  lockerServiceBody,
  type OpsLocker,
  opsClearedBookingSchema,
  opsLockerSchema,
  opsLockersQuery,
} from '@petti/shared/schemas/ops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponses } from '../../http/openapi.ts';
import { lockerHolds } from '../bookings/index.ts';
import { type LockerRow, lockersService } from '../lockers/index.ts';
import { makeRequireOps } from './ops-auth.ts';

/** A door left open this long is worth a technician's look (the attentionRequired event uses the same). */
const DOOR_OPEN_ATTENTION_MS = 2 * 60_000;

/**
 * The ops API for locker technicians: what needs attention (forced doors, doors left open, faults,
 * lockers out of service, sites offline, overstays) and taking a locker out of service or back. A
 * locker out of service is never given to a new booking; one that is booked now or later cannot be
 * taken out. An overstaying locker emptied by staff is cleared here, which ends that booking.
 */
export const opsLockerRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireOps = makeRequireOps(app.ctx.config.OPS_TOKEN);
  const db = app.ctx.database.db;
  const tags = ['ops'];
  const security = [{ opsToken: [] }];

  async function view(rows: LockerRow[]): Promise<OpsLocker[]> {
    if (rows.length === 0) return [];
    const now = app.ctx.clock.now();
    const offline = await lockersService.offlineSiteIds(db);
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

  app.get(
    '/ops/lockers',
    {
      preHandler: requireOps,
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
      const rows = await lockersService.lockers(db, siteId);
      const all = await view(rows);
      return { lockers: attention === 'true' ? all.filter((l) => l.attention.length > 0) : all };
    },
  );

  app.put(
    '/ops/lockers/:id/service',
    {
      preHandler: requireOps,
      schema: {
        tags,
        security,
        summary: 'Take a locker out of service (refused while it is booked now or later) or back in',
        params: z.object({ id: z.string().min(1).max(64) }),
        body: lockerServiceBody,
        response: { 200: z.object({ locker: opsLockerSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const now = app.ctx.clock.now();
      const row = await db.transaction(async (tx) => {
        const locker = await lockersService.lockLocker(tx, id);
        if (!locker) throw new AppError('ResourceNotFound');
        if (!request.body.inService) {
          const booked = await lockerHolds.nowOrLater(tx, id, now);
          if (booked.length > 0) {
            throw new AppError('LockerInUse', undefined, {
              details: {
                bookings: booked.map((b) => ({
                  id: b.id,
                  state: b.state,
                  startsAt: b.startsAt.toISOString(),
                })),
              },
            });
          }
        }
        return lockersService.setInService(tx, id, request.body.inService);
      });
      const [locker] = await view([row]);
      return { locker: locker! };
    },
  );

  app.post(
    '/ops/bookings/:id/clear',
    {
      preHandler: requireOps,
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
};
