import { ROUTES } from '@petti/shared/routes';
import { generatePath } from 'react-router';

/**
 * `/Search/:id` and `/categoryProducts/:id` serve the complex too (docs/complex.md#buying): the complex's
 * search is `/Search/<complex id>?in=complex`, a category of its listings `/categoryProducts/<category>?in=complex`.
 */
export const IN_COMPLEX = 'complex';

export function complexSearchPath(complexId: string, query: { q?: string; categoryId?: string }): string {
  if (query.categoryId && !query.q)
    return `${generatePath(ROUTES.categoryProducts, { id: query.categoryId })}?in=${IN_COMPLEX}`;
  const params = new URLSearchParams({ in: IN_COMPLEX });
  if (query.q) params.set('q', query.q);
  if (query.categoryId) params.set('categoryId', query.categoryId);
  return `${generatePath(ROUTES.search, { id: complexId })}?${params}`;
}
