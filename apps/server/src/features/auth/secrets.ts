import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** Uniform 6-digit code from a cryptographic source. */
export const newCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Tokens with 256 bits of entropy need no salt or slow hash; sha256 is enough. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

/**
 * Codes have only a million values, so they are hashed with a server secret (HMAC) and the
 * challenge id: a leaked table alone cannot be brute-forced offline.
 */
export const hashCode = (secret: string, challengeId: string, code: string): string =>
  createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
