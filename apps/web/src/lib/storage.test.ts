import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore, memoryStorage, sessionStore } from './storage.ts';

/** A Web Storage stand-in that counts writes, and refuses them when `refuse` is set. */
function fakeStorage(refuse = false) {
  const data = memoryStorage();
  let writes = 0;
  return {
    get writes() {
      return writes;
    },
    getItem: (k: string) => data.getItem(k),
    setItem: (k: string, v: string) => {
      writes++;
      if (refuse) throw new DOMException('refused', 'SecurityError');
      data.setItem(k, v);
    },
    removeItem: (k: string) => data.removeItem(k),
  };
}

describe('the browser’s storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is probed with a write once, not on every use', () => {
    const storage = fakeStorage();
    vi.stubGlobal('localStorage', storage);
    expect(localStore()).toBe(storage);
    localStore().setItem('language', 'ta');
    expect(localStore()).toBe(storage);
    expect(localStore().getItem('language')).toBe('ta');
    // One probe write, then the app's own.
    expect(storage.writes).toBe(2);
  });

  it('falls back to memory where writes are refused (private modes), and probes a new storage afresh', () => {
    vi.stubGlobal('sessionStorage', fakeStorage(true));
    const memory = sessionStore();
    memory.setItem('otpSession', 'x');
    expect(sessionStore()).toBe(memory);
    expect(sessionStore().getItem('otpSession')).toBe('x');
    const working = fakeStorage();
    vi.stubGlobal('sessionStorage', working);
    expect(sessionStore()).toBe(working);
  });
});
