import { describe, expect, it } from 'vitest';
import { asCopy, renderFirstScreens } from './first-screen.ts';

describe('screens drawn at build time', () => {
  it('are the app’s own screens in each language: signed out, and signed in before any data', async () => {
    const drawn = await renderFirstScreens({
      root: new URL('..', import.meta.url).pathname,
      languages: ['en', 'ta'],
      screens: [
        { path: '/login', ready: '[data-testid="page-login"]', signedIn: false },
        { path: '/dashboard', ready: '[data-testid="page-dashboard"]', signedIn: true },
      ],
    });
    expect(drawn.markup['/login']?.en).toContain(
      'Sign in with your mobile number and a one-time code sent by SMS.',
    );
    expect(drawn.markup['/login']?.ta).toContain('உள்நுழை');
    const dashboard = drawn.markup['/dashboard']?.en ?? '';
    expect(dashboard).toContain('Your lockers, your plan and nearby shops at a glance.');
    // Waiting for data: skeletons, and no word of live updates being down (the socket never opened).
    expect(dashboard).toContain('skeleton');
    expect(dashboard).not.toContain('live-indicator');
    for (const screens of Object.values(drawn.markup))
      for (const markup of Object.values(screens)) expect(markup).not.toContain('data-testid');
    // What the app asks for as it draws each screen: the page asks for it early (src/lib/early-requests.ts).
    expect(drawn.requests['/login']).toEqual([]);
    expect(drawn.requests['/dashboard']).toEqual(
      expect.arrayContaining(['/api/bookings?period=recent', '/api/locker-locations']),
    );
    for (const url of drawn.requests['/dashboard'] ?? []) expect(url).not.toContain('first-screen');
  }, 60_000);

  it('carry no test handles, so tests find the app’s elements and never the copy', () => {
    expect(asCopy('<p data-testid="a" class="b">x</p><i data-testid="c"></i>')).toBe(
      '<p class="b">x</p><i></i>',
    );
  });
});
