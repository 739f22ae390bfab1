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
  { path: 'audit', Page: lazy(() => import('./pages/audit-page.tsx').then((m) => ({ default: m.AuditPage }))) },
];

/** Where /admin itself leads. */
export const adminHome = '/admin/audit';
