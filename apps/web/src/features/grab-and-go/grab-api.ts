import type {
  ExitPassCheck,
  GrabAndGoItem,
  GrabCheckoutBody,
  GrabPurchase,
} from '@petti/shared/schemas/grab';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Grab-and-go's own routes (docs/grab-and-go.md); shops and products come from lib/shop. */

export function checkoutGrab(body: GrabCheckoutBody): Promise<GrabPurchase> {
  return api.post<GrabPurchase>('/grab/checkout', body);
}

export function usePurchase(id: string | undefined) {
  return useQuery({
    queryKey: ['grab', 'purchase', id],
    queryFn: ({ signal }) => api.get<GrabPurchase>(`/grab/purchases/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

export function usePurchases() {
  return useQuery({
    queryKey: ['grab', 'purchases'],
    queryFn: async ({ signal }) =>
      (await api.get<{ purchases: GrabPurchase[] }>('/grab/purchases', { signal })).purchases,
  });
}

export function useGrabAndGoItems() {
  return useQuery({
    queryKey: ['grab', 'items'],
    queryFn: async ({ signal }) =>
      (await api.get<{ grabAndGoItems: GrabAndGoItem[] }>('/grab/items', { signal })).grabAndGoItems,
  });
}

/** The staff check at a shop's door, by someone who works there (docs/shops.md#roles). */
export function checkExitPass(shopId: string, pass: string): Promise<ExitPassCheck> {
  return api.post<ExitPassCheck>(`/shops/${encodeURIComponent(shopId)}/exit-checks`, { pass });
}
