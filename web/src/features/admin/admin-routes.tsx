import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The back office's screens under /admin; each is its own chunk, loaded when first opened. */
export interface AdminRoute {
  /** Relative to /admin. */
  path: string;
  Page: LazyExoticComponent<ComponentType>;
}

export const adminRoutes: AdminRoute[] = [
  { path: 'orders', Page: lazy(() => import('./orders/pages/orders-page.tsx').then((m) => ({ default: m.OrdersPage }))) },
  { path: 'orders/:id', Page: lazy(() => import('./orders/pages/order-page.tsx').then((m) => ({ default: m.OrderPage }))) },
  { path: 'orders/:id/packing-slip', Page: lazy(() => import('./orders/pages/packing-slip-page.tsx').then((m) => ({ default: m.PackingSlipPage }))) },
  { path: 'audit', Page: lazy(() => import('./pages/audit-page.tsx').then((m) => ({ default: m.AuditPage }))) },
];

/** Where /admin itself leads. */
export const adminHome = '/admin/audit';
