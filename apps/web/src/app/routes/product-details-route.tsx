import { isListingId } from '@petti/shared/schemas/complex';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { BootSplash } from '../root.tsx';

const ProductDetails = lazy(() => import('../../features/catalog/pages/product-details-page.tsx'));
const ListingDetails = lazy(() => import('../../features/complex/pages/listing-page.tsx'));

/** `/productDetails/:id`: a shop's product, or a neighbour's listing (ids `cl-…`, docs/complex.md#buying). */
export default function ProductDetailsRoute() {
  const { id = '' } = useParams();
  return (
    <Suspense fallback={<BootSplash />}>{isListingId(id) ? <ListingDetails /> : <ProductDetails />}</Suspense>
  );
}
