import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Exit passes (docs/grab-and-go.md#exit-pass). The QR holds `GG1.<purchase id>.<shop id>.<expiry>.<signature>`:
 * an HMAC of the rest under a key derived from the server's signing secret, so a pass cannot be made up,
 * pointed at another purchase, moved to another shop or given more time without the key. The server
 * still reads what the pass is good for (items, used) from the purchase row. The short code is cut
 * from an HMAC of the purchase id for staff who type it, and is stored so it can be looked up.
 */
const PREFIX = 'GG1';
// Crockford-style letters: no 0/O or 1/I/L to misread at a counter.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export interface SignedPass {
  purchaseId: string;
  sellerId: string;
  expiresAt: Date;
}

export function createExitPasses(secret: string) {
  const key = createHmac('sha256', secret).update('petti grab exit pass v1').digest();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  const body = (p: SignedPass) =>
    `${PREFIX}.${p.purchaseId}.${p.sellerId}.${Math.floor(p.expiresAt.getTime() / 1000)}`;

  return {
    tokenOf(pass: SignedPass): string {
      const text = body(pass);
      return `${text}.${mac(text).subarray(0, 18).toString('base64url')}`;
    },

    /** `ABCD-2345`: eight symbols of 31, ~40 bits. */
    codeOf(purchaseId: string): string {
      const bytes = mac(`code.${purchaseId}`);
      let code = '';
      for (let i = 0; i < 8; i++) code += CODE_ALPHABET[bytes[i]! % CODE_ALPHABET.length];
      return `${code.slice(0, 4)}-${code.slice(4)}`;
    },

    /**
     * What a pass names: the signed purchase, shop and expiry for a token whose signature holds,
     * `{ code }` for something shaped like a typed code (looked up by the caller), null for anything else.
     */
    read(pass: string): { signed: SignedPass } | { code: string } | null {
      const trimmed = pass.trim();
      const parts = trimmed.split('.');
      if (parts.length === 5 && parts[0] === PREFIX) {
        const [, purchaseId, sellerId, expiry, sig] = parts as [string, string, string, string, string];
        const text = parts.slice(0, 4).join('.');
        const expected = mac(text).subarray(0, 18);
        const given = Buffer.from(sig, 'base64url');
        if (
          !/^\d{1,12}$/.test(expiry) ||
          given.length !== expected.length ||
          !timingSafeEqual(given, expected)
        ) {
          return null;
        }
        return { signed: { purchaseId, sellerId, expiresAt: new Date(Number(expiry) * 1000) } };
      }
      const typed = trimmed.toUpperCase().replace(/[\s-]/g, '');
      if (typed.length === 8 && [...typed].every((c) => CODE_ALPHABET.includes(c))) {
        return { code: `${typed.slice(0, 4)}-${typed.slice(4)}` };
      }
      return null;
    },
  };
}

export type ExitPasses = ReturnType<typeof createExitPasses>;
