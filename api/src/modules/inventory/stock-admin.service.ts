import {
  stockMessages,
  type AdminList,
  type AdminPageQuery,
  type StockAdjustment,
  type StockListQuery,
  type StockMovement,
  type StockMovementKind,
  type StockRow,
} from '@threadline/contracts';
import { adminList, pageWindow } from '../../admin-list.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { conflict, notFound } from '../../errors.ts';
import type { ShopChanges } from '../../plugins/shop-changes.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { InventoryRepository } from './inventory.repository.ts';
import { variantStockChange } from './product-stock.ts';
import type { ProductStockRepository } from './product-stock.repository.ts';

/** What a movement that is no adjustment says for itself. */
const kindReasons: Record<StockMovementKind, string> = {
  seed: 'Opening stock',
  initial: 'Opening stock',
  restock: 'Restock',
  order: 'Ordered',
  order_cancelled: 'Order cancelled',
  adjustment: 'Adjusted',
  import: 'Set by a catalogue import',
  retired: 'Variant retired',
  return: 'Returned by the customer',
};

export interface StockAdminDependencies {
  database: DatabaseHandle;
  repository: InventoryRepository;
  productStock: ProductStockRepository;
  audit: AuditService;
  changes: ShopChanges;
}

/** The back office's side of stock: the stock page, a variant's movements, and staff adjustments. */
export function createStockAdminService({ database, repository, productStock, audit, changes }: StockAdminDependencies) {
  return {
    /**
     * Adds or takes units, with the staff's reason, as one guarded update and its movement in one
     * transaction: a change that would take the stock below 0 changes nothing (409), also when an
     * order takes the same units at the same moment (the update is the check).
     */
    async adjust(staff: StaffMember, variantId: number, { change, reason }: StockAdjustment): Promise<{ stock: number }> {
      const { stock, product_id: productId } = await database.writeTransaction(async (trx) => {
        const adjusted = await repository.adjust(variantId, change, trx);
        if (!adjusted) {
          const variant = await repository.variant(variantId, trx);
          if (!variant) throw notFound(stockMessages.variantNotFound);
          throw conflict(stockMessages.belowZero(variant.stock, change));
        }
        await repository.recordAdjustment(variantId, change, staff.id, reason, trx);
        await productStock.follow([variantStockChange(adjusted, change)], trx);
        await audit.record(
          staff,
          {
            action: 'stock_adjust',
            entity: 'variant',
            entityId: variantId,
            before: { stock: adjusted.stock - change },
            after: { stock: adjusted.stock, change, reason },
          },
          trx,
        );
        return adjusted;
      });
      await changes.publish('catalog', [productId]);
      return { stock };
    },

    async movements(variantId: number, query: AdminPageQuery): Promise<AdminList<StockMovement>> {
      if (!(await repository.variant(variantId))) throw notFound(stockMessages.variantNotFound);
      const { limit, offset } = pageWindow(query);
      const { rows, count } = await repository.movements(variantId, limit, offset);
      const results = rows.map((row) => ({
        id: row.id,
        change: row.delta,
        kind: row.reason,
        reason: row.note || kindReasons[row.reason],
        order_id: row.order_id,
        order_number: row.order_number,
        staff: row.staff_id === null ? null : { id: row.staff_id, email: row.staff_email ?? '' },
        created_at: row.created_at,
      }));
      return adminList(`/api/admin/variants/${variantId}/movements/`, query, count, results);
    },

    async list(query: StockListQuery): Promise<AdminList<StockRow>> {
      const { limit, offset } = pageWindow(query);
      const { rows, count } = await repository.stockList(query, limit, offset);
      const results = rows.map((row) => ({
        id: row.id,
        product: { id: row.product_id, name: row.product_name, status: row.product_status },
        size: row.size,
        color: row.color,
        sku: row.sku,
        stock: row.stock,
      }));
      return adminList('/api/admin/stock/', query, count, results);
    },
  };
}

export type StockAdminService = ReturnType<typeof createStockAdminService>;
