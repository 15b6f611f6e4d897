import { STORAGE_KEYS } from '@petti/shared/constants';
import { describe, expect, it } from 'vitest';
import { deviceSessionId } from './device-session.ts';
import { memoryStorage } from './storage.ts';

describe('deviceSessionId', () => {
  it('is made once and then stays the same on this device', () => {
    const storage = memoryStorage();
    const first = deviceSessionId(storage);
    expect(first).toMatch(/^d-[a-f0-9]{20}$/);
    expect(deviceSessionId(storage)).toBe(first);
    expect(storage.getItem(STORAGE_KEYS.sessionId)).toBe(first);
  });

  it('replaces a stored value the server would refuse', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.sessionId]: 'bad id!' });
    expect(deviceSessionId(storage)).toMatch(/^d-/);
  });

  it('differs between devices', () => {
    expect(deviceSessionId(memoryStorage())).not.toBe(deviceSessionId(memoryStorage()));
  });
});
