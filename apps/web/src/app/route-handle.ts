import { useMatches } from 'react-router';
import type { PageId } from '../lib/i18n/en.ts';

/** What each route in router.tsx declares in its `handle`. */
export interface RouteHandle {
  page?: PageId;
}

/** The page id of the deepest matched route that declares one. */
export function useCurrentPage(): PageId | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const page = (matches[i]?.handle as RouteHandle | undefined)?.page;
    if (page) return page;
  }
  return undefined;
}
