import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The back office's screens under /admin; each is its own chunk, loaded when first opened. */
export interface AdminRoute {
  /** Relative to /admin. */
  path: string;
  Page: LazyExoticComponent<ComponentType>;
}

export const adminRoutes: AdminRoute[] = [
  { path: 'dashboard', Page: lazy(() => import('./dashboard/pages/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage }))) },
  { path: 'settings', Page: lazy(() => import('./settings/pages/settings-page.tsx').then((m) => ({ default: m.SettingsPage }))) },
  { path: 'orders', Page: lazy(() => import('./orders/pages/orders-page.tsx').then((m) => ({ default: m.OrdersPage }))) },
  { path: 'orders/:id', Page: lazy(() => import('./orders/pages/order-page.tsx').then((m) => ({ default: m.OrderPage }))) },
  {
    path: 'orders/:id/packing-slip',
    Page: lazy(() => import('./orders/pages/packing-slip-page.tsx').then((m) => ({ default: m.PackingSlipPage }))),
  },
  { path: 'returns', Page: lazy(() => import('./returns/pages/returns-page.tsx').then((m) => ({ default: m.ReturnsPage }))) },
  { path: 'deliveries', Page: lazy(() => import('./deliveries/pages/deliveries-page.tsx').then((m) => ({ default: m.DeliveriesPage }))) },
  { path: 'audit', Page: lazy(() => import('./pages/audit-page.tsx').then((m) => ({ default: m.AuditPage }))) },
  { path: 'staff', Page: lazy(() => import('./staff/pages/staff-page.tsx').then((m) => ({ default: m.StaffPage }))) },
  { path: 'security', Page: lazy(() => import('./staff/pages/security-page.tsx').then((m) => ({ default: m.SecurityPage }))) },
  { path: 'import', Page: lazy(() => import('./import/pages/import-page.tsx').then((m) => ({ default: m.ImportPage }))) },
  { path: 'stock', Page: lazy(() => import('./stock/pages/stock-page.tsx').then((m) => ({ default: m.StockPage }))) },
  {
    path: 'products/:id/stock',
    Page: lazy(() => import('./stock/pages/product-stock-page.tsx').then((m) => ({ default: m.ProductStockPage }))),
  },
  {
    path: 'products/:id/pictures',
    Page: lazy(() => import('./pictures/pages/product-pictures-page.tsx').then((m) => ({ default: m.ProductPicturesPage }))),
  },
  { path: 'customers', Page: lazy(() => import('./people/pages/customers-page.tsx').then((m) => ({ default: m.CustomersPage }))) },
  { path: 'customers/:id', Page: lazy(() => import('./people/pages/customer-page.tsx').then((m) => ({ default: m.CustomerPage }))) },
  { path: 'promotions', Page: lazy(() => import('./people/pages/promotions-page.tsx').then((m) => ({ default: m.PromotionsPage }))) },
  {
    path: 'promotions/new',
    Page: lazy(() => import('./people/pages/promotion-edit-page.tsx').then((m) => ({ default: m.NewPromotionPage }))),
  },
  {
    path: 'promotions/:id',
    Page: lazy(() => import('./people/pages/promotion-edit-page.tsx').then((m) => ({ default: m.PromotionEditPage }))),
  },
  { path: 'reviews', Page: lazy(() => import('./reviews/pages/reviews-page.tsx').then((m) => ({ default: m.ReviewsPage }))) },
  { path: 'messages', Page: lazy(() => import('./people/pages/messages-page.tsx').then((m) => ({ default: m.MessagesPage }))) },
  { path: 'newsletter', Page: lazy(() => import('./people/pages/newsletter-page.tsx').then((m) => ({ default: m.NewsletterPage }))) },
  { path: 'products', Page: lazy(() => import('./products/pages/products-page.tsx').then((m) => ({ default: m.ProductsPage }))) },
  { path: 'products/new', Page: lazy(() => import('./products/pages/new-product-page.tsx').then((m) => ({ default: m.NewProductPage }))) },
  { path: 'products/:id', Page: lazy(() => import('./products/pages/product-page.tsx').then((m) => ({ default: m.ProductPage }))) },
  { path: 'categories', Page: lazy(() => import('./categories/pages/categories-page.tsx').then((m) => ({ default: m.CategoriesPage }))) },
];

/** Where a staff member without a second factor is sent while the shop requires one (ADMIN_REQUIRE_2FA). */
export const adminSecurityPath = '/admin/security';

/** Where /admin itself leads: the day's orders and takings, then what needs doing. */
export const adminHome = '/admin/dashboard';
