import { describe, expect, it } from 'vitest';
import { ART_PATH, artHexcode, artPathOf } from './art.ts';

describe('art pictures', () => {
  it('names a single emoji by its code point', () => {
    expect(artHexcode('🛒')).toBe('1F6D2');
    expect(artPathOf('🥛')).toBe('/art/1F95B.svg');
  });

  it('drops the variation selector of a lone emoji', () => {
    expect(artHexcode('🖨️')).toBe('1F5A8');
    expect(artHexcode('✏️')).toBe('270F');
  });

  it('keeps every code point of a joined sequence', () => {
    expect(artHexcode('🧑‍🌾')).toBe('1F9D1-200D-1F33E');
  });

  it('accepts only bundled picture paths', () => {
    expect(ART_PATH.test('/art/1F35A.svg')).toBe(true);
    expect(ART_PATH.test('/art/1F9D1-200D-1F33E.svg')).toBe(true);
    expect(ART_PATH.test('/art/../package.json')).toBe(false);
    expect(ART_PATH.test('/art/1f35a.svg')).toBe(false);
    expect(ART_PATH.test('https://example.com/art/1F35A.svg')).toBe(false);
  });
});
