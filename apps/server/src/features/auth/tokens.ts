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

export function createTokenSigner(secret: string, ttlSeconds: number): TokenSigner {
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
        return { sub: payload.sub, client_id: payload.client_id, sid: payload.sid, exp: payload.exp };
      } catch {
        return null;
      }
    },
  };
}
