import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Exit passes (docs/grab-and-go.md#exit-pass). The QR holds `GG1.<purchase id>.<signature>`, an HMAC of
 * the purchase id under a key derived from the server's signing secret, so a pass cannot be made up or
 * pointed at another purchase without the key; what a pass is good for (shop, items, expiry, used) is
 * read from the purchase row, never from the token. The short code is cut from the same HMAC for staff
 * who type it, and is stored so it can be looked up.
 */
const PREFIX = 'GG1';
// Crockford-style letters: no 0/O or 1/I/L to misread at a counter.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function createExitPasses(secret: string) {
  const key = createHmac('sha256', secret).update('petti grab exit pass v1').digest();
  const mac = (purchaseId: string) => createHmac('sha256', key).update(purchaseId).digest();

  return {
    tokenOf(purchaseId: string): string {
      return `${PREFIX}.${purchaseId}.${mac(purchaseId).subarray(0, 18).toString('base64url')}`;
    },

    /** `ABCD-2345`: eight symbols of 31, ~40 bits, from the same HMAC. */
    codeOf(purchaseId: string): string {
      const bytes = mac(purchaseId);
      let code = '';
      for (let i = 0; i < 8; i++) code += CODE_ALPHABET[bytes[20 + i]! % CODE_ALPHABET.length];
      return `${code.slice(0, 4)}-${code.slice(4)}`;
    },

    /**
     * What a pass names: `{ purchaseId }` for a token whose signature holds, `{ code }` for something
     * shaped like a typed code (looked up by the caller), null for anything else.
     */
    read(pass: string): { purchaseId: string } | { code: string } | null {
      const trimmed = pass.trim();
      const parts = trimmed.split('.');
      if (parts.length === 3 && parts[0] === PREFIX) {
        const [, purchaseId, sig] = parts as [string, string, string];
        const expected = mac(purchaseId).subarray(0, 18);
        const given = Buffer.from(sig, 'base64url');
        return given.length === expected.length && timingSafeEqual(given, expected) ? { purchaseId } : null;
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
