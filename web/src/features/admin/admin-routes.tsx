import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The back office's screens under /admin; each is its own chunk, loaded when first opened. */
export interface AdminRoute {
  /** Relative to /admin. */
  path: string;
  Page: LazyExoticComponent<ComponentType>;
}

export const adminRoutes: AdminRoute[] = [
  { path: 'audit', Page: lazy(() => import('./pages/audit-page.tsx').then((m) => ({ default: m.AuditPage }))) },
  { path: 'import', Page: lazy(() => import('./import/pages/import-page.tsx').then((m) => ({ default: m.ImportPage }))) },
];

/** Where /admin itself leads. */
export const adminHome = '/admin/audit';
