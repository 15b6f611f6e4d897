import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  client_id: string;
  /** The session (device) the token belongs to, so a revoked session's tokens stop working. */
  sid: string;
  /** Expiry, seconds since the epoch (set by `sign`, read by `verify`). */
  exp?: number;
}

export interface TokenSigner {
  sign(claims: AccessClaims, now: Date): Promise<string>;
  verify(token: string, now: Date): Promise<AccessClaims | null>;
  readonly ttlSeconds: number;
}

/** How many verified tokens a process keeps (a few hundred bytes each): the signed-in devices of a busy hour. */
export const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenSigner(
  secret: string,
  ttlSeconds: number,
  options: { kept?: number } = {},
): TokenSigner {
  // Imported once: given the secret's bytes, jose imports a key on every signature and every check
  // (a measurable share of each signed-in request, docs/performance.md#orders).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A key that cannot be imported fails each signature and check that awaits it, not the process.
  key.catch(() => undefined);
  const issuer = 'petti';
  /**
   * Tokens whose signature checked out, by their whole text, with their claims: a device sends the
   * same token with every request until it expires, and checking its signature (WebCrypto's HMAC,
   * through jose) was about 3% of the server's time per order (docs/performance.md#orders). A kept
   * token still expires on time; whether its session is still signed in is checked on every request
   * (./sessions.ts). Oldest first out past `kept`.
   */
  const verified = new Map<string, Readonly<AccessClaims>>();
  const kept = options.kept ?? VERIFIED_TOKENS_KEPT;
  const expired = (claims: AccessClaims, now: Date) =>
    claims.exp !== undefined && claims.exp <= Math.floor(now.getTime() / 1000);
  return {
    ttlSeconds,
    sign: async (claims, now) => {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ client_id: claims.client_id, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(issuer)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(await key);
    },
    verify: async (token, now) => {
      const known = verified.get(token);
      if (known) {
        if (!expired(known, now)) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer,
          algorithms: ['HS256'],
          currentDate: now,
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.client_id !== 'string' ||
          typeof payload.sid !== 'string'
        ) {
          return null;
        }
        const claims = Object.freeze({
          sub: payload.sub,
          client_id: payload.client_id,
          sid: payload.sid,
          exp: payload.exp,
        });
        verified.set(token, claims);
        if (verified.size > kept) verified.delete(verified.keys().next().value as string);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
