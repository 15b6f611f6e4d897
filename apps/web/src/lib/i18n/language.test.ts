import { STORAGE_KEYS } from '@petti/shared/constants';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage.ts';
import { pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it('prefers the stored choice', () => {
    expect(pickLanguage(memoryStorage({ [STORAGE_KEYS.language]: 'ta' }), ['en-IN'])).toBe('ta');
  });

  it('falls back to the browser languages, then English', () => {
    expect(pickLanguage(memoryStorage(), ['ta-IN', 'en'])).toBe('ta');
    expect(pickLanguage(memoryStorage({ [STORAGE_KEYS.language]: 'fr' }), ['fr-FR'])).toBe('en');
    expect(pickLanguage(memoryStorage())).toBe('en');
  });
});
