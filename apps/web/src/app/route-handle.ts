import { useLocation, useMatches } from 'react-router';
import type { PageId } from '../lib/i18n/en.ts';

/** What each route in router.tsx declares in its `handle`. */
export interface RouteHandle {
  page?: PageId;
  /**
   * The page it becomes with this query parameter: a booking form that, once booked, is the booking
   * (its heading says so too, in the page's PageIntro).
   */
  pageWith?: { param: string; page: PageId };
}

/** The page id of the deepest matched route that declares one. */
export function useCurrentPage(): PageId | undefined {
  const matches = useMatches();
  const { search } = useLocation();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.pageWith && new URLSearchParams(search).has(handle.pageWith.param))
      return handle.pageWith.page;
    if (handle?.page) return handle.page;
  }
  return undefined;
}
