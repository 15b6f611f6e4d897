import { ROUTES } from '@petti/shared/routes';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import type { PageId } from '../lib/i18n/en.ts';
import { RequireAuth } from './require-auth.tsx';
import { BootSplash, Root } from './root.tsx';
import { RouteError } from './route-error.tsx';
import type { RouteHandle } from './route-handle.ts';

/** Every layout and page is its own chunk, loaded when its route is first visited. */
type ModuleLoader = () => Promise<{ default: ComponentType }>;
const lazy = (load: ModuleLoader) => async () => ({ Component: (await load()).default });

function page(path: string, id: PageId, load: ModuleLoader, pageWith?: RouteHandle['pageWith']): RouteObject {
  const handle: RouteHandle = { page: id, ...(pageWith && { pageWith }) };
  return { path, handle, lazy: lazy(load) };
}

/** Main layout, sign-in required (docs/product.md#routes). */
const mainRoutes: RouteObject[] = [
  page(ROUTES.dashboard, 'dashboard', () => import('../features/bookings/pages/dashboard-page.tsx')),
  page(ROUTES.booking, 'booking', () => import('../features/bookings/pages/booking-page.tsx'), {
    param: 'booking',
    page: 'yourBooking',
  }),
  page(
    ROUTES.notifications,
    'notifications',
    () => import('../features/notifications/pages/notifications-page.tsx'),
  ),
  page(ROUTES.bookings, 'bookings', () => import('../features/payments/pages/payment-history-page.tsx')),
  page(ROUTES.myProfile, 'myProfile', () => import('../features/profile/pages/my-profile-page.tsx')),
  page(ROUTES.helpCenter, 'helpCenter', () => import('../features/help/pages/help-center-page.tsx')),
  page(ROUTES.chatBot, 'chatBot', () => import('../features/help/pages/chat-bot-page.tsx')),
  page(ROUTES.settings, 'settings', () => import('../features/settings/pages/settings-page.tsx')),
  page(ROUTES.subscription, 'subscription', () => import('../features/plans/pages/subscription-page.tsx')),
  page(ROUTES.subscribed, 'subscribed', () => import('../features/plans/pages/subscribed-page.tsx')),
];

/** Complex (marketplace) layout, sign-in required. */
const complexRoutes: RouteObject[] = [
  page(ROUTES.myComplex, 'myComplex', () => import('../features/complex/pages/my-complex-page.tsx')),
  // These four serve shops and the complex alike; app/routes/ picks the feature's page (docs/complex.md).
  page(ROUTES.categoryProducts, 'categoryProducts', () =>
    import('./routes/complex-aware-routes.tsx').then((m) => ({ default: m.CategoryRoute })),
  ),
  page(ROUTES.productDetails, 'productDetails', () => import('./routes/product-details-route.tsx')),
  page(ROUTES.sellProduct, 'sellProduct', () => import('../features/complex/pages/sell-product-page.tsx')),
  page(ROUTES.search, 'search', () =>
    import('./routes/complex-aware-routes.tsx').then((m) => ({ default: m.SearchRoute })),
  ),
  page(ROUTES.procced, 'procced', () => import('../features/cart/pages/proceed-page.tsx')),
  page(ROUTES.myOrders, 'myOrders', () => import('./routes/my-orders-route.tsx')),
  page(ROUTES.myOrder, 'myOrder', () => import('./routes/my-order-route.tsx')),
  page(ROUTES.myAddress, 'myAddress', () => import('../features/addresses/pages/my-address-page.tsx')),
  page(ROUTES.profile, 'profile', () => import('../features/profile/pages/profile-page.tsx')),
  page(ROUTES.myCart, 'myCart', () => import('../features/cart/pages/my-cart-page.tsx')),
  page(ROUTES.grabAndGo, 'grabAndGo', () => import('../features/grab-and-go/pages/grab-and-go-page.tsx')),
  page(
    ROUTES.grabProductDetails,
    'grabProductDetails',
    () => import('../features/grab-and-go/pages/grab-product-details-page.tsx'),
  ),
  page(ROUTES.grabPass, 'grabPass', () => import('../features/grab-and-go/pages/grab-pass-page.tsx')),
  page(ROUTES.curbside, 'curbside', () => import('../features/orders/pages/curbside-page.tsx')),
];

/** The shop's own layout, sign-in required; the server checks membership (docs/shops.md). */
const shopRoutes: RouteObject[] = [
  page(ROUTES.shops, 'shops', () => import('../features/shops/pages/shops-page.tsx')),
  page(ROUTES.shopBoard, 'shopBoard', () => import('../features/shops/pages/shop-board-page.tsx')),
  page(ROUTES.shopPeople, 'shopPeople', () => import('../features/shops/pages/shop-people-page.tsx')),
  page(ROUTES.shopStock, 'shopStock', () => import('../features/shops/pages/shop-stock-page.tsx')),
  page(ROUTES.shopSettings, 'shopSettings', () => import('../features/shops/pages/shop-settings-page.tsx')),
  page(ROUTES.shopMoney, 'shopMoney', () => import('../features/shops/pages/shop-money-page.tsx')),
  page(ROUTES.grabStaff, 'grabStaff', () => import('../features/grab-and-go/pages/grab-staff-page.tsx')),
  page(ROUTES.operator, 'operator', () => import('../features/shops/pages/operator-page.tsx')),
  page(
    ROUTES.operatorLockers,
    'operatorLockers',
    () => import('../features/shops/pages/locker-network-page.tsx'),
  ),
  page(ROUTES.operatorMoney, 'operatorMoney', () => import('../features/shops/pages/money-checks-page.tsx')),
];

/** Seller layout, public. */
const sellerRoutes: RouteObject[] = [
  page(ROUTES.becomeSeller, 'becomeSeller', () => import('../features/sellers/pages/become-seller-page.tsx')),
  page(
    ROUTES.sellerLandingPage,
    'sellerLandingPage',
    () => import('../features/sellers/pages/seller-landing-page.tsx'),
  ),
  page(ROUTES.thanksPage, 'thanksPage', () => import('../features/sellers/pages/thanks-page.tsx')),
];

/** Auth layout, public (sign-in, legal pages, pricing, email verification). */
const authRoutes: RouteObject[] = [
  page(ROUTES.login, 'login', () => import('../features/auth/pages/login-page.tsx')),
  page(ROUTES.otp, 'otp', () => import('../features/auth/pages/otp-page.tsx')),
  page(ROUTES.register, 'register', () => import('../features/auth/pages/register-page.tsx')),
  page(
    ROUTES.privacyPolicy,
    'privacyPolicy',
    () => import('../features/legal/pages/privacy-policy-page.tsx'),
  ),
  page(
    ROUTES.termsConditions,
    'termsConditions',
    () => import('../features/legal/pages/terms-conditions-page.tsx'),
  ),
  page(
    ROUTES.shippingPolicy,
    'shippingPolicy',
    () => import('../features/legal/pages/shipping-policy-page.tsx'),
  ),
  page(ROUTES.pricing, 'pricing', () => import('../features/plans/pages/pricing-page.tsx')),
  page(
    ROUTES.emailVerification,
    'emailVerification',
    () => import('../features/auth/pages/email-verification-page.tsx'),
  ),
];

export const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: BootSplash,
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect(ROUTES.dashboard) },
      {
        Component: RequireAuth,
        children: [
          { lazy: lazy(() => import('./layouts/main-layout.tsx')), children: mainRoutes },
          { lazy: lazy(() => import('./layouts/complex-layout.tsx')), children: complexRoutes },
          { lazy: lazy(() => import('./layouts/shop-layout.tsx')), children: shopRoutes },
        ],
      },
      { lazy: lazy(() => import('./layouts/seller-layout.tsx')), children: sellerRoutes },
      { lazy: lazy(() => import('./layouts/auth-layout.tsx')), children: authRoutes },
      {
        path: '*',
        handle: { page: 'notFound' } satisfies RouteHandle,
        lazy: lazy(() => import('./not-found-page.tsx')),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
