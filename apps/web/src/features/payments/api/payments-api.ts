import type { PaymentDetail, PaymentFilterName, PaymentList } from '@petti/shared/schemas/payments';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The payment history (GET /api/payments) and one receipt. Keys start with 'payments'. */

export function usePaymentHistory(filter: PaymentFilterName) {
  return useInfiniteQuery({
    queryKey: ['payments', 'list', filter],
    queryFn: ({ pageParam, signal }) =>
      api.get<PaymentList>('/payments', { query: { purpose: filter, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export function usePayment(id: string | null) {
  return useQuery({
    queryKey: ['payments', 'detail', id ?? ''],
    queryFn: ({ signal }) => api.get<PaymentDetail>(`/payments/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}
