import { pushAlertOf } from '@petti/shared/schemas/push';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Localized } from '../../db/columns.ts';
import { type Params, prepared } from '../../db/prepared.ts';
import { together } from '../../db/together.ts';
import { notFound } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Effects } from '../../platform/events/effects.ts';
import { newId } from '../../platform/ids.ts';
import { scheduling } from '../../platform/jobs/worker.ts';
import { notifications } from './schema.ts';

/** The timer that sends a notification outside the app, once its change has committed (docs/alerts.md). */
export const NOTIFICATION_PUSH_TIMER = 'notification-push';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NewNotification {
  userId: string;
  kind: string;
  title: Localized;
  body: Localized;
  data?: Record<string, unknown>;
}

type StoredNotification = Required<
  Pick<typeof notifications.$inferInsert, 'id' | 'userId' | 'kind' | 'title' | 'body' | 'data' | 'createdAt'>
>;

// Every order and booking event keeps one: built once (db/prepared.ts).
const insertNotification = prepared((q, v: Params<StoredNotification>) =>
  q.insert(notifications).values({
    id: v.id,
    userId: v.userId,
    kind: v.kind,
    title: v.title,
    body: v.body,
    data: v.data,
    createdAt: v.createdAt,
  }),
);

export function createNotificationsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** The notification's statements, asked for at once: its row, and an alert's timer beside it. */
  function write(tx: DbOrTx, n: NewNotification): { id: string; statements: Promise<unknown>[] } {
    const id = newId();
    const statements: Promise<unknown>[] = [
      insertNotification(tx, {
        id,
        userId: n.userId,
        kind: n.kind,
        title: n.title,
        body: n.body,
        data: n.data ?? {},
        createdAt: clock.now(),
      }),
    ];
    // An alert leaves by a timer in the same transaction: never sent for a change that rolled back,
    // and sent outside any transaction (the push service is a network call).
    if (pushAlertOf(n.kind))
      statements.push(
        scheduling(tx, clock, {
          kind: NOTIFICATION_PUSH_TIMER,
          dueAt: clock.now(),
          data: { notificationId: id },
        }),
      );
    return { id, statements };
  }
  const toDto = (r: typeof notifications.$inferSelect) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    data: r.data,
    readAt: r.readAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  });

  return {
    /** Stores a notification in the caller's transaction (with the change it tells about). */
    async add(tx: DbOrTx, n: NewNotification): Promise<string> {
      const { id, statements } = write(tx, n);
      await together(statements);
      return id;
    },

    /** `add`, sent with the transaction's commit (platform/events/effects.ts): nothing waits for it. */
    send(fx: Effects, n: NewNotification): string {
      const { id, statements } = write(fx.tx, n);
      for (const statement of statements) fx.send(statement);
      return id;
    },

    async get(id: string) {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
      return row ? { ...toDto(row), userId: row.userId } : null;
    },

    async list(userId: string, page: number) {
      const mine = eq(notifications.userId, userId);
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(mine)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(NOTIFICATIONS_PAGE_SIZE)
          .offset((page - 1) * NOTIFICATIONS_PAGE_SIZE),
        db
          .select({
            total: count(),
            unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int`,
          })
          .from(notifications)
          .where(mine),
      ]);
      return {
        items: rows.map(toDto),
        page,
        pageSize: NOTIFICATIONS_PAGE_SIZE,
        total: Number(totals?.total ?? 0),
        unreadCount: Number(totals?.unread ?? 0),
      };
    },

    async markRead(userId: string, id: string) {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${clock.now().toISOString()}::timestamptz)` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      if (!row) throw notFound('notification');
      return toDto(row);
    },

    async markAllRead(userId: string): Promise<{ updated: number }> {
      const rows = await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return { updated: rows.length };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
