import type { Tokens } from '@petti/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type Params, prepared } from '../../db/prepared.ts';
import { AppError } from '../../http/app-error.ts';
import { newId } from '../../platform/ids.ts';
import { keptRows } from '../../platform/read-cache/kept-rows.ts';
import { usersService } from '../users/index.ts';
import type { AuthDeps } from './deps.ts';
import { authSessions } from './schema.ts';
import { newOpaqueToken, sha256 } from './secrets.ts';

export interface AuthedSession {
  userId: string;
  sessionId: string;
  clientId: string;
  /** When the access token presented stops being good (a live connection made with it ends then). */
  tokenExpiresAt?: Date;
}

const DAY_MS = 86_400_000;

/** The channel auth_sessions' trigger notifies when a session is revoked or removed (migration 0024). */
const SESSIONS_CHANGED = 'sessions_changed';
/** Sessions each process keeps; past this the oldest kept goes (a device asks again, and is read). */
const SESSIONS_KEPT = 10_000;

// Every signed-in request asks (when not kept): built once (db/prepared.ts).
const sessionStates = prepared((q, v: Params<{ ids: string[] }>) =>
  q
    .select({
      id: authSessions.id,
      revokedAt: authSessions.revokedAt,
      expiresAt: authSessions.expiresAt,
      userId: authSessions.userId,
    })
    .from(authSessions)
    .where(sql`${authSessions.id} = any(${v.ids})`),
);

/** Signed-in sessions: opening one, rotating its refresh token, checking access tokens, ending them. */
export function createSessions({
  db,
  clock,
  tokens,
  config,
  onSessionsEnded,
  changes,
}: Pick<AuthDeps, 'db' | 'clock' | 'tokens' | 'config' | 'onSessionsEnded' | 'changes'>) {
  // Whether a session still stands, kept until the database says a session was revoked or removed
  // anywhere (platform/read-cache/kept-rows.ts, docs/performance.md#orders). This process forgets at
  // once after revoking; another process's revoke reaches it with the notice, within milliseconds.
  const kept = keptRows({
    feed: changes,
    channel: SESSIONS_CHANGED,
    maxEntries: SESSIONS_KEPT,
    read: (q, ids) => sessionStates(q, { ids }),
  });

  async function revoke(userId: string, scope: SQL | undefined): Promise<void> {
    const ended = await db
      .update(authSessions)
      .set({ revokedAt: clock.now() })
      .where(and(eq(authSessions.userId, userId), scope, isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id });
    kept.forget();
    if (ended.length && onSessionsEnded) {
      await onSessionsEnded({ userId, sessionIds: ended.map((e) => e.id) }).catch(() => undefined);
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

  return {
    openSession,
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
      // A reused token may have revoked its session just now: not kept here past that.
      if (!result) {
        kept.forget();
        throw ended();
      }
      return result;
    },

    async signOut(who: AuthedSession, options: { global?: boolean }): Promise<void> {
      await revoke(who.userId, options.global ? undefined : eq(authSessions.id, who.sessionId));
    },

    async revokeAllSessions(userId: string): Promise<void> {
      await revoke(userId, undefined);
    },

    /** The caller behind an access token, or null when the token or its session is no longer good. */
    async authenticate(accessToken: string): Promise<AuthedSession | null> {
      const now = clock.now();
      const claims = await tokens.verify(accessToken, now);
      if (!claims) return null;
      const [session] = await kept.get(db, [claims.sid]);
      if (
        !session ||
        session.revokedAt ||
        session.userId !== claims.sub ||
        session.expiresAt.getTime() <= now.getTime()
      ) {
        return null;
      }
      return {
        userId: claims.sub,
        sessionId: claims.sid,
        clientId: claims.client_id,
        ...(claims.exp ? { tokenExpiresAt: new Date(claims.exp * 1000) } : {}),
      };
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
