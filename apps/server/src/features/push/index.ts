import type { FastifyBaseLogger as Logger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import { NOTIFICATION_PUSH_TIMER, type NotificationsService } from '../notifications/index.ts';
import { createWebPushSender, type PushSender } from './sender.ts';
import { createPushService } from './service.ts';
import { loadVapidKeys, type VapidKeys } from './vapid.ts';

/** Alerts outside the app by Web Push (docs/alerts.md). */
export function createPushFeature(
  ctx: AppContext,
  log: Logger,
  deps: { notifications: NotificationsService; jobs: JobWorker; sms: SmsProvider; sender?: PushSender },
) {
  const { config } = ctx;
  let keys: Promise<VapidKeys> | undefined;
  const vapid = () => {
    keys ??= loadVapidKeys({
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      subject: config.VAPID_SUBJECT,
      dataDir: config.DATA_DIR,
    });
    return keys;
  };
  const service = createPushService({
    db: ctx.database.db,
    clock: ctx.clock,
    sender: deps.sender ?? createWebPushSender(vapid),
    notifications: deps.notifications,
    sms: deps.sms,
    log,
  });
  deps.jobs.register({
    leased: {
      [NOTIFICATION_PUSH_TIMER]: async (timer) => {
        await service.deliver(String(timer.data.notificationId), { smsOnly: timer.data.smsOnly === true });
      },
    },
  });
  return { service, publicKey: async () => (await vapid()).publicKey };
}

export type PushFeature = ReturnType<typeof createPushFeature>;
export type { DeliveryReport, PushService } from './service.ts';
