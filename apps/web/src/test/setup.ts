import { afterAll } from 'vitest';

// The cart copies itself to the server on a timer started when its module loads; a timer firing after
// a page test's window is gone would fail the run, so each test file ends by stopping it.
afterAll(async () => {
  if (typeof window === 'undefined') return;
  const { stopCartMirror } = await import('../lib/cart/cart.ts');
  stopCartMirror();
});
