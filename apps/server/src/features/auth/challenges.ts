import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { newId } from '../../platform/ids.ts';
import { takeCodeSend } from './code-limits.ts';
import type { AuthDeps } from './deps.ts';
import { authChallenges } from './schema.ts';
import { hashCode, newCode, newOpaqueToken, safeEqual, sha256 } from './secrets.ts';

export type Challenge = typeof authChallenges.$inferSelect;

export type Verdict =
  | { kind: 'ok' }
  | { kind: 'expired' }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'exhausted' };

/** Code challenges: issuing a code, judging an answer, finding an open sign-in challenge. */
export function createChallenges({ clock, config }: Pick<AuthDeps, 'clock' | 'config'>) {
  const limits = {
    resendSeconds: config.AUTH_RESEND_SECONDS,
    codesPerHour: config.AUTH_CODES_PER_HOUR,
    ipCodesPerHour: config.AUTH_IP_CODES_PER_HOUR,
  };
  const codeHash = (challengeId: string, code: string) => hashCode(config.JWT_SECRET, challengeId, code);

  /** Issues a fresh code for a challenge row (new or re-sent) inside `tx`; the SMS goes out after commit. */
  async function issueCode(
    tx: Tx,
    phone: string,
    ip: string | null,
    challenge: { id: string } | null,
    purpose: Challenge['purpose'],
  ) {
    const now = clock.now();
    const { resendAfter } = await takeCodeSend(tx, { id: newId(), phone, ip, now }, limits);
    const code = newCode();
    const expiresAt = new Date(now.getTime() + config.AUTH_CODE_TTL_SECONDS * 1000);
    let session: string | undefined;
    let id: string;
    if (challenge) {
      id = challenge.id;
      // A new code gets its own attempts; the hourly send limit bounds how many guesses that allows.
      await tx
        .update(authChallenges)
        .set({ codeHash: codeHash(id, code), attempts: 0, expiresAt, sentAt: now })
        .where(eq(authChallenges.id, id));
    } else {
      id = newId();
      // Only the newest challenge of a kind stays open for a number.
      await tx
        .update(authChallenges)
        .set({ endedAt: now })
        .where(
          and(
            eq(authChallenges.phone, phone),
            eq(authChallenges.purpose, purpose),
            isNull(authChallenges.endedAt),
          ),
        );
      session = purpose === 'sign_in' ? newOpaqueToken() : undefined;
      await tx.insert(authChallenges).values({
        id,
        phone,
        purpose,
        codeHash: codeHash(id, code),
        sessionHash: session ? sha256(session) : null,
        expiresAt,
        sentAt: now,
        ip,
      });
    }
    return { id, code, session, expiresAt, resendAfter };
  }

  /** Checks an answer against a locked challenge row and records the attempt. */
  async function judge(tx: Tx, challenge: Challenge, answer: string): Promise<Verdict> {
    const now = clock.now();
    if (challenge.expiresAt.getTime() <= now.getTime()) {
      await tx.update(authChallenges).set({ endedAt: now }).where(eq(authChallenges.id, challenge.id));
      return { kind: 'expired' };
    }
    if (/^\d{6}$/.test(answer) && safeEqual(codeHash(challenge.id, answer), challenge.codeHash)) {
      await tx.update(authChallenges).set({ endedAt: now }).where(eq(authChallenges.id, challenge.id));
      return { kind: 'ok' };
    }
    const attempts = challenge.attempts + 1;
    const exhausted = attempts >= config.AUTH_MAX_ATTEMPTS;
    await tx
      .update(authChallenges)
      .set({ attempts, endedAt: exhausted ? now : null })
      .where(eq(authChallenges.id, challenge.id));
    return exhausted
      ? { kind: 'exhausted' }
      : { kind: 'wrong', attemptsLeft: config.AUTH_MAX_ATTEMPTS - attempts };
  }

  function refuse(verdict: Exclude<Verdict, { kind: 'ok' | 'wrong' }>): never {
    if (verdict.kind === 'expired') throw new AppError('ExpiredCodeException');
    throw new AppError('NotAuthorizedException');
  }

  async function openSignInChallenge(tx: Tx, phone: string, session: string): Promise<Challenge> {
    const [challenge] = await tx
      .select()
      .from(authChallenges)
      .where(and(eq(authChallenges.sessionHash, sha256(session)), eq(authChallenges.purpose, 'sign_in')))
      .for('update');
    if (!challenge || challenge.phone !== phone || challenge.endedAt) throw new AppError('SignInException');
    return challenge;
  }

  return { issueCode, judge, refuse, openSignInChallenge };
}

export type Challenges = ReturnType<typeof createChallenges>;
