import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errorResponses } from '../../http/openapi.ts';

const siteId = z.string().regex(/^[a-z0-9-]{1,64}$/);
const lockerId = z.string().min(1).max(64);

/**
 * Hooks into the in-process locker simulator, so a demo or a browser test can type a PIN on a
 * site's keypad or break something. Registered only when the simulator runs in this process and
 * never in production (app.ts). Everything still goes over MQTT, as from a real controller.
 */
export const lockerSimRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['development'];
  const sim = () => {
    const s = app.ctx.lockerSim?.current;
    if (!s) throw new AppError('ServiceUnavailable', 'The locker simulator is not running.');
    return s;
  };
  /** The simulator, known to play `id`: a site it does not play is not found, as anywhere else. */
  const simFor = (id: string) => {
    const s = sim();
    if (!s.has(id)) throw new AppError('ResourceNotFound', `The locker simulator has no site ${id}.`);
    return s;
  };

  app.get(
    '/dev/locker-sim',
    {
      schema: {
        tags,
        summary: 'Simulated sites: online or not, and their doors (not in production)',
        response: {
          200: z.object({
            sites: z.array(
              z.object({
                siteId: z.string(),
                online: z.boolean(),
                doors: z.record(z.string(), z.string()),
                /** The `at` of the PIN list the controller holds (null: none yet). */
                pinsAt: z.string().nullable(),
                /** The bookings whose PINs that list carries. */
                pinBookings: z.array(z.string()),
                /** Offline log entries not yet acknowledged by the server. */
                pendingLog: z.number().int(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    () => ({ sites: sim().status() }),
  );

  app.post(
    '/dev/locker-sim/keypad',
    {
      schema: {
        tags,
        summary:
          "Type a PIN on a simulated site's keypad and answer what the server said (not in production)",
        body: z.strictObject({ siteId, pin: z.string().max(12) }),
        response: {
          200: z.object({
            ok: z.boolean(),
            lockerId: z.string().optional(),
            reason: z.string().optional(),
            offline: z.boolean().optional(),
          }),
          ...errorResponses,
        },
      },
    },
    (request) => simFor(request.body.siteId).typePin(request.body.siteId, request.body.pin),
  );

  app.post(
    '/dev/locker-sim/fault',
    {
      schema: {
        tags,
        summary:
          'Break a simulated site: offline/online, a door left open, closed, forced, a fault (not in production)',
        body: z.discriminatedUnion('kind', [
          z.strictObject({ siteId, kind: z.enum(['offline', 'online']) }),
          z.strictObject({ siteId, kind: z.enum(['leave-open', 'close', 'force']), lockerId }),
          z.strictObject({
            siteId,
            kind: z.literal('fault'),
            lockerId: lockerId.optional(),
            fault: z.string().min(1).max(200),
          }),
        ]),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { siteId: site, ...fault } = request.body;
      await simFor(site).inject(site, fault);
      return reply.code(204).send(null);
    },
  );
};
