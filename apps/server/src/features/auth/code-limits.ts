import { and, count, desc, eq, gt, min, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { authCodeSends } from './schema.ts';

export interface CodeLimits {
  resendSeconds: number;
  codesPerHour: number;
  ipCodesPerHour: number;
}

const HOUR_MS = 3_600_000;

const retryAfter = (untilMs: number, nowMs: number) =>
  String(Math.max(1, Math.ceil((untilMs - nowMs) / 1000)));

/**
 * Checks every limit on sending a code, then records the send. Runs inside the caller's transaction
 * with a per-number lock, so two requests at once cannot both slip under a limit.
 */
export async function takeCodeSend(
  tx: Tx,
  input: { id: string; phone: string; ip: string | null; now: Date },
  limits: CodeLimits,
) {
  const { phone, ip, now } = input;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`auth:${phone}`}))`);
  const hourAgo = new Date(now.getTime() - HOUR_MS);

  const [last] = await tx
    .select({ sentAt: authCodeSends.sentAt })
    .from(authCodeSends)
    .where(eq(authCodeSends.phone, phone))
    .orderBy(desc(authCodeSends.sentAt))
    .limit(1);
  if (last && now.getTime() - last.sentAt.getTime() < limits.resendSeconds * 1000) {
    const until = last.sentAt.getTime() + limits.resendSeconds * 1000;
    throw new AppError(
      'CodeResendTooSoon',
      `Please wait ${retryAfter(until, now.getTime())} s before asking for another code.`,
      {
        headers: { 'retry-after': retryAfter(until, now.getTime()) },
        details: { retryAfterSeconds: Number(retryAfter(until, now.getTime())) },
      },
    );
  }

  const [perPhone] = await tx
    .select({ n: count(), oldest: min(authCodeSends.sentAt) })
    .from(authCodeSends)
    .where(and(eq(authCodeSends.phone, phone), gt(authCodeSends.sentAt, hourAgo)));
  if (perPhone && perPhone.n >= limits.codesPerHour) {
    const until = new Date(perPhone.oldest ?? now).getTime() + HOUR_MS;
    const wait = retryAfter(until, now.getTime());
    throw new AppError('LimitExceededException', undefined, {
      headers: { 'retry-after': wait },
      details: { retryAfterSeconds: Number(wait) },
    });
  }

  if (ip) {
    const [perIp] = await tx
      .select({ n: count(), oldest: min(authCodeSends.sentAt) })
      .from(authCodeSends)
      .where(and(eq(authCodeSends.ip, ip), gt(authCodeSends.sentAt, hourAgo)));
    if (perIp && perIp.n >= limits.ipCodesPerHour) {
      const until = new Date(perIp.oldest ?? now).getTime() + HOUR_MS;
      const wait = retryAfter(until, now.getTime());
      throw new AppError('Throttling', undefined, {
        headers: { 'retry-after': wait },
        details: { retryAfterSeconds: Number(wait) },
      });
    }
  }

  await tx.insert(authCodeSends).values({ id: input.id, phone, ip, sentAt: now });
  return { resendAfter: new Date(now.getTime() + limits.resendSeconds * 1000) };
}
