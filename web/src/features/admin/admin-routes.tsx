import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The back office's screens under /admin; each is its own chunk, loaded when first opened. */
export interface AdminRoute {
  /** Relative to /admin. */
  path: string;
  Page: LazyExoticComponent<ComponentType>;
}

export const adminRoutes: AdminRoute[] = [
  { path: 'audit', Page: lazy(() => import('./pages/audit-page.tsx').then((m) => ({ default: m.AuditPage }))) },
  { path: 'products', Page: lazy(() => import('./products/pages/products-page.tsx').then((m) => ({ default: m.ProductsPage }))) },
  { path: 'products/new', Page: lazy(() => import('./products/pages/new-product-page.tsx').then((m) => ({ default: m.NewProductPage }))) },
  { path: 'products/:id', Page: lazy(() => import('./products/pages/product-page.tsx').then((m) => ({ default: m.ProductPage }))) },
  { path: 'categories', Page: lazy(() => import('./categories/pages/categories-page.tsx').then((m) => ({ default: m.CategoriesPage }))) },
];

/** Where /admin itself leads: the products, what staff look after most. */
export const adminHome = '/admin/products';
