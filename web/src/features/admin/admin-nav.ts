import type { ComponentType } from 'react';
import { NewOrdersBadge } from './orders/components/new-orders-badge.tsx';

/** The back office's sections, in the order the navigation shows them. */
export interface AdminSection {
  to: string;
  label: string;
  /** Shown beside the label, e.g. the live count of new orders. */
  Badge?: ComponentType;
  /** Staff accounts and settings are the owner's (BACKOFFICE.md "Who"). */
  ownerOnly?: boolean;
}

export const adminSections: AdminSection[] = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/orders', label: 'Orders', Badge: NewOrdersBadge },
  { to: '/admin/returns', label: 'Returns' },
  { to: '/admin/deliveries', label: 'Deliveries' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/stock', label: 'Stock' },
  { to: '/admin/import', label: 'Import & export' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/promotions', label: 'Promotions' },
  { to: '/admin/reviews', label: 'Reviews' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/newsletter', label: 'Newsletter' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/staff', label: 'Staff', ownerOnly: true },
  { to: '/admin/security', label: 'Security' },
  { to: '/admin/settings', label: 'Settings', ownerOnly: true },
];
