import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The back office's screens under /admin; each is its own chunk, loaded when first opened. */
export interface AdminRoute {
  /** Relative to /admin. */
  path: string;
  Page: LazyExoticComponent<ComponentType>;
}

export const adminRoutes: AdminRoute[] = [
  { path: 'audit', Page: lazy(() => import('./pages/audit-page.tsx').then((m) => ({ default: m.AuditPage }))) },
  { path: 'customers', Page: lazy(() => import('./people/pages/customers-page.tsx').then((m) => ({ default: m.CustomersPage }))) },
  { path: 'customers/:id', Page: lazy(() => import('./people/pages/customer-page.tsx').then((m) => ({ default: m.CustomerPage }))) },
  { path: 'promotions', Page: lazy(() => import('./people/pages/promotions-page.tsx').then((m) => ({ default: m.PromotionsPage }))) },
  { path: 'promotions/new', Page: lazy(() => import('./people/pages/promotion-edit-page.tsx').then((m) => ({ default: m.NewPromotionPage }))) },
  { path: 'promotions/:id', Page: lazy(() => import('./people/pages/promotion-edit-page.tsx').then((m) => ({ default: m.PromotionEditPage }))) },
  { path: 'messages', Page: lazy(() => import('./people/pages/messages-page.tsx').then((m) => ({ default: m.MessagesPage }))) },
  { path: 'newsletter', Page: lazy(() => import('./people/pages/newsletter-page.tsx').then((m) => ({ default: m.NewsletterPage }))) },
];

/** Where /admin itself leads. */
export const adminHome = '/admin/audit';
