import type { StockSort, StockView } from '@petti/shared/rules/shop-catalog';
import type { Product } from '@petti/shared/schemas/catalog';
import type { MoneyCheck, MoneyChecks } from '@petti/shared/schemas/money-checks';
import type {
  DeadTimer,
  LockerOpening,
  LockerServiceAnswer,
  OpsLocker,
  OpsSite,
  SiteServiceAnswer,
} from '@petti/shared/schemas/ops';
import type {
  NewProductInput,
  PackChangeBody,
  ProductChangeBody,
  ShopProductPage,
} from '@petti/shared/schemas/shop-catalog';
import type { ShopMoney } from '@petti/shared/schemas/shop-money';
import type { PayoutAccount, PayoutAccountBody, ShopPayouts } from '@petti/shared/schemas/shop-payouts';
import type { ShopSettings, ShopSettingsBody } from '@petti/shared/schemas/shop-settings';
import type {
  AddShopMemberBody,
  RejectReason,
  SellerApplicationView,
  ShopBoardLane,
  ShopMember,
  ShopOrder,
  ShopOrderList,
  ShopOrderStep,
} from '@petti/shared/schemas/shops';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The shop's side of the API (docs/shops.md), as queries and calls. */

const enc = encodeURIComponent;
const base = (shopId: string) => `/shops/${enc(shopId)}`;

export function useShopLane(shopId: string, lane: ShopBoardLane) {
  return useQuery({
    queryKey: ['shops', shopId, 'orders', lane],
    queryFn: ({ signal }) =>
      api.get<ShopOrderList>(`${base(shopId)}/orders`, { signal, query: { lane, pageSize: 50 } }),
    // The board is also refreshed by every live event; this catches what a dropped connection missed.
    refetchInterval: 60_000,
  });
}

export const acceptOrder = (shopId: string, id: string, prepMinutes: number) =>
  api.post<ShopOrder>(`${base(shopId)}/orders/${enc(id)}/accept`, { prepMinutes });

export const rejectOrder = (shopId: string, id: string, reason: RejectReason) =>
  api.post<ShopOrder>(`${base(shopId)}/orders/${enc(id)}/reject`, { reason });

export const stepOrder = (shopId: string, id: string, step: ShopOrderStep, body: { code?: string } = {}) =>
  api.post<ShopOrder>(`${base(shopId)}/orders/${enc(id)}/${step}`, body);

/** The photo taken at the door as proof of delivery (the file itself is the body). */
export const sendProofPhoto = (shopId: string, id: string, file: Blob) =>
  api.post<ShopOrder>(`${base(shopId)}/orders/${enc(id)}/proof-photo`, file, { timeoutMs: 60_000 });

/** An item is not there: (part of) a line marked missing; the buyer is refunded for it. */
export const markUnavailable = (shopId: string, id: string, vrntId: string, quantity: number) =>
  api.post<ShopOrder>(`${base(shopId)}/orders/${enc(id)}/items/${enc(vrntId)}/unavailable`, { quantity });

/** A substitute from the shop's own shelf, for the buyer to accept or decline. */
export const offerSubstitute = (
  shopId: string,
  id: string,
  vrntId: string,
  substituteVrntId: string,
  quantity: number,
) =>
  api.post<ShopOrder>(`${base(shopId)}/orders/${enc(id)}/items/${enc(vrntId)}/substitute`, {
    substituteVrntId,
    quantity,
  });

export function useShopMembers(shopId: string) {
  return useQuery({
    queryKey: ['shops', shopId, 'members'],
    queryFn: async ({ signal }) =>
      (await api.get<{ members: ShopMember[] }>(`${base(shopId)}/members`, { signal })).members,
  });
}

export const addShopMember = (shopId: string, body: AddShopMemberBody) =>
  api.post<ShopMember>(`${base(shopId)}/members`, body);

export const removeShopMember = (shopId: string, phone: string) =>
  api.delete<void>(`${base(shopId)}/members/${enc(phone)}`);

export function useSellerApplications() {
  return useQuery({
    queryKey: ['shops', 'operator', 'applications'],
    queryFn: async ({ signal }) =>
      (await api.get<{ applications: SellerApplicationView[] }>('/operator/seller-applications', { signal }))
        .applications,
  });
}

export const decideApplication = (id: string, decision: 'approve' | 'refuse') =>
  api.post<SellerApplicationView>(`/operator/seller-applications/${enc(id)}/${decision}`, {});

/**
 * The locker network for the operators' console (docs/lockers.md#operators): read again at once when the
 * server says it changed (`lockerNetworkChanged`, locker-network-page.tsx), and every 30 s in case that
 * word was missed (the live connection down).
 */
export function useLockerSites() {
  return useQuery({
    queryKey: ['operator', 'locker-sites'],
    queryFn: async ({ signal }) =>
      (await api.get<{ sites: OpsSite[] }>('/operator/locker-sites', { signal })).sites,
    refetchInterval: 30_000,
  });
}

export function useSiteLockers(siteId: string | null) {
  return useQuery({
    queryKey: ['operator', 'lockers', siteId],
    queryFn: async ({ signal }) =>
      (await api.get<{ lockers: OpsLocker[] }>('/operator/lockers', { signal, query: { siteId: siteId! } }))
        .lockers,
    enabled: siteId !== null,
    refetchInterval: 30_000,
  });
}

/** Out of service (its bookings not yet opened move, or are refunded) or back in. */
export const setLockerService = (lockerId: string, inService: boolean) =>
  api.put<LockerServiceAnswer>(`/operator/lockers/${enc(lockerId)}/service`, { inService });

/** Every locker of a site out of service (bookings not yet opened refunded) or back in. */
export const setSiteService = (siteId: string, inService: boolean) =>
  api.put<SiteServiceAnswer>(`/operator/locker-sites/${enc(siteId)}/service`, { inService });

/** An operator reopens a keypad that wrong PINs paused or closed; the wrong PINs before now stop counting. */
export const reopenKeypad = (siteId: string) =>
  api.post<{ keypad: OpsSite['keypad'] }>(`/operator/locker-sites/${enc(siteId)}/keypad/reopen`, {});

/** An operator opens a door from afar, saying why; the door's report completes it. */
export const openLocker = (lockerId: string, reason: string) =>
  api.post<{ commandId: string; status: 'waiting' }>(`/operator/lockers/${enc(lockerId)}/open`, { reason });

/** The locker's last openings, newest first (keypad, app, operators). */
export function useLockerOpenings(lockerId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['operator', 'openings', lockerId],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ openings: LockerOpening[] }>(`/operator/lockers/${enc(lockerId)}/openings`, {
          signal,
        })
      ).openings,
    enabled,
    // A door asked to open reports within seconds (or the command fails after 30): watch until it has.
    refetchInterval: (query) => (query.state.data?.some((o) => o.state === 'sent') ? 2000 : false),
  });
}

/** Timers set aside after failing too often (a refund the provider kept refusing, say). */
export function useDeadTimers() {
  return useQuery({
    queryKey: ['operator', 'dead-timers'],
    queryFn: async ({ signal }) =>
      (await api.get<{ timers: DeadTimer[] }>('/operator/timers/dead', { signal })).timers,
    refetchInterval: 60_000,
  });
}

/** Puts a dead timer back: due now, its attempts counted afresh. */
export const retryTimer = (id: string) => api.post<DeadTimer>(`/operator/timers/${enc(id)}/retry`, {});

/** Money that does not add up (docs/payments.md#money-checks); read again every minute. */
export const moneyChecksKey = ['operator', 'money-checks'] as const;
export function useMoneyChecks() {
  return useQuery({
    queryKey: moneyChecksKey,
    queryFn: ({ signal }) => api.get<MoneyChecks>('/operator/money-checks', { signal }),
    refetchInterval: 60_000,
  });
}

/** Runs every check of the books now; answers what is open after it. */
export const runMoneyChecks = () => api.post<MoneyChecks>('/operator/money-checks/run', {});

/** Marks a held provider fact as dealt with. */
export const clearMoneyCheck = (id: string) =>
  api.post<MoneyCheck>(`/operator/money-checks/${enc(id)}/clear`, {});

/** The shop's products by name, or by a pack's barcode (docs/shops.md#stock-and-catalogue). */
/** What the stock screen asks for: a name or a barcode (or neither: every product), a view, an order. */
export interface ShopProductsAsked {
  q?: string;
  barcode?: string;
  stock: StockView;
  sort: StockSort;
}

/** The shop's products page by page, for "Show more" (GET /api/shops/:shopId/products). */
export function useShopProducts(shopId: string, asked: ShopProductsAsked) {
  return useInfiniteQuery({
    queryKey: ['shops', shopId, 'products', asked],
    queryFn: ({ signal, pageParam }) =>
      api.get<ShopProductPage>(`${base(shopId)}/products`, {
        signal,
        query: {
          ...(asked.barcode ? { barcode: asked.barcode } : asked.q ? { q: asked.q } : {}),
          stock: asked.stock,
          sort: asked.sort,
          page: String(pageParam),
        },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export const changePack = (shopId: string, vrntId: string, body: PackChangeBody) =>
  api.patch<{ product: Product }>(`${base(shopId)}/variants/${enc(vrntId)}`, body);

export const changeProduct = (shopId: string, productId: string, body: ProductChangeBody) =>
  api.patch<{ product: Product }>(`${base(shopId)}/products/${enc(productId)}`, body);

export const createProduct = (shopId: string, body: NewProductInput) =>
  api.post<{ product: Product }>(`${base(shopId)}/products`, body);

/** The product's photo, taken in the app (the file itself is the body). */
export const sendProductPhoto = (shopId: string, productId: string, file: Blob) =>
  api.post<{ product: Product }>(`${base(shopId)}/products/${enc(productId)}/photo`, file, {
    timeoutMs: 60_000,
  });

/** Hours per weekday, holidays, ways offered, range, GSTIN and FSSAI (docs/shops.md#hours-and-holidays). */
export function useShopSettings(shopId: string) {
  return useQuery({
    queryKey: ['shops', shopId, 'settings'],
    queryFn: ({ signal }) => api.get<ShopSettings>(`${base(shopId)}/settings`, { signal }),
  });
}

export const saveShopSettings = (shopId: string, body: ShopSettingsBody) =>
  api.put<ShopSettings>(`${base(shopId)}/settings`, body);

export const setClosedToday = (shopId: string, closed: boolean) =>
  api.put<ShopSettings>(`${base(shopId)}/closed-today`, { closed });

/** The owner's money: orders paid between two town dates (docs/shops.md#money). */
export function useShopMoney(shopId: string, span: { from: string; to: string }) {
  return useQuery({
    queryKey: ['shops', shopId, 'money', span],
    queryFn: ({ signal }) => api.get<ShopMoney>(`${base(shopId)}/money`, { signal, query: span }),
  });
}

/** The same span as a CSV file's text. */
export const shopMoneyCsv = (shopId: string, span: { from: string; to: string }) =>
  api.get<string>(`${base(shopId)}/money.csv`, { query: span });

/** The shop's bank account and each order's transfer to it (docs/shops.md#settlement). */
export function useShopPayouts(shopId: string, span: { from: string; to: string }) {
  return useQuery({
    queryKey: ['shops', shopId, 'payouts', span],
    queryFn: ({ signal }) => api.get<ShopPayouts>(`${base(shopId)}/payouts`, { signal, query: span }),
  });
}

export const linkPayoutAccount = (shopId: string, body: PayoutAccountBody) =>
  api.put<PayoutAccount>(`${base(shopId)}/payout-account`, body);
