import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { HomeResponse, ProductDetailResponse } from '@threadline/contracts';
import { homeQueryOptions } from '@/features/catalog/api/get-home.ts';
import { ServerErrorPage } from '@/features/errors/pages/server-error-page.tsx';
import { productQueryOptions } from '@/features/product/api/get-product.ts';
import { takePageData } from '@/lib/page-data.ts';
import { AppLoading, AppShell } from './app-shell.tsx';
import { MinimalLayout } from './layouts/minimal-layout.tsx';
import { StoreLayout } from './layouts/store-layout.tsx';
import { RootErrorBoundary } from './root-error-boundary.tsx';

/**
 * Loaders of the pages whose largest paint waits for their data: they fill the page's query from the
 * answer the server put into the HTML on a first visit, or else start it while the page's chunk
 * downloads, instead of after the page has rendered. They fill the cache under the page's
 * own query options and wait for nothing, so navigation is not held up and the page still shows its
 * loading, empty and error states from its own query (a failed prefetch is simply asked again).
 * The shop has none: its URL parsing and infinite query would bring the catalogue contract's
 * schemas into the entry chunk. It reads the first page the server put into its HTML itself
 * (`useShop`), and otherwise asks once its chunk has loaded.
 */
function prefetchLoaders(queryClient: QueryClient) {
  return {
    home: () => {
      const answer = takePageData<HomeResponse>('/api/home/');
      if (answer) queryClient.setQueryData(homeQueryOptions.queryKey, answer);
      else void queryClient.prefetchQuery(homeQueryOptions);
      return null;
    },
    product: ({ params }: LoaderFunctionArgs) => {
      const options = productQueryOptions(params.id ?? '');
      const answer = takePageData<ProductDetailResponse>(`/api/product/${params.id ?? ''}/`);
      if (answer) queryClient.setQueryData(options.queryKey, answer);
      else void queryClient.prefetchQuery(options);
      return null;
    },
  };
}

/** The route table of SPEC §2; each page is its own lazily loaded chunk. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const loaders = prefetchLoaders(queryClient);
  return [
    {
      Component: AppShell,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: AppLoading,
      children: [
        {
          Component: StoreLayout,
          children: [
            {
              index: true,
              loader: loaders.home,
              lazy: () => import('@/features/catalog/pages/home-page.tsx').then((m) => ({ Component: m.HomePage })),
            },
            {
              path: 'shop',
              lazy: () => import('@/features/catalog/pages/shop-page.tsx').then((m) => ({ Component: m.ShopPage })),
            },
            {
              path: 'shop/category/:categorySlug',
              lazy: () => import('@/features/catalog/pages/shop-page.tsx').then((m) => ({ Component: m.ShopPage })),
            },
            {
              path: 'product/:id',
              loader: loaders.product,
              lazy: () => import('@/features/product/pages/product-page.tsx').then((m) => ({ Component: m.ProductPage })),
            },
            {
              path: 'contact',
              lazy: () => import('@/features/content/pages/contact-page.tsx').then((m) => ({ Component: m.ContactPage })),
            },
            {
              path: 'categories',
              lazy: () =>
                import('@/features/catalog/pages/categories-page.tsx').then((m) => ({ Component: m.CategoriesPage })),
            },
            {
              path: 'categories/:slug',
              lazy: () =>
                import('@/features/catalog/pages/category-page.tsx').then((m) => ({ Component: m.CategoryPage })),
            },
            // Account pages wrap themselves in RequireSignIn: a guest signs in and comes back (SPEC §6).
            {
              path: 'profile',
              lazy: () => import('@/features/account/pages/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
            },
            {
              path: 'orders',
              lazy: () => import('@/features/account/pages/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })),
            },
            {
              path: 'addresses',
              lazy: () =>
                import('@/features/account/pages/addresses-page.tsx').then((m) => ({ Component: m.AddressesPage })),
            },
            {
              path: 'wishlist',
              lazy: () =>
                import('@/features/account/pages/wishlist-page.tsx').then((m) => ({ Component: m.WishlistPage })),
            },
            {
              path: 'settings',
              lazy: () =>
                import('@/features/account/pages/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
            },
            {
              path: 'forgot-password',
              lazy: () =>
                import('@/features/auth/pages/forgot-password-page.tsx').then((m) => ({
                  Component: m.ForgotPasswordPage,
                })),
            },
            {
              path: 'reset-password',
              lazy: () =>
                import('@/features/auth/pages/reset-password-page.tsx').then((m) => ({
                  Component: m.ResetPasswordPage,
                })),
            },
            {
              path: 'legal',
              lazy: () => import('@/features/content/pages/legal-page.tsx').then((m) => ({ Component: m.LegalPage })),
            },
            {
              path: 'cart',
              lazy: () => import('@/features/cart/pages/cart-page.tsx').then((m) => ({ Component: m.CartPage })),
            },
            {
              path: 'checkout',
              lazy: () =>
                import('@/features/checkout/pages/checkout-page.tsx').then((m) => ({ Component: m.CheckoutPage })),
            },
            {
              path: 'auth/:provider/callback',
              lazy: () =>
                import('@/features/auth/pages/auth-callback-page.tsx').then((m) => ({ Component: m.AuthCallbackPage })),
            },
            {
              path: '403',
              lazy: () =>
                import('@/features/errors/pages/forbidden-page.tsx').then((m) => ({ Component: m.ForbiddenPage })),
            },
            // Bundled with the app anyway for the error boundary, so a lazy import would gain nothing.
            { path: '500', Component: ServerErrorPage },
            {
              path: '*',
              lazy: () =>
                import('@/features/errors/pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
            },
          ],
        },
        {
          Component: MinimalLayout,
          children: [
            {
              path: 'signin',
              lazy: () => import('@/features/auth/pages/sign-in-page.tsx').then((m) => ({ Component: m.SignInPage })),
            },
            {
              path: 'signup',
              lazy: () => import('@/features/auth/pages/sign-up-page.tsx').then((m) => ({ Component: m.SignUpPage })),
            },
            {
              path: 'payment/:orderId',
              lazy: () => import('@/features/payment/pages/payment-page.tsx').then((m) => ({ Component: m.PaymentPage })),
            },
            {
              path: 'order-confirmation/:orderId',
              lazy: () =>
                import('@/features/payment/pages/order-confirmation-page.tsx').then((m) => ({
                  Component: m.OrderConfirmationPage,
                })),
            },
          ],
        },
      ],
    },
  ];
}
