import type { ProductStatus } from '@threadline/contracts';

/**
 * A product's columns as written: `is_active`, the storefront's indexed flag, is always
 * status = 'active' (migration 0012). Every write of a product's status goes through here.
 */
export function withStorefrontFlag<Columns extends { status: ProductStatus }>(columns: Columns): Columns & { is_active: 0 | 1 } {
  return { ...columns, is_active: columns.status === 'active' ? 1 : 0 };
}
