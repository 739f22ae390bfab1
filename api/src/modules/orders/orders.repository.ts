import { sql, type CompiledQuery, type Insertable, type QueryCreator, type Selectable, type SelectQueryBuilder } from 'kysely';
import { finishedOrderStatuses, jamaicaDate, type AdminOrderQuery } from '@threadline/contracts';
import { pageWindow } from '../../admin-list.ts';
import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';
import type {
  Database,
  DeliveryProofTable,
  OrderItemTable,
  OrderStatusHistoryTable,
  OrderTable,
  OrderUpdateEmailTable,
} from '../../db/tables.ts';
import { dayChange, type CountedOrder } from './order-days.ts';
import { nameKey, numberTailKey, searchedTail } from './order-names.ts';

export type OrderRow = Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['findById']>> & object;
export type StatusChangeRow = Selectable<OrderStatusHistoryTable>;
export type OrderUpdateEmailRow = Selectable<OrderUpdateEmailTable>;
export type OrderItemRow = Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['itemsOf']>>[number];
export type DeliveryProofRow = Selectable<DeliveryProofTable>;
export type ProofRow = Awaited<ReturnType<ReturnType<typeof createOrdersRepository>['proofsOf']>>[number];

/** An item of an order being placed: the order's id comes with the insert. */
export type NewOrderItem = Omit<Insertable<OrderItemTable>, 'order_id' | 'id'>;
// In the order `jsonb_to_recordset` reads them in `insertWithItems`.
const newItemColumns = [
  'product_id',
  'variant_id',
  'product_name',
  'product_image',
  'size',
  'color',
  'quantity',
  'unit_price',
  'line_total',
] as const;
const itemColumns = [
  'id',
  'order_id',
  'product_id',
  'product_name',
  'product_image',
  'quantity',
  'unit_price',
  'line_total',
  'size',
  'color',
] as const;

/** The shop's invoice numbers: `INV-` and at least six digits. */
const invoiceNumberOf = (number: number) => `INV-${String(number).padStart(6, '0')}`;

// Every checkout runs it.
const orderByIdempotencyKey = (db: DbExecutor, key: string) => db.selectFrom('orders').selectAll().where('idempotency_key', '=', key);

/** The first text after every text that starts with `prefix`: `prefix <= x < end` is a range an index serves. */
const prefixEnd = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/** The list's filters but the search, on one select of the orders table. */
type OrderFilterQuery = SelectQueryBuilder<Database, 'orders', object>;

function filterOrders(query: OrderFilterQuery, filters: AdminOrderQuery): OrderFilterQuery {
  let filtered = query;
  if (filters.status) filtered = filtered.where('status', '=', filters.status);
  if (filters.payment_status) filtered = filtered.where('payment_status', '=', filters.payment_status);
  if (filters.payment_method) filtered = filtered.where('payment_method', '=', filters.payment_method);
  if (filters.from) filtered = filtered.where('created_at', '>=', filters.from);
  if (filters.late === 'true') filtered = lateOnly(filtered);
  // `to` is a whole day: everything before the next midnight (UTC, as timestamps are kept).
  if (filters.to)
    filtered = filtered.where('created_at', '<', new Date(Date.parse(filters.to) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10));
  return filtered;
}

/** KINGSTON.md §3: past the promised date (Jamaica's today, as promises are made) and still on their way. */
const lateOnly = <Query extends OrderFilterQuery>(query: Query): Query =>
  query.where('promised_by', '<', jamaicaDate(new Date())).where('status', 'not in', finishedOrderStatuses) as Query;

/** The customer's name a search asks for (`nameKey`), or null for no search, an order number or an e-mail address. */
function searchedName(filters: AdminOrderQuery): string | null {
  const term = nameKey(filters.search ?? '');
  return term === '' || /^tl-/.test(term) || term.includes('@') || (searchedTail(term) !== null && /\d/.test(term)) ? null : term;
}

/**
 * The ids (and times) of the orders the list shows: an order number (or its start), an e-mail
 * address, or a name (or its start). Each search is a range on an index that also holds the time
 * and id (a name's, the filters too), so the matches are found from the index alone. A name is the
 * start of the order's 'first last' or of its 'last first' key (`orderNameKeys`): 'shanique thom'
 * is one range where it was the intersection of every Shanique with every Thom… (p99 71 ms at a
 * million orders). The two ranges are glued with UNION ALL, the second leaving out what the first
 * found (its index holds the other key for that): UNION sorted both ranges to merge them, twice
 * the work.
 */
function matchingOrders(db: DbExecutor, filters: AdminOrderQuery) {
  const base = () => filterOrders(db.selectFrom('orders'), filters).select(['id', 'created_at']);
  const term = nameKey(filters.search ?? '');
  if (term === '') return base();
  if (/^tl-/.test(term)) {
    const number = term.toUpperCase();
    return base().where('order_number', '>=', number).where('order_number', '<', prefixEnd(number));
  }
  if (term.includes('@')) return base().where(sql<string>`lower(email)`, '=', term);
  // The end of an order number ('K7P2Q', '9-K7P2Q'): with a digit in it, no name; letters only may be either.
  const tail = searchedTail(term);
  const byTail = (query: OrderFilterQuery) =>
    tail === null ? query : query.where('number_tail', '>=', tail).where('number_tail', '<', prefixEnd(tail));
  if (tail !== null && /\d/.test(term)) return byTail(filterOrders(db.selectFrom('orders'), filters)).select(['id', 'created_at']);
  const end = prefixEnd(term);
  const named = base()
    .where('name_first_last', '>=', term)
    .where('name_first_last', '<', end)
    .unionAll(
      base()
        .where('name_last_first', '>=', term)
        .where('name_last_first', '<', end)
        .where((eb) => eb.or([eb('name_first_last', '<', term), eb('name_first_last', '>=', end)])),
    );
  if (tail === null) return named;
  return named.unionAll(
    byTail(filterOrders(db.selectFrom('orders'), filters))
      .select(['id', 'created_at'])
      .where((eb) => eb.or([eb('name_first_last', '<', term), eb('name_first_last', '>=', end)]))
      .where((eb) => eb.or([eb('name_last_first', '<', term), eb('name_last_first', '>=', end)])),
  );
}

/**
 * A name search that matches at least this many orders takes its page by walking the orders
 * newest first (`newestNamed`) instead of sorting every match by time: a first name shared by one
 * order in 20 took 20 ms to sort at a million orders, and its first page is found in the newest few
 * hundred orders.
 */
const commonNameMatches = 1_000;

/**
 * The orders with the name, newest first, from the index of times that holds both name keys and
 * the filters (migration 0021): `substr` rather than a range, so neither database reads the name
 * indexes instead.
 */
function newestNamed(db: DbExecutor, filters: AdminOrderQuery, name: string) {
  // Characters, as both databases' substr() counts them.
  const length = sql.lit([...name].length);
  const tail = searchedTail(name);
  return filterOrders(db.selectFrom('orders'), filters)
    .select(['id', 'created_at'])
    .where((eb) =>
      eb.or([
        eb(sql<string>`substr(${sql.ref('name_first_last')}, 1, ${length})`, '=', name),
        eb(sql<string>`substr(${sql.ref('name_last_first')}, 1, ${length})`, '=', name),
        // Letters that may also be the end of an order number.
        ...(tail === null ? [] : [eb(sql<string>`substr(${sql.ref('number_tail')}, 1, ${sql.lit(tail.length)})`, '=', tail)]),
      ]),
    );
}

/** The columns of an order its day's figures depend on (`CountedOrder`). */
const countedColumns = ['id', 'created_at', 'status', 'payment_status', 'total', 'refunded_total'] as const;

/** The day's figures moved by an order's change, as a statement; null when they do not move. */
function countChangeWrite(before: CountedOrder | null, after: CountedOrder, executor: DbExecutor): CompiledQuery | null {
  const change = dayChange(before, after);
  if (!change) return null;
  return executor
    .insertInto('order_day_totals')
    .values(change)
    .onConflict((conflict) =>
      conflict.columns(['day', 'slot']).doUpdateSet((eb) => ({
        orders: eb('order_day_totals.orders', '+', change.orders),
        revenue: eb('order_day_totals.revenue', '+', change.revenue),
      })),
    )
    .compile();
}

/**
 * An account's orders that hold their stock with nothing paid and no time limit (cash orders not yet
 * delivered; a card order has one), but the one numbered `except`.
 */
const unpaidHeldBy = (creator: QueryCreator<Database>, userId: number, except: string) =>
  creator
    .selectFrom('orders as held')
    .select((eb) => eb.fn.countAll<number>().as('unpaid_held'))
    .where('held.user_id', '=', userId)
    .where('held.payment_status', '=', 'PENDING')
    .where('held.status', 'in', ['pending', 'processing', 'ready_for_pickup', 'shipped'])
    .where('held.expires_at', 'is', null)
    .where('held.order_number', '<>', except);

/**
 * The order's insert, answering its id; none when another order has its number (the caller draws
 * again). An account's order also answers how many of its other orders hold stock unpaid
 * (`unpaidHeldBy`), counted by the insert so that a checkout makes no extra round trip for it.
 */
const numberedOrderInsert = (creator: QueryCreator<Database>, order: Insertable<OrderTable>) => {
  const { user_id: userId } = order;
  return creator
    .insertInto('orders')
    .values({ ...order, number_tail: numberTailKey(order.order_number) })
    .onConflict((conflict) => conflict.column('order_number').doNothing())
    .returning([
      'id',
      () =>
        (userId === null || userId === undefined ? sql<number>`0` : unpaidHeldBy(creator, userId, order.order_number)).as('unpaid_held'),
    ]);
};

export function createOrdersRepository(db: DbExecutor, dialect: DatabaseDialect) {
  /**
   * The order as it stands, locked until the transaction ends, for a change whose state before it
   * no guard fixes: SQLite's write transaction is already exclusive, PostgreSQL locks the row.
   */
  const lockedCounted = (orderId: number, executor: DbExecutor) => {
    const query = executor.selectFrom('orders').select(countedColumns).where('id', '=', orderId);
    return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  };

  const repository = {
    /** How many orders not yet delivered (collected) or cancelled wait at each of these pickup points. */
    async openOrdersAt(codes: readonly string[], executor: DbExecutor = db): Promise<Map<string, number>> {
      if (codes.length === 0) return new Map();
      const rows = await executor
        .selectFrom('orders')
        .select((eb) => ['pickup_point', eb.fn.countAll<number | string>().as('count')])
        .where('pickup_point', 'in', codes)
        .where('status', 'not in', finishedOrderStatuses)
        .groupBy('pickup_point')
        .execute();
      return new Map(rows.map((row) => [row.pickup_point ?? '', Number(row.count)]));
    },

    /**
     * A new order and its items, the items as `itemsOf` reads them so the caller need not read them
     * back, and the account's other orders holding stock unpaid (`numberedOrderInsert`); null, with
     * nothing written, when another order has its number. On PostgreSQL one statement (the items
     * read from one JSON value), as every checkout runs it.
     */
    async insertWithItems(order: Insertable<OrderTable>, items: NewOrderItem[], executor: DbExecutor = db) {
      if (dialect === 'postgres') {
        const rows = await executor
          .with('placed', (placed) => numberedOrderInsert(placed, order))
          .insertInto('order_items')
          .columns(['order_id', ...newItemColumns])
          .expression(
            sql`select placed.id, item.* from placed, jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as item(
              product_id integer, variant_id integer, product_name text, product_image text, size text, color text,
              quantity integer, unit_price integer, line_total integer)`,
          )
          .returning([...itemColumns, (eb) => eb.selectFrom('placed').select('unpaid_held').as('unpaid_held')])
          .execute();
        // An order has at least one item, so no row means no order: its number was taken.
        const [first] = rows;
        if (first === undefined) return null;
        return {
          orderId: first.order_id,
          items: rows.map(({ unpaid_held: _counted, ...item }) => item).sort((a, b) => a.id - b.id),
          unpaidHeld: Number(first.unpaid_held),
        };
      }
      const placed = await numberedOrderInsert(executor, order).executeTakeFirst();
      if (!placed) return null;
      const orderId = placed.id;
      const rows = await executor
        .insertInto('order_items')
        .values(items.map((item) => ({ order_id: orderId, ...item })))
        .returning(itemColumns)
        .execute();
      return { orderId, items: rows.sort((a, b) => a.id - b.id), unpaidHeld: Number(placed.unpaid_held) };
    },

    /** The order's items that can go back into a cart: those whose product and variant still exist. */
    async itemsToPutBack(orderId: number, executor: DbExecutor = db) {
      const items = await executor
        .selectFrom('order_items')
        .select(['product_id', 'variant_id', 'quantity'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
      return items.flatMap((item) =>
        item.product_id !== null && item.variant_id !== null
          ? [{ productId: item.product_id, variantId: item.variant_id, quantity: item.quantity }]
          : [],
      );
    },

    /** The order's units per variant, of variants that still exist: the stock it holds. */
    async stockHeldBy(orderId: number, executor: DbExecutor = db) {
      const items = await executor
        .selectFrom('order_items')
        .select(['variant_id', 'quantity'])
        .where('order_id', '=', orderId)
        .where('variant_id', 'is not', null)
        .execute();
      return items.flatMap((item) => (item.variant_id !== null ? [{ variantId: item.variant_id, quantity: item.quantity }] : []));
    },

    /** The order's units per product, of products that still exist: what it sells. */
    async unitsSoldBy(orderId: number, executor: DbExecutor = db) {
      const items = await executor
        .selectFrom('order_items')
        .select(['product_id', 'quantity'])
        .where('order_id', '=', orderId)
        .where('product_id', 'is not', null)
        .execute();
      return items.flatMap((item) => (item.product_id !== null ? [{ productId: item.product_id, quantity: item.quantity }] : []));
    },

    /**
     * The order, locked until the transaction ends: SQLite's write transaction is already exclusive,
     * PostgreSQL locks the row, so what is counted against the order (its returns) is counted by
     * one transaction at a time.
     */
    lockById(id: number, executor: DbExecutor) {
      const query = executor.selectFrom('orders').selectAll().where('id', '=', id);
      return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    },

    findById: (id: number, executor: DbExecutor = db) => executor.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst(),

    findByIdempotencyKey: (key: string, executor: DbExecutor = db) => orderByIdempotencyKey(executor, key).executeTakeFirst(),

    listForUser: (userId: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute(),

    itemsOf: (orderIds: number[], executor: DbExecutor = db) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : executor
            .selectFrom('order_items')
            .select([
              'id',
              'order_id',
              'product_id',
              'product_name',
              'product_image',
              'quantity',
              'unit_price',
              'line_total',
              'size',
              'color',
            ])
            .where('order_id', 'in', orderIds)
            .orderBy('id')
            .execute(),

    /**
     * Moves an order on only from the state the caller saw, so two processes never both do it; the
     * order before and after (for its day's figures), or null when it had moved. Every counted field
     * `to` sets is guarded by `from`, so the order before is the order after with `from`'s values.
     */
    async transition(
      orderId: number,
      from: { status?: OrderTable['status']; payment_status?: OrderTable['payment_status'] },
      to: Partial<Pick<OrderTable, 'status' | 'payment_status' | 'paid_at' | 'cancelled_at'>>,
      executor: DbExecutor = db,
    ): Promise<{ before: CountedOrder; after: CountedOrder } | null> {
      const after = await executor
        .updateTable('orders')
        .set({ ...to, updated_at: new Date().toISOString() })
        .where('id', '=', orderId)
        .$call((query) => (from.status ? query.where('status', '=', from.status) : query))
        .$call((query) => (from.payment_status ? query.where('payment_status', '=', from.payment_status) : query))
        .returning(countedColumns)
        .executeTakeFirst();
      return after ? { before: { ...after, ...from }, after } : null;
    },

    /**
     * Gives the order the shop's next invoice number, in the transaction that pays it: the counter's
     * one row is moved and read in one statement, which on PostgreSQL holds its row lock until the
     * transaction ends (SQLite's write transactions run one at a time), so numbers go out one after
     * another, and a payment rolled back gives its number back with it.
     */
    async giveInvoiceNumber(orderId: number, executor: DbExecutor): Promise<string> {
      const { last_number: number } = await executor
        .updateTable('invoice_counter')
        .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
        .where('id', '=', 1)
        .returning('last_number')
        .executeTakeFirstOrThrow();
      const invoiceNumber = invoiceNumberOf(number);
      await executor.updateTable('orders').set({ invoice_number: invoiceNumber }).where('id', '=', orderId).execute();
      return invoiceNumber;
    },

    /**
     * Unpaid orders whose hold ran out: card orders, and bank transfers whose customer sent no
     * proof (one who did waits for staff to find the money, however long the bank takes).
     */
    expiredUnpaidOrders: (now: string, executor: DbExecutor = db) =>
      executor
        .selectFrom('orders')
        .select(['id', 'payment_method'])
        .where('payment_status', '=', 'PENDING')
        .where('status', '=', 'pending')
        .where('payment_method', 'in', ['stripe', 'powertranz', 'bank_transfer'])
        .where('expires_at', '<', now)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('payment_proofs').select('payment_proofs.id').whereRef('payment_proofs.order_id', '=', 'orders.id'))),
        )
        .limit(100)
        .execute(),

    /** Unpaid bank transfers placed before `placedBefore`, not yet reminded, with no proof sent and time left to pay. */
    transfersToRemind: async (placedBefore: string, now: string, executor: DbExecutor = db) =>
      (
        await executor
          .selectFrom('orders')
          .select('id')
          .where('payment_method', '=', 'bank_transfer')
          .where('payment_status', '=', 'PENDING')
          .where('status', '=', 'pending')
          .where('payment_reminded_at', 'is', null)
          .where('created_at', '<', placedBefore)
          .where('expires_at', '>', now)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('payment_proofs').select('payment_proofs.id').whereRef('payment_proofs.order_id', '=', 'orders.id'))),
          )
          .orderBy('id')
          .limit(100)
          .execute()
      ).map((row) => row.id),

    /** Claims the one reminder of an unpaid transfer; true for exactly one caller, whichever process. */
    async claimPaymentReminder(orderId: number, at: string, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('orders')
        .set({ payment_reminded_at: at })
        .where('id', '=', orderId)
        .where('payment_reminded_at', 'is', null)
        .where('payment_status', '=', 'PENDING')
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The proofs of payment of these orders (read here for the order's answer; the payments module writes them). */
    proofsOf: (orderIds: number[], executor: DbExecutor = db) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : executor
            .selectFrom('payment_proofs')
            .select(['id', 'order_id', 'uploaded_at'])
            .where('order_id', 'in', orderIds)
            .orderBy('id')
            .execute(),

    /** True for exactly one caller: the one that marks the confirmation e-mail as sent. */
    async claimConfirmationEmail(orderId: number, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('orders')
        .set({ confirmation_sent_at: new Date().toISOString() })
        .where('id', '=', orderId)
        .where('confirmation_sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markConfirmationMailed(orderId: number, executor: DbExecutor = db): Promise<void> {
      await executor.updateTable('orders').set({ confirmation_mailed_at: new Date().toISOString() }).where('id', '=', orderId).execute();
    },

    /** Claims made between `since` and `before` whose e-mail the mail server never took. */
    unmailedConfirmations(since: string, before: string, executor: DbExecutor = db) {
      return executor
        .selectFrom('orders')
        .select(['id', 'confirmation_sent_at'])
        .where('confirmation_mailed_at', 'is', null)
        .where('confirmation_sent_at', '>=', since)
        .where('confirmation_sent_at', '<', before)
        .orderBy('confirmation_sent_at')
        .limit(100)
        .execute();
    },

    /** Takes over a stale claim; only one process wins it, as the claim it saw must still stand. */
    async reclaimConfirmationEmail(orderId: number, staleClaim: string, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('orders')
        .set({ confirmation_sent_at: new Date().toISOString() })
        .where('id', '=', orderId)
        .where('confirmation_mailed_at', 'is', null)
        .where('confirmation_sent_at', '=', staleClaim)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Writes down a customer's update e-mail, due at once. */
    recordUpdateEmail(
      orderId: number,
      kind: OrderUpdateEmailRow['kind'],
      details: string,
      executor: DbExecutor = db,
    ): Promise<OrderUpdateEmailRow> {
      const now = new Date().toISOString();
      return executor
        .insertInto('order_update_emails')
        .values({ order_id: orderId, kind, details, created_at: now, next_attempt_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Update e-mails due by `now`, oldest first. */
    dueUpdateEmails: (now: string, limit: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('order_update_emails')
        .selectAll()
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute(),

    /**
     * Claims the attempt after `attempts` of an update e-mail until `heldUntil`; true for one caller
     * only, as the count it saw must still stand (two processes never send one attempt).
     */
    async claimUpdateEmail(id: number, attempts: number, heldUntil: string, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('order_update_emails')
        .set({ attempts: attempts + 1, next_attempt_at: heldUntil })
        .where('id', '=', id)
        .where('attempts', '=', attempts)
        .where('next_attempt_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markUpdateEmailMailed(id: number, executor: DbExecutor = db): Promise<void> {
      await executor
        .updateTable('order_update_emails')
        .set({ mailed_at: new Date().toISOString(), next_attempt_at: null })
        .where('id', '=', id)
        .execute();
    },

    /**
     * A failed attempt: why, and when to try again (null: given up). Only while the attempt is still
     * the latest, so a late failure never undoes what a later attempt did.
     */
    async failUpdateEmail(
      id: number,
      attempts: number,
      error: string,
      nextAttemptAt: string | null,
      executor: DbExecutor = db,
    ): Promise<void> {
      await executor
        .updateTable('order_update_emails')
        .set({
          last_error: error,
          next_attempt_at: nextAttemptAt,
          ...(nextAttemptAt === null ? { given_up_at: new Date().toISOString() } : {}),
        })
        .where('id', '=', id)
        .where('attempts', '=', attempts)
        .where('mailed_at', 'is', null)
        .execute();
    },

    /** Gives up an e-mail no attempt reached the mail server with in time; true for one caller only. */
    async giveUpUpdateEmail(id: number, attempts: number, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('order_update_emails')
        .set({ next_attempt_at: null, given_up_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('attempts', '=', attempts)
        .where('next_attempt_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * A page of the back office's order list, newest first, and how many orders match, counted up
     * to `countUpTo` + 1: counting every one of a million orders took longer than the page itself.
     */
    async staffPage(query: AdminOrderQuery, countUpTo: number, executor: DbExecutor = db) {
      const matches = matchingOrders(executor, query).as('matches');
      const { limit, offset } = pageWindow(query);
      const total = await executor
        .selectFrom(
          executor
            .selectFrom(matches)
            .select('matches.id')
            .limit(countUpTo + 1)
            .as('counted'),
        )
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      const count = Number(total.count);
      const name = searchedName(query);
      const walk = name !== null && count >= commonNameMatches;
      const pageIds = (walk ? executor.selectFrom(newestNamed(executor, query, name).as('matches')) : executor.selectFrom(matches))
        .select('matches.id')
        .orderBy('matches.created_at', 'desc')
        .orderBy('matches.id', 'desc')
        .limit(limit)
        .offset(offset);
      const rows = await executor
        .selectFrom('orders')
        .select([
          'id',
          'order_number',
          'created_at',
          'status',
          'payment_status',
          'payment_method',
          'shipping_method',
          'first_name',
          'last_name',
          'email',
          'total',
        ])
        .where('id', 'in', pageIds)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return { rows, count };
    },

    /** Orders placed after `since` that the shop has to act on: cash orders, and card orders and bank transfers once paid. */
    async newOrdersCount(since: string, executor: DbExecutor = db): Promise<number> {
      const row = await executor
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('created_at', '>', since)
        .where('status', 'in', ['pending', 'processing'])
        .where((eb) => eb.or([eb('payment_method', '=', 'cash_on_delivery'), eb('payment_status', '!=', 'PENDING')]))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async recordStatusChange(entry: Insertable<OrderStatusHistoryTable>, executor: DbExecutor = db): Promise<void> {
      await executor.insertInto('order_status_history').values(entry).execute();
    },

    historyOf: (orderIds: number[], executor: DbExecutor = db) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : executor
            .selectFrom('order_status_history')
            .selectAll()
            .where('order_id', 'in', orderIds)
            .orderBy('order_id')
            .orderBy('id')
            .execute(),

    /**
     * Takes `amount` off what is left to refund, or nothing (null): the guard holds refunds within
     * what was paid, and on PostgreSQL a second refund waits for the first's row lock and then reads
     * its sum. The payment status follows; the order before and after, for its day's figures.
     */
    async reserveRefund(
      orderId: number,
      amount: number,
      executor: DbExecutor = db,
    ): Promise<{ before: CountedOrder; after: CountedOrder } | null> {
      const before = await lockedCounted(orderId, executor);
      const after = await executor
        .updateTable('orders')
        .set((eb) => ({
          refunded_total: eb('refunded_total', '+', amount),
          payment_status: sql<
            OrderTable['payment_status']
          >`case when ${eb.ref('refunded_total')} + ${amount} >= ${eb.ref('total')} then 'REFUNDED' else 'PARTIALLY_REFUNDED' end`,
          updated_at: new Date().toISOString(),
        }))
        .where('id', '=', orderId)
        .where('payment_status', 'in', ['COMPLETED', 'PARTIALLY_REFUNDED'])
        .where((eb) => eb(eb('refunded_total', '+', amount), '<=', eb.ref('total')))
        .returning(countedColumns)
        .executeTakeFirst();
      return before && after ? { before, after } : null;
    },

    /** Gives back a reservation the card provider refused; the payment status follows what remains. */
    async releaseRefund(
      orderId: number,
      amount: number,
      executor: DbExecutor = db,
    ): Promise<{ before: CountedOrder; after: CountedOrder } | null> {
      const before = await lockedCounted(orderId, executor);
      const after = await executor
        .updateTable('orders')
        .set((eb) => ({
          refunded_total: eb('refunded_total', '-', amount),
          payment_status: sql<
            OrderTable['payment_status']
          >`case when ${eb.ref('refunded_total')} - ${amount} <= 0 then 'COMPLETED' else 'PARTIALLY_REFUNDED' end`,
          updated_at: new Date().toISOString(),
        }))
        .where('id', '=', orderId)
        .where('refunded_total', '>=', amount)
        .returning(countedColumns)
        .executeTakeFirst();
      return before && after ? { before, after } : null;
    },

    /**
     * Moves the figures of the order's day by what the change did (placed: `before` null). It is
     * the last write of every change of an order, so the figures row it locks on PostgreSQL is held
     * only until COMMIT and never while waiting for another lock (ADR 0024).
     */
    async countChange(before: CountedOrder | null, after: CountedOrder, executor: DbExecutor = db): Promise<void> {
      const write = countChangeWrite(before, after, executor);
      if (write) await executor.executeQuery(write);
    },

    /** `countChange` as a statement (null when the day's figures do not change), for a transaction's last writes. */
    countChangeWrite,

    /** The proof of the order's delivery, if the driver marked it delivered in one step. */
    deliveryProofOf: (orderId: number, executor: DbExecutor = db) =>
      executor.selectFrom('delivery_proofs').selectAll().where('order_id', '=', orderId).executeTakeFirst(),

    deliveryProofsOf: (orderIds: number[], executor: DbExecutor = db) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : executor.selectFrom('delivery_proofs').selectAll().where('order_id', 'in', orderIds).execute(),

    async insertDeliveryProof(proof: Insertable<DeliveryProofTable>, executor: DbExecutor = db): Promise<void> {
      await executor.insertInto('delivery_proofs').values(proof).execute();
    },

    /**
     * The orders on the driver's run sheet of the Jamaican day [`start`, `end`): the shop's own
     * deliveries being handled (processing, or shipped: packed, so they go out whatever day they
     * were promised by) placed before the day ends, and those delivered during the day (so the
     * day's sheet keeps what was done). The soonest promised first.
     */
    runSheetOrders: (start: string, end: string, executor: DbExecutor = db) =>
      executor
        .selectFrom('orders')
        .selectAll()
        .where('shipping_method', '=', 'delivery')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', 'in', ['processing', 'shipped']), eb('created_at', '<', end)]),
            eb.and([
              eb('status', '=', 'delivered'),
              eb.exists(
                eb
                  .selectFrom('order_status_history')
                  .select('order_status_history.id')
                  .whereRef('order_status_history.order_id', '=', 'orders.id')
                  .where('order_status_history.to_status', '=', 'delivered')
                  .where('order_status_history.created_at', '>=', start)
                  .where('order_status_history.created_at', '<', end),
              ),
            ]),
          ]),
        )
        // An order placed before promises were made (none) is due already: it sorts first on both databases.
        .orderBy(sql`coalesce(${sql.ref('promised_by')}, '')`)
        .orderBy('created_at')
        .orderBy('id')
        .limit(1000)
        .execute(),

    sessionOwnsOrder: async (orderId: number, sessionId: number, executor: DbExecutor = db) =>
      (await executor
        .selectFrom('orders')
        .select(sql<number>`1`.as('one'))
        .where('id', '=', orderId)
        .where('session_id', '=', sessionId)
        .executeTakeFirst()) !== undefined,
  };
  return repository;
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
