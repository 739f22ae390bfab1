import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { HomeResponse, ProductDetailResponse } from '@threadline/contracts';
import { homeQueryOptions } from '@/features/catalog/api/get-home.ts';
import { productQueryOptions } from '@/features/product/api/get-product.ts';
import { loadPageQuery } from '@/lib/server-render.ts';
import { AppLoading, AppShell } from './app-shell.tsx';
import { NotFoundPage, ServerErrorPage } from './error-pages.tsx';
import { NotFoundBoundary } from './not-found-boundary.tsx';
import { notFoundPage, serverRendered } from './page-state.ts';
import { MinimalLayout } from './layouts/minimal-layout.tsx';
import { StoreFrame, StoreLayout } from './layouts/store-layout.tsx';
import { RootErrorBoundary } from './root-error-boundary.tsx';

/** Loaders of the storefront pages whose largest paint waits for their data (see `loadPageQuery`). */
function pageLoaders(queryClient: QueryClient) {
  return {
    home: ({ context }: LoaderFunctionArgs) =>
      loadPageQuery<HomeResponse>(context, {
        apiPath: '/api/home/',
        store: (answer) => queryClient.setQueryData(homeQueryOptions.queryKey, answer),
        prefetch: () => void queryClient.prefetchQuery(homeQueryOptions),
      }),
    product: ({ params, context }: LoaderFunctionArgs) => {
      const options = productQueryOptions(params.id ?? '');
      return loadPageQuery<ProductDetailResponse>(context, {
        apiPath: `/api/product/${encodeURIComponent(params.id ?? '')}/`,
        store: (answer) => queryClient.setQueryData(options.queryKey, answer),
        // Asked again on every visit in the app, the answer kept meanwhile: a product deleted or
        // unpublished since it was last seen shows the not-found page, never its old answer.
        prefetch: () => void queryClient.prefetchQuery({ ...options, staleTime: 0 }),
        // 400: the path's id is no product id at all (/product/abc, one beyond the ids' range).
        namesNothing: ({ status }) => status === 404 || status === 400,
      });
    },
  };
}

/** The route table of SPEC §2; each page is its own lazily loaded chunk. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const loaders = pageLoaders(queryClient);
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
              handle: serverRendered,
              loader: loaders.home,
              lazy: () => import('@/features/catalog/pages/home-page.tsx').then((m) => ({ Component: m.HomePage })),
            },
            {
              path: 'shop',
              handle: serverRendered,
              lazy: () =>
                import('@/features/catalog/pages/shop-page.tsx').then((m) => ({
                  Component: m.ShopPage,
                  loader: m.shopPageLoader(queryClient),
                })),
            },
            {
              path: 'shop/category/:categorySlug',
              handle: serverRendered,
              ErrorBoundary: NotFoundBoundary,
              lazy: () =>
                import('@/features/catalog/pages/shop-page.tsx').then((m) => ({
                  Component: m.ShopPage,
                  loader: m.shopPageLoader(queryClient),
                })),
            },
            {
              path: 'product/:id',
              handle: serverRendered,
              ErrorBoundary: NotFoundBoundary,
              loader: loaders.product,
              lazy: () => import('@/features/product/pages/product-page.tsx').then((m) => ({ Component: m.ProductPage })),
            },
            {
              path: 'contact',
              lazy: () => import('@/features/content/pages/contact-page.tsx').then((m) => ({ Component: m.ContactPage })),
            },
            {
              path: 'categories',
              handle: serverRendered,
              lazy: () => import('@/features/catalog/pages/categories-page.tsx').then((m) => ({ Component: m.CategoriesPage })),
            },
            {
              path: 'categories/:slug',
              handle: serverRendered,
              ErrorBoundary: NotFoundBoundary,
              lazy: () =>
                import('@/features/catalog/pages/category-page.tsx').then((m) => ({
                  Component: m.CategoryPage,
                  loader: m.categoryPageLoader(queryClient),
                })),
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
              lazy: () => import('@/features/account/pages/addresses-page.tsx').then((m) => ({ Component: m.AddressesPage })),
            },
            {
              path: 'wishlist',
              lazy: () => import('@/features/account/pages/wishlist-page.tsx').then((m) => ({ Component: m.WishlistPage })),
            },
            {
              path: 'settings',
              lazy: () => import('@/features/account/pages/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
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
              path: 'newsletter/unsubscribe',
              lazy: () =>
                import('@/features/content/pages/newsletter-unsubscribe-page.tsx').then((m) => ({
                  Component: m.NewsletterUnsubscribePage,
                })),
            },
            {
              path: 'cart',
              lazy: () => import('@/features/cart/pages/cart-page.tsx').then((m) => ({ Component: m.CartPage })),
            },
            {
              path: 'cart/shared/:token',
              lazy: () => import('@/features/cart/pages/shared-cart-page.tsx').then((m) => ({ Component: m.SharedCartPage })),
            },
            {
              path: 'checkout',
              lazy: () => import('@/features/checkout/pages/checkout-page.tsx').then((m) => ({ Component: m.CheckoutPage })),
            },
            {
              path: 'auth/:provider/callback',
              lazy: () => import('@/features/auth/pages/auth-callback-page.tsx').then((m) => ({ Component: m.AuthCallbackPage })),
            },
            {
              path: '403',
              lazy: () => import('@/features/errors/pages/forbidden-page.tsx').then((m) => ({ Component: m.ForbiddenPage })),
            },
            // The error boundaries' pages, which load their code when shown (error-pages.tsx).
            { path: '500', Component: ServerErrorPage },
            { path: '*', handle: notFoundPage, Component: NotFoundPage },
          ],
        },
        {
          // The back office: its own frame and route tree, in chunks no storefront page loads.
          path: 'admin/*',
          lazy: () =>
            Promise.all([import('@/features/admin/admin-app.tsx'), import('@/features/errors/pages/forbidden-page.tsx')]).then(
              ([admin, errors]) => ({
                Component: () => (
                  <admin.AdminApp
                    forbidden={
                      <StoreFrame>
                        <errors.ForbiddenPage />
                      </StoreFrame>
                    }
                  />
                ),
              }),
            ),
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
