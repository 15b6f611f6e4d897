import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('gives 128 random bits as 32 hex digits, never the same twice, across many pools of bytes', () => {
    const ids = Array.from({ length: 2_000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every hex digit turns up in every position: the bytes are random, not a counter.
    for (let i = 0; i < 32; i++) expect(new Set(ids.map((id) => id[i])).size).toBe(16);
  });
});
