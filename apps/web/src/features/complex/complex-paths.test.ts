import { describe, expect, it } from 'vitest';
import { complexSearchPath } from './complex-paths.ts';

describe('complexSearchPath', () => {
  it('searches the complex by words, marked as the complex’s own', () => {
    expect(complexSearchPath('sakthi-residency', { q: 'mango pickle' })).toBe(
      '/Search/sakthi-residency?in=complex&q=mango+pickle',
    );
  });
  it('opens a category of listings on /categoryProducts', () => {
    expect(complexSearchPath('sakthi-residency', { categoryId: 'household' })).toBe(
      '/categoryProducts/household?in=complex',
    );
  });
  it('keeps both when words narrow a category', () => {
    expect(complexSearchPath('x', { q: 'Bat', categoryId: 'household' })).toBe(
      '/Search/x?in=complex&q=Bat&categoryId=household',
    );
  });
});
