import { describe, expect, it } from 'vitest';
import { shopsEn } from '../../features/shops/messages.en.ts';
import { shopsTa } from '../../features/shops/messages.ta.ts';
import { en } from './en.ts';
import { messageSections } from './resources.ts';
import { ta } from './ta.ts';

/** Every leaf of a nested strings object as `a.b.c` → value. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

// The sections loaded later are checked with the rest.
const enKeys = flatten({ ...en, shops: shopsEn });
const taKeys = flatten({ ...ta, shops: shopsTa });
const TAMIL = /[\u0B80-\u0BFF]/;
/** Keys whose value is the same in every language on purpose (brand, language names, formats). */
const SAME_IN_BOTH = new Set(['app.name', 'app.documentTitle', 'language.en', 'language.ta']);

describe('translation resources', () => {
  it('load the late sections in each language', async () => {
    expect(await messageSections.shops.en()).toBe(shopsEn);
    expect(await messageSections.shops.ta()).toBe(shopsTa);
  });

  it('have the same keys in English and Tamil', () => {
    const missingInTa = [...enKeys.keys()].filter((k) => !taKeys.has(k));
    const missingInEn = [...taKeys.keys()].filter((k) => !enKeys.has(k));
    expect(missingInTa, 'keys missing in ta.ts').toEqual([]);
    expect(missingInEn, 'keys missing in en.ts').toEqual([]);
  });

  it('have no empty or non-string values', () => {
    for (const [name, map] of [
      ['en', enKeys],
      ['ta', taKeys],
    ] as const) {
      const bad = [...map].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(bad, `empty strings in ${name}`).toEqual([]);
    }
  });

  it('are really translated: Tamil text is in Tamil script', () => {
    const untranslated = [...taKeys]
      .filter(([k, v]) => !SAME_IN_BOTH.has(k) && typeof v === 'string' && !TAMIL.test(v))
      .map(([k]) => k);
    expect(untranslated).toEqual([]);
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, value] of enKeys) expect(vars(taKeys.get(key)), key).toEqual(vars(value));
  });
});
