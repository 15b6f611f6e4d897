import { eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { BrokerAdmin } from '../../platform/broker-admin/broker-admin.ts';
import type { Clock } from '../../platform/clock.ts';
import { authSessions, brokerConnections } from './schema.ts';

/**
 * A client id unseen this long is forgotten: a connection lives no longer than the access token it
 * connected with (an hour at most; EMQX ends it at `expire_at`), and a reconnect is seen afresh.
 */
const FORGET_AFTER_MS = 24 * 3600 * 1000;

/**
 * Which sign-in session each external-broker connection belongs to (recorded when the broker asks
 * Petti's hook), so that ending sessions drops their connections through the broker's management API
 * (docs/deploy.md#an-external-broker). Called after the sign-out has committed: a broker that cannot
 * be reached is logged, and EMQX still ends the connection when its token expires (`expire_at`).
 */
export function createBrokerConnections(deps: { db: Db; clock: Clock; admin: BrokerAdmin; log: Logger }) {
  const { db, clock, admin, log } = deps;
  return {
    async remember(sessionId: string, clientId: string): Promise<void> {
      if (admin.kind === 'none' || !clientId) return;
      const now = clock.now();
      await db
        .insert(brokerConnections)
        .values({ clientId, sessionId, seenAt: now })
        .onConflictDoUpdate({ target: brokerConnections.clientId, set: { sessionId, seenAt: now } });
      await db
        .delete(brokerConnections)
        .where(lt(brokerConnections.seenAt, new Date(now.getTime() - FORGET_AFTER_MS)));
    },

    /** Drops every connection of these sessions; answers how many the broker was asked to drop. */
    async endSessions(sessionIds: readonly string[]): Promise<number> {
      if (admin.kind === 'none' || sessionIds.length === 0) return 0;
      const rows = await db
        .delete(brokerConnections)
        .where(inArray(brokerConnections.sessionId, [...sessionIds]))
        .returning({ clientId: brokerConnections.clientId });
      await Promise.all(
        rows.map(({ clientId }) =>
          admin
            .disconnect(clientId)
            .catch((err: unknown) =>
              log.warn({ err, clientId }, 'the broker did not drop a signed-out connection'),
            ),
        ),
      );
      return rows.length;
    },

    /**
     * Drops every connection of these people and keeps their sessions: they reconnect at once and the
     * broker asks the topic hook again (someone removed from a shop no longer gets its topic).
     */
    async dropUsers(userIds: readonly string[]): Promise<number> {
      if (admin.kind === 'none' || userIds.length === 0) return 0;
      const rows = await db
        .select({ clientId: brokerConnections.clientId })
        .from(brokerConnections)
        .innerJoin(authSessions, eq(authSessions.id, brokerConnections.sessionId))
        .where(inArray(authSessions.userId, [...userIds]));
      await Promise.all(
        rows.map(({ clientId }) =>
          admin
            .disconnect(clientId)
            .catch((err: unknown) => log.warn({ err, clientId }, 'the broker did not drop a connection')),
        ),
      );
      return rows.length;
    },
  };
}

export type BrokerConnections = ReturnType<typeof createBrokerConnections>;
