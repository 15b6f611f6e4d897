import { ROUTES, type RouteName } from '@petti/shared/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from './require-auth.tsx';
import type { RouteHandle } from './route-handle.ts';
import { routes } from './router.tsx';

/** Public routes per docs/product.md#people-and-access: auth layout pages and seller pages. */
const PUBLIC: RouteName[] = [
  'becomeSeller',
  'sellerLandingPage',
  'thanksPage',
  'login',
  'otp',
  'register',
  'privacyPolicy',
  'termsConditions',
  'shippingPolicy',
  'pricing',
  'emailVerification',
];

/** A concrete URL for a route pattern: params filled in, optional segments dropped. */
function sample(pattern: string, keepOptional = false): string {
  return pattern
    .split('/')
    .filter((segment) => keepOptional || !segment.endsWith('?'))
    .map((segment) => (segment.startsWith(':') ? 'abc123' : segment))
    .join('/')
    .replace(/\?$/, '');
}

function resolve(url: string) {
  const matches = matchRoutes(routes, url) ?? [];
  const guarded = matches.some((m) => m.route.Component === RequireAuth);
  const page = [...matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.page);
  return { matches, guarded, page: (page?.route.handle as RouteHandle | undefined)?.page };
}

function allPaths(list: RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.path ? [r.path] : []), ...allPaths(r.children ?? [])]);
}

describe('route table', () => {
  it('declares every route of ROUTES exactly once, plus the catch-all', () => {
    const declared = allPaths(routes);
    expect(declared.sort()).toEqual([...Object.values(ROUTES), '*'].sort());
  });

  it.each(Object.entries(ROUTES) as [RouteName, string][])(
    '%s (%s) has its page and the right access',
    (name, pattern) => {
      const { guarded, page } = resolve(sample(pattern));
      expect(page).toBe(name);
      expect(guarded).toBe(!PUBLIC.includes(name));
    },
  );

  it('matches the optional id of /emailVerification/:id?', () => {
    expect(resolve('/emailVerification').page).toBe('emailVerification');
    expect(resolve(sample(ROUTES.emailVerification, true)).page).toBe('emailVerification');
  });

  it('keeps /Grab&Go literally', () => {
    expect(resolve('/Grab&Go').page).toBe('grabAndGo');
  });

  it('sends unknown paths to the not-found page, unguarded', () => {
    const { page, guarded } = resolve('/no/such/page');
    expect(page).toBe('notFound');
    expect(guarded).toBe(false);
  });

  it('redirects / to the dashboard', async () => {
    const { matches } = resolve('/');
    const index = matches.at(-1)!.route;
    expect(index.index).toBe(true);
    const loader = index.loader as () => Promise<Response> | Response;
    const response = await loader();
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(ROUTES.dashboard);
  });
});
