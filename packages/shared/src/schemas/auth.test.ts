import { describe, expect, it } from 'vitest';
import { emailSchema } from './auth.ts';

describe('the e-mail rule', () => {
  it.each(['a@b-.example.com', 'a@-b.example.com', 'a@', 'a b@example.com'])('refuses %s', (email) => {
    expect(emailSchema.safeParse(email).success).toBe(false);
  });
  it.each(['someone@example.com', 'a.b+c@mail.sivakasi-shops.in'])('takes %s', (email) => {
    expect(emailSchema.safeParse(email).success).toBe(true);
  });
});
