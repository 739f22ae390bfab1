import {
  adminMessages,
  chargesBeforeShippingMinor,
  effectivePrice,
  formatMoney,
  majorToMinor,
  minorToMajor,
  returnMessages,
  returnTransitions,
  returnWindowEnds,
  shopCurrency,
  wasPaid,
  type AdminReturn,
  type AdminReturnList,
  type AdminReturnQuery,
  type OrderRestock,
  type Return,
  type ReturnActionResponse,
  type ReturnList,
  type ReturnRefundRequest,
  type ReturnRequest,
  type ReturnStatusRequest,
  type StoreCharges,
  type StoreContact,
} from '@threadline/contracts';
import { adminList } from '../../admin-list.ts';
import type { DatabaseHandle, DbExecutor } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AdminOrdersService } from '../admin-orders/admin-orders.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { InventoryService } from '../inventory/inventory.service.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import type { ExchangeLine, OrderViewer, OrdersService } from '../orders/orders.service.ts';
import { returnEmail, type ReturnStep } from './return-email.ts';
import type { AdminReturnRow, ReturnItemRow, ReturnRow, ReturnsRepository } from './returns.repository.ts';

export interface ReturnsDependencies {
  database: DatabaseHandle;
  repository: ReturnsRepository;
  orders: OrdersService;
  adminOrders: AdminOrdersService;
  inventory: Pick<InventoryService, 'restockReturned' | 'isShortfall'>;
  audit: AuditService;
  mailer: Mailer;
  links: OrderLinks;
  /** The store's details as the owner set them when an e-mail is written (settings). */
  storeContact: () => Promise<StoreContact>;
  /** The shop's charges now (its tax), which price an exchange's order. */
  charges: () => Promise<StoreCharges>;
  /** Tells every process these products' stock changed (their summaries and cached answers follow). */
  productsChanged: (productIds: number[]) => Promise<void>;
  log: (message: string, error: unknown) => void;
  publicUrl: string;
}

const jmd = (cents: number) => formatMoney(minorToMajor(cents), shopCurrency);
const paidLeft = (order: { total: number; refunded_total: number; payment_status: Parameters<typeof wasPaid>[0] }) =>
  wasPaid(order.payment_status) ? Math.max(order.total - order.refunded_total, 0) : 0;

/** What a return's units were bought for (minor units). */
const returnedWorth = (items: readonly Pick<ReturnItemRow, 'unit_price' | 'quantity'>[]) =>
  items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);

/** What the audit log keeps of a return: its state, not its lines. */
const auditState = (row: Pick<ReturnRow, 'status' | 'refunded_amount'>) => ({
  status: row.status,
  refunded: minorToMajor(row.refunded_amount),
});

/** Lines asked once each: a line named twice is the caller's mistake. */
function once<Line>(lines: readonly Line[], id: (line: Line) => number): void {
  const ids = lines.map(id);
  if (new Set(ids).size !== ids.length) throw badRequest(returnMessages.itemTwice);
}

/**
 * Returns and exchanges (KINGSTON.md §7): asked by the order's owner within 14 days of its delivery,
 * moved on by staff (each move audited and e-mailed), refunded and exchanged through the orders'
 * own paths. What is counted against an order's lines is counted under the order's row lock.
 */
export function createReturnsService(deps: ReturnsDependencies) {
  const { database, repository, orders, adminOrders, inventory, audit } = deps;

  type ExchangeOrderRow = Awaited<ReturnType<ReturnsRepository['exchangeOrders']>>[number];

  const view = (row: ReturnRow, orderNumber: string, items: readonly ReturnItemRow[], exchange: ExchangeOrderRow | undefined): Return => ({
    id: row.id,
    return_number: row.return_number,
    order_id: row.order_id,
    order_number: orderNumber,
    status: row.status,
    resolution: row.resolution,
    items: items.map((item) => ({
      id: item.id,
      order_item_id: item.order_item_id,
      product_name: item.product_name,
      size: item.size,
      color: item.color,
      quantity: item.quantity,
      reason: item.reason,
      unit_price: minorToMajor(item.unit_price),
      restocked_quantity: item.restocked_quantity,
    })),
    exchange_for: items.flatMap((item) =>
      item.exchange_variant_id === null
        ? []
        : [
            {
              order_item_id: item.order_item_id,
              variant_size: item.exchange_size,
              variant_color: item.exchange_color,
              quantity: item.quantity,
            },
          ],
    ),
    note: row.note,
    refunded_amount: minorToMajor(row.refunded_amount),
    exchange_order: exchange
      ? {
          id: exchange.id,
          order_number: exchange.order_number,
          total: minorToMajor(exchange.total),
          payment_status: exchange.payment_status,
        }
      : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  });

  /** Returns as their customer sees them, with one query each for all their lines and exchange orders. */
  async function views<Row extends ReturnRow & { order_number: string }>(rows: Row[]): Promise<{ row: Row; shown: Return }[]> {
    const [items, exchanges] = await Promise.all([
      repository.itemsOf(rows.map((row) => row.id)),
      repository.exchangeOrders(rows.flatMap((row) => (row.exchange_order_id === null ? [] : [row.exchange_order_id]))),
    ]);
    return rows.map((row) => ({
      row,
      shown: view(
        row,
        row.order_number,
        items.filter((item) => item.return_id === row.id),
        exchanges.find((order) => order.id === row.exchange_order_id),
      ),
    }));
  }

  /** Returns as staff see them: with their customer and what is left to refund of their order. */
  async function adminViews(rows: AdminReturnRow[]): Promise<AdminReturn[]> {
    return (await views(rows)).map(({ row, shown }) => ({
      ...shown,
      email: row.email,
      customer_name: `${row.first_name} ${row.last_name}`.trim(),
      refundable_amount: minorToMajor(
        paidLeft({ total: row.order_total, refunded_total: row.order_refunded_total, payment_status: row.order_payment_status }),
      ),
      staff_note: row.staff_note,
    }));
  }

  async function adminReturn(id: number): Promise<AdminReturn> {
    const row = await repository.adminRow(id);
    const [shown] = row ? await adminViews([row]) : [];
    if (!shown) throw notFound(returnMessages.notFound);
    return shown;
  }

  async function requireReturn(id: number, executor?: DbExecutor): Promise<ReturnRow> {
    const row = await repository.find(id, executor);
    if (!row) throw notFound(returnMessages.notFound);
    return row;
  }

  /** The customer's e-mail of a step, sent once the step is committed; a mail server that fails is logged, the step stands. */
  async function tell(shown: AdminReturn, step: ReturnStep): Promise<void> {
    try {
      const link = `${deps.publicUrl}/order-confirmation/${shown.order_id}?token=${deps.links.token(shown.order_id)}`;
      await deps.mailer.send({
        to: shown.email,
        ...returnEmail(shown, step, shown.staff_note, shown.customer_name, link, await deps.storeContact()),
      });
    } catch (error) {
      deps.log(`could not send the ${step} e-mail of return ${shown.return_number}`, error);
    }
  }

  /** The refresher and caches follow the stock the products got back, in every process. */
  async function stockChanged(productIds: (number | null)[]): Promise<void> {
    const ids = [...new Set(productIds.filter((id): id is number => id !== null))];
    if (ids.length === 0) return;
    try {
      await deps.productsChanged(ids);
    } catch (error) {
      deps.log('could not announce the stock a return brought back', error);
    }
  }

  /**
   * Puts units of an order's lines back in stock as `return` movements, in the caller's transaction
   * under the order's lock: never more of a line than was bought less what returns and earlier
   * restocks hold (409 naming the line). Recorded as the order's restocks, audited.
   */
  async function restockWithRefund(staff: StaffMember, orderId: number, restock: OrderRestock, trx: DbExecutor): Promise<void> {
    once(restock, (line) => line.order_item_id);
    await orders.lockedOrder(orderId, trx);
    const lines = await repository.orderLines(orderId, trx);
    const held = await repository.heldUnits(orderId, trx);
    for (const wanted of restock) {
      const line = lines.find((each) => each.id === wanted.order_item_id);
      if (!line) throw badRequest(returnMessages.itemNotInOrder);
      const left = line.quantity - (held.get(line.id) ?? 0);
      if (wanted.quantity > left) throw conflict(returnMessages.orderRestockTooMany(line.product_name, Math.max(left, 0)));
    }
    const now = new Date().toISOString();
    await repository.insertOrderRestocks(
      restock.map((wanted) => ({
        order_id: orderId,
        order_item_id: wanted.order_item_id,
        quantity: wanted.quantity,
        staff_id: staff.id,
        created_at: now,
      })),
      trx,
    );
    await inventory.restockReturned(
      restock.flatMap((wanted) => {
        const variantId = lines.find((line) => line.id === wanted.order_item_id)?.variant_id ?? null;
        return variantId === null ? [] : [{ variantId, quantity: wanted.quantity }];
      }),
      orderId,
      trx,
    );
    await audit.record(staff, { action: 'restock', entity: 'order', entityId: orderId, before: null, after: { restock } }, trx);
  }

  /** The replacement of each exchanged line, checked now: sold in that size and colour, and in stock. */
  async function replacementsOf(request: ReturnRequest, lines: Awaited<ReturnType<ReturnsRepository['orderLines']>>) {
    const found = new Map<number, { variantId: number; size: string | null; color: string | null }>();
    for (const wanted of request.exchange_for) {
      const line = lines.find((each) => each.id === wanted.order_item_id);
      const quantity = request.items.find((item) => item.order_item_id === wanted.order_item_id)?.quantity ?? 0;
      if (!line || line.product_id === null) throw badRequest(returnMessages.itemNotInOrder);
      const variant = await repository.replacementVariant(line.product_id, wanted.variant_size, wanted.variant_color);
      if (!variant) throw badRequest(returnMessages.variantNotFound);
      if (variant.stock < quantity) throw conflict(returnMessages.variantOutOfStock);
      found.set(line.id, { variantId: variant.id, size: variant.size, color: variant.color });
    }
    return found;
  }

  return {
    restockWithRefund,

    /** The order's returns, for whoever may see the order (its owner, or the holder of its e-mail's link). */
    async list(viewer: OrderViewer, orderId: number, token: string | undefined): Promise<ReturnList> {
      const order = await orders.linkedOrder(viewer, orderId, token);
      const rows = await repository.ofOrder(order.id);
      const shown = await views(rows.map((row) => ({ ...row, order_number: order.order_number })));
      return { results: shown.map((entry) => entry.shown) };
    },

    /**
     * A return asked by whoever may see the order, within `returnLimits.windowDays` of its delivery.
     * Under the order's lock (PostgreSQL's row lock; SQLite's write transaction): the units already
     * held by its other returns are read, and no two requests together return more than was bought.
     */
    async request(viewer: OrderViewer, orderId: number, token: string | undefined, input: ReturnRequest): Promise<Return> {
      const seen = await orders.linkedOrder(viewer, orderId, token);
      const lines = await repository.orderLines(seen.id);
      for (const item of input.items) {
        if (!lines.some((line) => line.id === item.order_item_id)) throw badRequest(returnMessages.itemNotInOrder);
      }
      const replacements = await replacementsOf(input, lines);
      const id = await database.writeTransaction(async (trx) => {
        const order = await orders.lockedOrder(seen.id, trx);
        const deliveredAt = order.status === 'delivered' ? await orders.deliveredAt(order.id, trx) : null;
        if (deliveredAt === null) throw conflict(returnMessages.notDelivered);
        if (Date.now() > returnWindowEnds(deliveredAt).getTime()) throw conflict(returnMessages.windowClosed);
        const held = await repository.heldUnits(order.id, trx);
        for (const item of input.items) {
          const line = lines.find((each) => each.id === item.order_item_id);
          const left = (line?.quantity ?? 0) - (held.get(item.order_item_id) ?? 0);
          if (item.quantity > left) throw conflict(returnMessages.tooMany(line?.product_name ?? '', Math.max(left, 0)));
        }
        const now = new Date().toISOString();
        return repository.insert(
          {
            order_id: order.id,
            // Counted under the order's lock, so two returns of an order never draw the same number.
            return_number: `R-${order.order_number}-${(await repository.countOf(order.id, trx)) + 1}`,
            status: 'requested',
            resolution: input.resolution,
            note: input.note,
            exchange_order_id: null,
            created_at: now,
            updated_at: now,
          },
          input.items.map((item) => {
            const replacement = replacements.get(item.order_item_id);
            return {
              order_item_id: item.order_item_id,
              quantity: item.quantity,
              reason: item.reason,
              exchange_variant_id: replacement?.variantId ?? null,
              exchange_size: replacement?.size ?? null,
              exchange_color: replacement?.color ?? null,
            };
          }),
          trx,
        );
      });
      const shown = await adminReturn(id);
      await tell(shown, 'requested');
      const { email: _email, customer_name: _name, refundable_amount: _left, staff_note: _note, ...customerView } = shown;
      return customerView;
    },

    async adminList(query: AdminReturnQuery): Promise<AdminReturnList> {
      const { rows, count } = await repository.adminPage(query);
      return adminList('/api/admin/returns/', query, count, await adminViews(rows));
    },

    /**
     * Staff move a return on (KINGSTON.md §7): requested → approved or rejected, approved → received,
     * where `restock` puts units of its lines back in stock (never more than each line returned) as
     * `return` movements. The move is guarded by the status read under the order's lock: of two staff
     * at once one moves it, the other is refused (409). Audited, and told to the customer.
     */
    async changeStatus(staff: StaffMember, id: number, request: ReturnStatusRequest): Promise<ReturnActionResponse> {
      once(request.restock, (line) => line.return_item_id);
      if (request.restock.length > 0 && request.status !== 'received') throw badRequest(returnMessages.restockOnlyWhenReceived);
      const restocked = await database.writeTransaction(async (trx) => {
        const found = await requireReturn(id, trx);
        await orders.lockedOrder(found.order_id, trx);
        const current = await requireReturn(id, trx);
        if (!returnTransitions[current.status].includes(request.status))
          throw conflict(returnMessages.illegalTransition(current.status, request.status));
        const items = await repository.itemsOf([id], trx);
        const lines = request.restock.map((wanted) => {
          const item = items.find((each) => each.id === wanted.return_item_id);
          if (!item) throw badRequest(returnMessages.restockItemNotInReturn);
          if (wanted.quantity > item.quantity) throw badRequest(returnMessages.restockTooMany);
          return { item, quantity: wanted.quantity };
        });
        if (!(await repository.move(id, current.status, request.status, request.note, trx)))
          throw conflict(returnMessages.illegalTransition(current.status, request.status));
        for (const { item, quantity } of lines) await repository.setRestocked(item.id, quantity, trx);
        const back = lines.flatMap(({ item, quantity }) =>
          item.variant_id === null || quantity === 0 ? [] : [{ variantId: item.variant_id, quantity, productId: item.product_id }],
        );
        if (back.length > 0) await inventory.restockReturned(back, current.order_id, trx);
        await audit.record(
          staff,
          {
            action: 'status',
            entity: 'return',
            entityId: id,
            before: auditState(current),
            after: {
              ...auditState({ ...current, status: request.status }),
              note: request.note,
              restock: lines.map(({ item, quantity }) => ({ return_item_id: item.id, quantity })),
            },
          },
          trx,
        );
        return back.map((line) => line.productId);
      });
      await stockChanged(restocked);
      const shown = await adminReturn(id);
      await tell(shown, request.status);
      return { return: shown, notice: null };
    },

    /**
     * A received refund-return's money back through the order's refund path: `amount`, or what its
     * units were bought for, never beyond what was paid less refunds (the order's guarded
     * reservation). The return moves to refunded in the transaction that writes the refund down, so
     * of two staff at once one refunds; a refusal by the card provider leaves it received.
     */
    async refund(staff: StaffMember, id: number, request: ReturnRefundRequest): Promise<ReturnActionResponse> {
      const found = await requireReturn(id);
      if (found.resolution !== 'refund' || found.status !== 'received') throw conflict(returnMessages.refundOnlyReceivedRefund);
      const order = await orders.staffOrder(found.order_id);
      const left = paidLeft(order);
      if (left === 0)
        throw conflict(wasPaid(order.payment_status) ? returnMessages.refundTooMuch(jmd(0)) : adminMessages.refundNothingPaid);
      const items = await repository.itemsOf([id]);
      const worth = returnedWorth(items);
      const amount = request.amount === undefined ? Math.min(worth, left) : majorToMinor(request.amount);
      if (amount > left) throw conflict(returnMessages.refundTooMuch(jmd(left)));
      const outcome = await adminOrders.refundAlongside(
        staff,
        found.order_id,
        amount,
        `Return ${found.return_number}`,
        found.return_number,
        async (trx) => {
          if (!(await repository.settleRefund(id, amount, trx))) throw conflict(returnMessages.refundOnlyReceivedRefund);
          await audit.record(
            staff,
            {
              action: 'refund',
              entity: 'return',
              entityId: id,
              before: auditState(found),
              after: auditState({ status: 'refunded', refunded_amount: found.refunded_amount + amount }),
            },
            trx,
          );
        },
      );
      if ('refused' in outcome) {
        await database.writeTransaction((trx) => repository.unsettleRefund(id, amount, trx));
        throw conflict(outcome.refused);
      }
      return { return: await adminReturn(id), notice: outcome.notice };
    },

    /**
     * A received exchange-return becomes its new order (`source: exchange`) for the replacement
     * variants at today's prices, what the returned units were bought for taken off. Costing more,
     * that order waits for the difference, paid from the order's page; costing less, the difference
     * is refunded through the order's refund path, written down in the same transaction as the new
     * order and the move to exchanged, so it is given once. Of two staff at once one exchanges.
     */
    async exchange(staff: StaffMember, id: number): Promise<ReturnActionResponse> {
      const found = await requireReturn(id);
      if (found.resolution !== 'exchange' || found.status !== 'received') throw conflict(returnMessages.exchangeOnlyReceivedExchange);
      const [items, order, charges] = await Promise.all([repository.itemsOf([id]), orders.staffOrder(found.order_id), deps.charges()]);
      const lines: ExchangeLine[] = [];
      for (const item of items) {
        if (item.exchange_variant_id === null) continue;
        const variant = await repository.replacementVariant(item.product_id ?? 0, item.exchange_size, item.exchange_color);
        if (!variant) throw conflict(returnMessages.variantNotFound);
        lines.push({
          productId: variant.product_id,
          variantId: variant.id,
          productName: variant.name,
          productImage: item.product_image,
          size: variant.size,
          color: variant.color,
          quantity: item.quantity,
          unitPrice: effectivePrice(variant.price, variant.sale_price),
        });
      }
      const credit = returnedWorth(items);
      const replacing = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
      // Costing less: the difference as the customer paid for goods (with the tax when it was added on top), within what is left.
      const owed = credit > replacing ? Math.min(chargesBeforeShippingMinor(charges, credit - replacing).total, paidLeft(order)) : 0;

      const exchangeWithin = async (trx: DbExecutor) => {
        await orders.lockedOrder(found.order_id, trx);
        if (!(await repository.move(id, 'received', 'exchanged', null, trx))) throw conflict(returnMessages.exchangeOnlyReceivedExchange);
        const placed = await orders.placeExchange(order, lines, credit, charges, trx);
        await repository.recordExchange(id, placed.id, owed, trx);
        await audit.record(
          staff,
          {
            action: 'exchange',
            entity: 'return',
            entityId: id,
            before: auditState(found),
            after: {
              status: 'exchanged',
              exchange_order: placed.order_number,
              due: minorToMajor(placed.total),
              refunded: minorToMajor(owed),
            },
          },
          trx,
        );
      };

      let notice: string | null = null;
      try {
        if (owed > 0) {
          const outcome = await adminOrders.refundAlongside(
            staff,
            found.order_id,
            owed,
            `Exchange of return ${found.return_number}`,
            found.return_number,
            exchangeWithin,
          );
          // The exchange stands: staff give the difference back from the order's page.
          notice = 'refused' in outcome ? outcome.refused : outcome.notice;
        } else {
          await database.writeTransaction(exchangeWithin);
        }
      } catch (error) {
        if (inventory.isShortfall(error)) throw conflict(returnMessages.variantOutOfStock);
        throw error;
      }
      await stockChanged(lines.map((line) => line.productId));
      const shown = await adminReturn(id);
      await tell(shown, 'exchanged');
      return { return: shown, notice };
    },

    adminReturn,
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
