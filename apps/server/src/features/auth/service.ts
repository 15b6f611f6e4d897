import { maskPhone, type SignInResult, type SignUpResult, type Tokens } from '@petti/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import { usersService } from '../users/index.ts';
import { takeCodeSend } from './code-limits.ts';
import { authChallenges, authSessions } from './schema.ts';
import { hashCode, newCode, newOpaqueToken, safeEqual, sha256 } from './secrets.ts';
import type { TokenSigner } from './tokens.ts';

type Challenge = typeof authChallenges.$inferSelect;

export interface AuthDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  tokens: TokenSigner;
  config: Pick<
    Config,
    | 'JWT_SECRET'
    | 'PUBLIC_URL'
    | 'PORT'
    | 'CLIENT_ID'
    | 'REFRESH_TOKEN_TTL_DAYS'
    | 'AUTH_CODE_TTL_SECONDS'
    | 'AUTH_MAX_ATTEMPTS'
    | 'AUTH_RESEND_SECONDS'
    | 'AUTH_CODES_PER_HOUR'
    | 'AUTH_IP_CODES_PER_HOUR'
  >;
}

export interface AuthedSession {
  userId: string;
  sessionId: string;
  clientId: string;
}

const DAY_MS = 86_400_000;

const deliveryDetails = (phone: string) => ({
  deliveryMedium: 'SMS' as const,
  destination: maskPhone(phone),
  attributeName: 'phone_number' as const,
});

export function createAuthService(deps: AuthDeps) {
  const { db, clock, sms, tokens, config } = deps;
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

  // The last line lets Android's WebOTP fill the code in, bound to Petti's origin.
  const otpOrigin = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).host;

  async function deliver(phone: string, code: string): Promise<void> {
    const minutes = Math.round(config.AUTH_CODE_TTL_SECONDS / 60);
    const body = `${code} is your Petti code. It expires in ${minutes} minutes. Do not share it. - Petti\n\n@${otpOrigin} #${code}`;
    try {
      await sms.send({ to: phone, body, code });
    } catch {
      throw new AppError(
        'ServiceUnavailable',
        'We could not send the SMS just now. Please try again in a minute.',
      );
    }
  }

  async function openSession(tx: Tx | Db, userId: string): Promise<Tokens> {
    const now = clock.now();
    const sessionId = newId();
    const refreshToken = newOpaqueToken();
    await tx.insert(authSessions).values({
      id: sessionId,
      userId,
      clientId: config.CLIENT_ID,
      refreshHash: sha256(refreshToken),
      expiresAt: new Date(now.getTime() + config.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
      lastUsedAt: now,
      createdAt: now,
    });
    const accessToken = await tokens.sign({ sub: userId, client_id: config.CLIENT_ID, sid: sessionId }, now);
    return { accessToken, refreshToken, expiresIn: tokens.ttlSeconds, clientId: config.CLIENT_ID };
  }

  type Verdict =
    | { kind: 'ok' }
    | { kind: 'expired' }
    | { kind: 'wrong'; attemptsLeft: number }
    | { kind: 'exhausted' };

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

  return {
    async signUp(
      input: { phone: string; name: string; email?: string },
      ip: string | null,
    ): Promise<SignUpResult> {
      const existing = await usersService.findByPhone(db, input.phone);
      if (existing?.confirmedAt) {
        // Auto sign-in needs proof of the number, so an existing account signs in with a code instead.
        return { isSignUpComplete: true, nextStep: { signUpStep: 'DONE' }, userId: existing.id };
      }
      const { user, issued } = await db.transaction(async (tx) => {
        const user = await usersService.upsertPending(tx, { id: newId(), ...input, now: clock.now() });
        const issued = await issueCode(tx, input.phone, ip, null, 'sign_up');
        return { user, issued };
      });
      await deliver(input.phone, issued.code);
      return {
        isSignUpComplete: false,
        nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: deliveryDetails(input.phone) },
        userId: user.id,
      };
    },

    async confirmSignUp(input: { phone: string; code: string }): Promise<SignUpResult> {
      const outcome = await db.transaction(async (tx) => {
        const [challenge] = await tx
          .select()
          .from(authChallenges)
          .where(
            and(
              eq(authChallenges.phone, input.phone),
              eq(authChallenges.purpose, 'sign_up'),
              isNull(authChallenges.endedAt),
            ),
          )
          .orderBy(desc(authChallenges.sentAt))
          .limit(1)
          .for('update');
        const user = await usersService.findByPhone(tx, input.phone);
        if (!challenge || !user) return { verdict: { kind: 'none' as const } };
        const verdict = await judge(tx, challenge, input.code);
        if (verdict.kind !== 'ok') return { verdict };
        await usersService.confirm(tx, user.id, clock.now());
        return { verdict, userId: user.id, tokens: await openSession(tx, user.id) };
      });
      const { verdict } = outcome;
      if (verdict.kind === 'none') {
        throw new AppError(
          'ExpiredCodeException',
          'There is no code waiting for this number. Please ask for a new one.',
        );
      }
      if (verdict.kind === 'wrong') {
        throw new AppError('CodeMismatchException', undefined, {
          details: { attemptsLeft: verdict.attemptsLeft },
        });
      }
      if (verdict.kind !== 'ok') refuse(verdict);
      return {
        isSignUpComplete: true,
        nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
        userId: outcome.userId!,
        tokens: outcome.tokens,
      };
    },

    async resendCode(input: { phone: string; session?: string }, ip: string | null) {
      if (input.session) {
        const issued = await db.transaction(async (tx) => {
          const challenge = await openSignInChallenge(tx, input.phone, input.session!);
          return issueCode(tx, input.phone, ip, challenge, 'sign_in');
        });
        await deliver(input.phone, issued.code);
        return {
          codeDeliveryDetails: deliveryDetails(input.phone),
          resendAfter: issued.resendAfter.toISOString(),
          expiresAt: issued.expiresAt.toISOString(),
        };
      }
      const user = await usersService.findByPhone(db, input.phone);
      if (!user) throw new AppError('UserNotFoundException');
      if (user.confirmedAt)
        throw new AppError('Validation', 'This number is already confirmed. Please sign in.');
      const issued = await db.transaction((tx) => issueCode(tx, input.phone, ip, null, 'sign_up'));
      await deliver(input.phone, issued.code);
      return {
        codeDeliveryDetails: deliveryDetails(input.phone),
        resendAfter: issued.resendAfter.toISOString(),
        expiresAt: issued.expiresAt.toISOString(),
      };
    },

    async signIn(input: { phone: string }, ip: string | null): Promise<SignInResult> {
      const user = await usersService.findByPhone(db, input.phone);
      if (!user?.confirmedAt) throw new AppError('UserNotFoundException');
      const issued = await db.transaction((tx) => issueCode(tx, input.phone, ip, null, 'sign_in'));
      await deliver(input.phone, issued.code);
      return {
        isSignedIn: false,
        nextStep: {
          signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
          additionalInfo: {
            attemptsLeft: config.AUTH_MAX_ATTEMPTS,
            expiresAt: issued.expiresAt.toISOString(),
            resendAfter: issued.resendAfter.toISOString(),
            codeDeliveryDetails: deliveryDetails(input.phone),
          },
        },
        session: issued.session,
      };
    },

    async confirmSignIn(input: { phone: string; session?: string; answer: string }): Promise<SignInResult> {
      if (input.answer.trim() === '') throw new AppError('EmptyChallengeResponse');
      if (!input.session) throw new AppError('SignInException');
      const outcome = await db.transaction(async (tx) => {
        const challenge = await openSignInChallenge(tx, input.phone, input.session!);
        const verdict = await judge(tx, challenge, input.answer.trim());
        if (verdict.kind !== 'ok') return { verdict, challenge };
        const user = await usersService.findByPhone(tx, input.phone);
        if (!user) return { verdict: { kind: 'exhausted' as const }, challenge };
        return { verdict, challenge, userId: user.id, tokens: await openSession(tx, user.id) };
      });
      const { verdict, challenge } = outcome;
      if (verdict.kind === 'wrong') {
        return {
          isSignedIn: false,
          nextStep: {
            signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
            additionalInfo: {
              attemptsLeft: verdict.attemptsLeft,
              expiresAt: challenge.expiresAt.toISOString(),
              resendAfter: new Date(
                challenge.sentAt.getTime() + config.AUTH_RESEND_SECONDS * 1000,
              ).toISOString(),
              codeDeliveryDetails: deliveryDetails(input.phone),
              error: 'CodeMismatch',
            },
          },
          session: input.session,
        };
      }
      if (verdict.kind !== 'ok') refuse(verdict);
      return {
        isSignedIn: true,
        nextStep: { signInStep: 'DONE' },
        userId: outcome.userId,
        tokens: outcome.tokens,
      };
    },

    async refresh(refreshToken: string): Promise<Tokens> {
      const hash = sha256(refreshToken);
      const now = clock.now();
      const ended = () => new AppError('Unauthorized', 'Your session has ended. Please sign in again.');
      const result = await db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(authSessions)
          .where(eq(authSessions.refreshHash, hash))
          .for('update');
        if (!session) {
          // An old token used again means it was copied: end that session everywhere. This must
          // commit, so the refusal is returned rather than thrown inside the transaction.
          await tx
            .update(authSessions)
            .set({ revokedAt: now })
            .where(and(eq(authSessions.previousRefreshHash, hash), isNull(authSessions.revokedAt)));
          return null;
        }
        if (session.revokedAt || session.expiresAt.getTime() <= now.getTime()) return null;
        if (!(await usersService.findById(tx, session.userId))) return null;
        const next = newOpaqueToken();
        await tx
          .update(authSessions)
          .set({ refreshHash: sha256(next), previousRefreshHash: hash, lastUsedAt: now })
          .where(eq(authSessions.id, session.id));
        const accessToken = await tokens.sign(
          { sub: session.userId, client_id: session.clientId, sid: session.id },
          now,
        );
        return { accessToken, refreshToken: next, expiresIn: tokens.ttlSeconds, clientId: session.clientId };
      });
      if (!result) throw ended();
      return result;
    },

    async signOut(who: AuthedSession, options: { global?: boolean }): Promise<void> {
      const now = clock.now();
      const scope = options.global ? eq(authSessions.userId, who.userId) : eq(authSessions.id, who.sessionId);
      await db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(scope, isNull(authSessions.revokedAt)));
    },

    async revokeAllSessions(userId: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
    },

    /** The caller behind an access token, or null when the token or its session is no longer good. */
    async authenticate(accessToken: string): Promise<AuthedSession | null> {
      const now = clock.now();
      const claims = await tokens.verify(accessToken, now);
      if (!claims) return null;
      const [session] = await db
        .select({
          revokedAt: authSessions.revokedAt,
          expiresAt: authSessions.expiresAt,
          userId: authSessions.userId,
        })
        .from(authSessions)
        .where(eq(authSessions.id, claims.sid));
      if (
        !session ||
        session.revokedAt ||
        session.userId !== claims.sub ||
        session.expiresAt.getTime() <= now.getTime()
      ) {
        return null;
      }
      return { userId: claims.sub, sessionId: claims.sid, clientId: claims.client_id };
    },
  };

  async function openSignInChallenge(tx: Tx, phone: string, session: string): Promise<Challenge> {
    const [challenge] = await tx
      .select()
      .from(authChallenges)
      .where(and(eq(authChallenges.sessionHash, sha256(session)), eq(authChallenges.purpose, 'sign_in')))
      .for('update');
    if (!challenge || challenge.phone !== phone || challenge.endedAt) throw new AppError('SignInException');
    return challenge;
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
