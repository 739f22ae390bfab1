import type { Insertable, Selectable } from 'kysely';
import { closedReturnStatuses, type AdminReturnQuery, type ReturnStatus } from '@threadline/contracts';
import { pageWindow } from '../../admin-list.ts';
import type { DbExecutor } from '../../db/database.ts';
import type { OrderRestockTable, ReturnItemTable, ReturnTable } from '../../db/tables.ts';

export type ReturnRow = Selectable<ReturnTable>;
export type ReturnItemRow = Awaited<ReturnType<ReturnType<typeof createReturnsRepository>['itemsOf']>>[number];
export type AdminReturnRow = Awaited<ReturnType<ReturnType<typeof createReturnsRepository>['adminPage']>>['rows'][number];

const adminColumns = [
  'r.id',
  'r.order_id',
  'r.return_number',
  'r.status',
  'r.resolution',
  'r.note',
  'r.staff_note',
  'r.refunded_amount',
  'r.exchange_order_id',
  'r.created_at',
  'r.updated_at',
  'o.order_number',
  'o.email',
  'o.first_name',
  'o.last_name',
  'o.total as order_total',
  'o.refunded_total as order_refunded_total',
  'o.payment_status as order_payment_status',
] as const;

/** Returns, their lines and the units a refund restocked: SQL only (KINGSTON.md §7). */
export function createReturnsRepository(db: DbExecutor) {
  return {
    find: (id: number, executor: DbExecutor = db) => executor.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The order's returns, newest first. */
    ofOrder: (orderId: number, executor: DbExecutor = db) =>
      executor.selectFrom('returns').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute(),

    /** How many returns the order has had: the next one's number counts on from it. */
    async countOf(orderId: number, executor: DbExecutor = db): Promise<number> {
      const row = await executor
        .selectFrom('returns')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async insert(values: Insertable<ReturnTable>, items: Omit<Insertable<ReturnItemTable>, 'return_id'>[], executor: DbExecutor) {
      const { id } = await executor.insertInto('returns').values(values).returning('id').executeTakeFirstOrThrow();
      await executor
        .insertInto('return_items')
        .values(items.map((item) => ({ ...item, return_id: id })))
        .execute();
      return id;
    },

    /** The returns' lines with what their order lines say (name, options, price), in line order. */
    itemsOf: (returnIds: number[], executor: DbExecutor = db) =>
      returnIds.length === 0
        ? Promise.resolve([])
        : executor
            .selectFrom('return_items as ri')
            .innerJoin('order_items as oi', 'oi.id', 'ri.order_item_id')
            .select([
              'ri.id',
              'ri.return_id',
              'ri.order_item_id',
              'ri.quantity',
              'ri.reason',
              'ri.restocked_quantity',
              'ri.exchange_variant_id',
              'ri.exchange_size',
              'ri.exchange_color',
              'oi.product_id',
              'oi.variant_id',
              'oi.product_name',
              'oi.product_image',
              'oi.size',
              'oi.color',
              'oi.unit_price',
            ])
            .where('ri.return_id', 'in', returnIds)
            .orderBy('ri.return_id')
            .orderBy('ri.id')
            .execute(),

    /** The order's lines as bought: what a return and a restock are counted against. */
    orderLines: (orderId: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('order_items')
        .select(['id', 'product_id', 'variant_id', 'product_name', 'size', 'color', 'quantity', 'unit_price'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),

    /**
     * Units of each of the order's lines already spoken for: in its returns not rejected, and put back
     * in stock by a refund. Read under the order's lock, so no two requests count the same units.
     */
    async heldUnits(orderId: number, executor: DbExecutor): Promise<Map<number, number>> {
      // One after the other: on PostgreSQL the transaction is one connection.
      const returned = await executor
        .selectFrom('return_items as ri')
        .innerJoin('returns as r', 'r.id', 'ri.return_id')
        .select((eb) => ['ri.order_item_id', eb.fn.sum<number | string>('ri.quantity').as('units')])
        .where('r.order_id', '=', orderId)
        .where('r.status', 'not in', closedReturnStatuses)
        .groupBy('ri.order_item_id')
        .execute();
      const restocked = await executor
        .selectFrom('order_restocks')
        .select((eb) => ['order_item_id', eb.fn.sum<number | string>('quantity').as('units')])
        .where('order_id', '=', orderId)
        .groupBy('order_item_id')
        .execute();
      const held = new Map<number, number>();
      for (const row of [...returned, ...restocked]) held.set(row.order_item_id, (held.get(row.order_item_id) ?? 0) + Number(row.units));
      return held;
    },

    /** Moves a return on only from the status the caller read: false when another change came first. */
    async move(id: number, from: ReturnStatus, to: ReturnStatus, staffNote: string | null, executor: DbExecutor): Promise<boolean> {
      const moved = await executor
        .updateTable('returns')
        .set({ status: to, ...(staffNote === null ? {} : { staff_note: staffNote }), updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return moved.numUpdatedRows > 0n;
    },

    /** A received refund-return moves to refunded with what was given back, once (guarded by its status). */
    async settleRefund(id: number, amount: number, executor: DbExecutor): Promise<boolean> {
      const moved = await executor
        .updateTable('returns')
        .set((eb) => ({ status: 'refunded', refunded_amount: eb('refunded_amount', '+', amount), updated_at: new Date().toISOString() }))
        .where('id', '=', id)
        .where('status', '=', 'received')
        .executeTakeFirst();
      return moved.numUpdatedRows > 0n;
    },

    /** A refund the provider refused never happened: the return is received again. */
    async unsettleRefund(id: number, amount: number, executor: DbExecutor): Promise<void> {
      await executor
        .updateTable('returns')
        .set((eb) => ({ status: 'received', refunded_amount: eb('refunded_amount', '-', amount), updated_at: new Date().toISOString() }))
        .where('id', '=', id)
        .where('status', '=', 'refunded')
        .execute();
    },

    async recordExchange(id: number, exchangeOrderId: number, refunded: number, executor: DbExecutor): Promise<void> {
      await executor
        .updateTable('returns')
        .set((eb) => ({ exchange_order_id: exchangeOrderId, refunded_amount: eb('refunded_amount', '+', refunded) }))
        .where('id', '=', id)
        .execute();
    },

    async setRestocked(itemId: number, quantity: number, executor: DbExecutor): Promise<void> {
      await executor.updateTable('return_items').set({ restocked_quantity: quantity }).where('id', '=', itemId).execute();
    },

    async insertOrderRestocks(rows: Insertable<OrderRestockTable>[], executor: DbExecutor): Promise<void> {
      if (rows.length > 0) await executor.insertInto('order_restocks').values(rows).execute();
    },

    /** The variant of a product with these options, with what the product sells it for now; undefined when none is sold. */
    replacementVariant: (productId: number, size: string | null, color: string | null, executor: DbExecutor = db) =>
      executor
        .selectFrom('product_variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select(['v.id', 'v.product_id', 'v.size', 'v.color', 'v.stock', 'p.name', 'p.price', 'p.sale_price'])
        .where('v.product_id', '=', productId)
        .where('v.retired_at', 'is', null)
        .where('p.status', '=', 'active')
        .where((eb) => (size === null ? eb('v.size', 'is', null) : eb('v.size', '=', size)))
        .where((eb) => (color === null ? eb('v.color', 'is', null) : eb('v.color', '=', color)))
        .executeTakeFirst(),

    exchangeOrders: (orderIds: number[], executor: DbExecutor = db) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : executor.selectFrom('orders').select(['id', 'order_number', 'total', 'payment_status']).where('id', 'in', orderIds).execute(),

    /** A return with its order's customer and money, for staff. */
    adminRow: (id: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('returns as r')
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .select(adminColumns)
        .where('r.id', '=', id)
        .executeTakeFirst(),

    /** The back office's page of returns, newest first, of one status or all. */
    async adminPage(query: AdminReturnQuery, executor: DbExecutor = db) {
      const { limit, offset } = pageWindow(query);
      const filtered = executor
        .selectFrom('returns as r')
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .$call((select) => (query.status ? select.where('r.status', '=', query.status) : select));
      const [rows, counted] = await Promise.all([
        filtered.select(adminColumns).orderBy('r.id', 'desc').limit(limit).offset(offset).execute(),
        filtered.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirst(),
      ]);
      return { rows, count: Number(counted?.count ?? 0) };
    },
  };
}

export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;
