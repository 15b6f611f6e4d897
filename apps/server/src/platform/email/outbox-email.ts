import type { Db } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { devOutbox } from '../outbox/schema.ts';
import { type EmailSender, verificationText } from './email-sender.ts';

export function createOutboxEmail(db: Db, clock: Clock): EmailSender {
  return {
    name: 'outbox',
    async sendVerification(to, link) {
      await db
        .insert(devOutbox)
        .values({ channel: 'email', recipient: to, body: verificationText(link), sentAt: clock.now() });
    },
  };
}
