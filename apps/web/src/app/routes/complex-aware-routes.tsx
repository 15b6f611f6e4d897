import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { BootSplash } from '../root.tsx';

const CatalogSearch = lazy(() => import('../../features/catalog/pages/search-page.tsx'));
const CatalogCategory = lazy(() => import('../../features/catalog/pages/category-products-page.tsx'));
const ComplexSearch = lazy(() => import('../../features/complex/pages/complex-search-page.tsx'));

/** `?in=complex` marks the complex's own search and categories (features/complex/complex-paths.ts). */
const useInComplex = () => useSearchParams()[0].get('in') === 'complex';

/** `/Search/:id`: a shop's products or all shops', or (`?in=complex`) the listings of my complex. */
export function SearchRoute() {
  const inComplex = useInComplex();
  return (
    <Suspense fallback={<BootSplash />}>
      {inComplex ? <ComplexSearch by="search" /> : <CatalogSearch />}
    </Suspense>
  );
}

/** `/categoryProducts/:id`: shops' products of a category, or (`?in=complex`) my neighbours' listings of it. */
export function CategoryRoute() {
  const inComplex = useInComplex();
  return (
    <Suspense fallback={<BootSplash />}>
      {inComplex ? <ComplexSearch by="category" /> : <CatalogCategory />}
    </Suspense>
  );
}
