import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens.ts';

const claims = { sub: 'user-1', client_id: 'web', sid: 'session-1' };
const at = (iso: string) => new Date(iso);

describe('access tokens', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers a token checked before until it expires, and refuses it from then on', async () => {
    const signer = createTokenSigner('a-secret-of-some-length', 600);
    const token = await signer.sign(claims, at('2026-11-26T10:00:00Z'));
    expect(await signer.verify(token, at('2026-11-26T10:00:01Z'))).toMatchObject(claims);
    expect(await signer.verify(token, at('2026-11-26T10:09:59Z'))).toMatchObject(claims);
    expect(await signer.verify(token, at('2026-11-26T10:10:00Z'))).toBeNull();
    expect(await signer.verify(token, at('2026-11-26T10:00:02Z'))).toMatchObject(claims);
  });

  it('refuses a token altered after its genuine one was accepted, and one signed with another secret', async () => {
    const signer = createTokenSigner('a-secret-of-some-length', 600);
    const now = at('2026-11-26T10:00:00Z');
    const token = await signer.sign(claims, now);
    expect(await signer.verify(token, now)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    expect(await signer.verify(`${header}.${payload}.${flipped}`, now)).toBeNull();
    const other = await createTokenSigner('another-secret-entirely', 600).sign(claims, now);
    expect(await signer.verify(other, now)).toBeNull();
  });

  it('checks a signature once per token it keeps, and again once the token has made room for others', async () => {
    const signer = createTokenSigner('a-secret-of-some-length', 600, { kept: 1 });
    const now = at('2026-11-26T10:00:00Z');
    const first = await signer.sign(claims, now);
    const second = await signer.sign({ ...claims, sid: 'session-2' }, now);
    const checks = vi.spyOn(crypto.subtle, 'verify');
    await signer.verify(first, now);
    await signer.verify(first, now);
    expect(checks).toHaveBeenCalledTimes(1);
    expect(await signer.verify(second, now)).toMatchObject({ sid: 'session-2' });
    expect(checks).toHaveBeenCalledTimes(2);
    expect(await signer.verify(first, now)).toMatchObject({ sid: 'session-1' });
    expect(checks).toHaveBeenCalledTimes(3);
  });
});
