import { notificationLink } from '@petti/shared/rules/notification-link';
import { isOpenAt, nextOpeningAt } from '@petti/shared/rules/site-hours';
import {
  PUSH_ALERTS,
  type PushAlert,
  type PushPayload,
  type PushPreferences,
  type PushSubscriptionBody,
  pushAlertOf,
  SMS_ALERT_HOURS,
  SMS_ALERTS,
  SMS_ANY_HOUR,
} from '@petti/shared/schemas/push';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { schedule } from '../../platform/jobs/worker.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import { NOTIFICATION_PUSH_TIMER, type NotificationsService } from '../notifications/index.ts';
import { usersService } from '../users/index.ts';
import { pushPreferences, pushSubscriptions } from './schema.ts';
import type { PushOptions, PushSender } from './sender.ts';

/** A reminder is worth nothing once its moment has passed; other alerts may wait a day for a phone. */
function optionsFor(alert: PushAlert, notificationId: string): PushOptions {
  const urgent = alert === 'lockerEnding' || alert === 'overstay' || alert === 'parcelInLocker';
  return {
    ttlSeconds: alert === 'lockerEnding' ? 15 * 60 : 24 * 60 * 60,
    urgency: urgent ? 'high' : 'normal',
    topic: notificationId.slice(0, 32),
  };
}

const ALL_ON = Object.fromEntries(PUSH_ALERTS.map((a) => [a, true])) as Record<PushAlert, boolean>;

export interface DeliveryReport {
  sent: number;
  gone: number;
  failed: number;
  /** The SMS stand-in for a user with no browser taking alerts: sent, or put off to the morning. */
  sms?: 'sent' | 'deferred' | 'no-phone';
  /** Why nothing was sent, when nothing was. */
  skipped?: 'not-an-alert' | 'turned-off' | 'no-devices' | 'missing';
}

export function createPushService(deps: {
  db: Db;
  clock: Clock;
  sender: PushSender;
  notifications: NotificationsService;
  sms: SmsProvider;
  log: Logger;
}) {
  const { db, clock, sender, notifications, sms, log } = deps;

  type Stored = NonNullable<Awaited<ReturnType<NotificationsService['get']>>>;

  /** The text stand-in, in the user's language; outside the allowed hours it waits for the morning. */
  async function text(n: Stored, alert: PushAlert): Promise<NonNullable<DeliveryReport['sms']>> {
    const now = clock.now();
    if (!SMS_ANY_HOUR.includes(alert) && !isOpenAt(SMS_ALERT_HOURS, now)) {
      await schedule(db, clock, {
        kind: NOTIFICATION_PUSH_TIMER,
        dueAt: nextOpeningAt(SMS_ALERT_HOURS, now),
        data: { notificationId: n.id, smsOnly: true },
      });
      return 'deferred';
    }
    const user = await usersService.findById(db, n.userId);
    if (!user?.phone) return 'no-phone';
    const language = user.language === 'ta' ? 'ta' : 'en';
    await sms.send({
      to: user.phone,
      body: `Petti: ${n.title[language]}. ${n.body[language]}`,
      purpose: 'alert',
    });
    return 'sent';
  }

  async function preferences(userId: string): Promise<PushPreferences> {
    const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
    const saved = row?.alerts ?? {};
    return {
      alerts: Object.fromEntries(PUSH_ALERTS.map((a) => [a, saved[a] ?? true])) as Record<PushAlert, boolean>,
    };
  }

  return {
    /** Keeps a browser's subscription for this user and sign-in session (a browser moves with its endpoint). */
    async subscribe(user: { userId: string; sessionId: string }, body: PushSubscriptionBody): Promise<void> {
      const values = {
        endpoint: body.endpoint,
        userId: user.userId,
        sessionId: user.sessionId,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        createdAt: clock.now(),
      };
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: values.userId,
            sessionId: values.sessionId,
            p256dh: values.p256dh,
            auth: values.auth,
          },
        });
    },

    /** The browser's new subscription takes the old one's user and session; false when the old is unknown. */
    async renew(oldEndpoint: string, next: PushSubscriptionBody): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .delete(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, oldEndpoint))
          .returning();
        if (!old) return false;
        await tx
          .insert(pushSubscriptions)
          .values({
            endpoint: next.endpoint,
            userId: old.userId,
            sessionId: old.sessionId,
            p256dh: next.keys.p256dh,
            auth: next.keys.auth,
            createdAt: clock.now(),
          })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: {
              userId: old.userId,
              sessionId: old.sessionId,
              p256dh: next.keys.p256dh,
              auth: next.keys.auth,
            },
          });
        return true;
      });
    },

    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
    },

    /** Signed out (here, everywhere, or the account deleted): those sessions' browsers get no more alerts. */
    async forgetSessions(sessionIds: readonly string[]): Promise<void> {
      if (sessionIds.length === 0) return;
      await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, [...sessionIds]));
    },

    preferences,

    async setPreferences(userId: string, next: PushPreferences): Promise<PushPreferences> {
      const alerts = { ...ALL_ON, ...next.alerts };
      await db
        .insert(pushPreferences)
        .values({ userId, alerts, updatedAt: clock.now() })
        .onConflictDoUpdate({ target: pushPreferences.userId, set: { alerts, updatedAt: clock.now() } });
      return { alerts };
    },

    /**
     * Sends a notification to every browser of its user that allowed alerts, if it is an alert they
     * keep on; an overstay or a parcel in a locker goes by SMS instead to a user with no such browser
     * (never at night but an overstay). Runs outside any transaction (a timer's leased handler). A subscription the push service
     * no longer knows is dropped; if every browser failed, it throws so the timer tries again (a
     * browser shows one notification per id, so a repeat replaces rather than doubles).
     */
    async deliver(notificationId: string, options: { smsOnly?: boolean } = {}): Promise<DeliveryReport> {
      const n = await notifications.get(notificationId);
      if (!n) return { sent: 0, gone: 0, failed: 0, skipped: 'missing' };
      const alert = pushAlertOf(n.kind);
      if (!alert) return { sent: 0, gone: 0, failed: 0, skipped: 'not-an-alert' };
      if (!(await preferences(n.userId)).alerts[alert])
        return { sent: 0, gone: 0, failed: 0, skipped: 'turned-off' };
      const targets = options.smsOnly
        ? []
        : await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, n.userId));
      if (targets.length === 0) {
        const report: DeliveryReport = { sent: 0, gone: 0, failed: 0, skipped: 'no-devices' };
        if (SMS_ALERTS.includes(alert)) report.sms = await text(n, alert);
        return report;
      }
      const payload: PushPayload = {
        id: n.id,
        alert,
        title: n.title,
        body: n.body,
        url: notificationLink(n) ?? '/notifications',
      };
      const report: DeliveryReport = { sent: 0, gone: 0, failed: 0 };
      for (const target of targets) {
        const outcome = await sender.send(target, JSON.stringify(payload), optionsFor(alert, n.id));
        report[outcome] += 1;
        if (outcome === 'gone') {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, target.endpoint));
        } else if (outcome === 'sent') {
          await db
            .update(pushSubscriptions)
            .set({ lastSentAt: clock.now() })
            .where(eq(pushSubscriptions.endpoint, target.endpoint));
        }
      }
      // Every browser gone: the must-not-miss alerts still reach the phone by text.
      if (report.gone === targets.length && SMS_ALERTS.includes(alert)) report.sms = await text(n, alert);
      if (report.failed > 0 && report.sent === 0 && report.gone < targets.length) {
        log.warn({ notificationId, report }, 'push: every browser failed; will retry');
        throw new Error(`push delivery failed for ${report.failed} browser(s)`);
      }
      return report;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
