import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { customerRecentOrdersMax, type CustomerSearchQuery } from '@threadline/contracts';
import { pageWindow } from '../../admin-list.ts';
import type { DatabaseDialect, DbExecutor } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';

type UserExpressions = ExpressionBuilder<Database, 'users'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * `column` starts with `prefix`, written so each database answers it from an index (migration
 * 0018): PostgreSQL's LIKE on a `text_pattern_ops` index, SQLite's range scan of a binary index
 * (its LIKE ignores case and so cannot use one).
 */
function startsWith(eb: UserExpressions, column: Expression<string>, prefix: string, dialect: DatabaseDialect): Expression<SqlBool> {
  if (dialect === 'postgres') return eb(column, 'like', `${escapeLike(prefix)}%`);
  return eb.and([eb(column, '>=', prefix), eb(column, '<', `${prefix}\u{10FFFF}`)]);
}

/**
 * Accounts whose e-mail address, first name or last name starts with the search; 'aye camp' is
 * the start of a first name and of a last name. Names are lower-cased as each database does it
 * (SQLite folds only ASCII letters).
 */
function matching(eb: UserExpressions, search: string, dialect: DatabaseDialect): Expression<SqlBool> {
  const [first = '', ...rest] = search.split(' ');
  const firstName = eb.fn<string>('lower', ['first_name']);
  const lastName = eb.fn<string>('lower', ['last_name']);
  if (rest.length > 0) {
    return eb.and([startsWith(eb, firstName, first, dialect), startsWith(eb, lastName, rest.join(' '), dialect)]);
  }
  return eb.or([
    startsWith(eb, eb.ref('email_normalized'), first, dialect),
    startsWith(eb, firstName, first, dialect),
    startsWith(eb, lastName, first, dialect),
  ]);
}

type OrderExpressions = ExpressionBuilder<Database, 'orders'>;

/** A guest's orders whose e-mail address, or customer's name either way round, starts with the search. */
function guestMatching(eb: OrderExpressions, search: string, dialect: DatabaseDialect): Expression<SqlBool> {
  const starts = (column: Expression<string>) =>
    dialect === 'postgres'
      ? eb(column, 'like', `${escapeLike(search)}%`)
      : eb.and([eb(column, '>=', search), eb(column, '<', `${search}\u{10FFFF}`)]);
  return eb.or([starts(eb.fn<string>('lower', ['email'])), starts(eb.ref('name_first_last')), starts(eb.ref('name_last_first'))]);
}

/** What orders brought in: what was paid less what was given back (a refunded order nothing), of orders not cancelled. */
const paidAndKept = sql<number>`case when payment_status in ('COMPLETED', 'PARTIALLY_REFUNDED') and status != 'cancelled' then total - refunded_total else 0 end`;

/** The back office's read of customers: the accounts with their addresses and orders (tables of customers and orders, read only). */
export function createCustomerDirectoryRepository(db: DbExecutor, dialect: DatabaseDialect) {
  return {
    /**
     * Customers, newest first: customer accounts (never staff: they are not customers), and guests
     * who bought without an account, one row per e-mail address no account has, with the name and
     * phone of their orders and the time of their first order.
     */
    async page(query: CustomerSearchQuery) {
      const search = (query.search ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
      const accounts = db
        .selectFrom('users')
        .where('role', '=', 'customer')
        .$call((select) => (search === '' ? select : select.where((eb) => matching(eb, search, dialect))))
        .select([
          sql<'account' | 'guest'>`'account'`.as('kind'),
          sql<number | null>`id`.as('id'),
          'email',
          'first_name',
          'last_name',
          'phone',
          'role',
          'date_joined',
        ]);
      const guests = db
        .selectFrom('orders')
        .where('user_id', 'is', null)
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('users').select(sql`1`.as('one')).whereRef('users.email_normalized', '=', sql`lower(orders.email)`)),
          ),
        )
        .$call((select) => (search === '' ? select : select.where((eb) => guestMatching(eb, search, dialect))))
        .groupBy(sql`lower(email)`)
        .select((eb) => [
          sql<'account' | 'guest'>`'guest'`.as('kind'),
          sql<number | null>`null`.as('id'),
          eb.fn.min<string>('email').as('email'),
          eb.fn.max<string>('first_name').as('first_name'),
          eb.fn.max<string>('last_name').as('last_name'),
          eb.fn.max<string>('phone').as('phone'),
          sql<'customer'>`'customer'`.as('role'),
          eb.fn.min<string>('created_at').as('date_joined'),
        ]);
      const everyone = accounts.unionAll(guests).as('customers');
      const { limit, offset } = pageWindow(query);
      const [rows, total] = await Promise.all([
        db.selectFrom(everyone).selectAll().orderBy('date_joined', 'desc').orderBy('email').limit(limit).offset(offset).execute(),
        db
          .selectFrom(everyone)
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((row) => ({ ...row, id: row.id === null ? null : Number(row.id) })), count: Number(total.count) };
    },

    find: (id: number) =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name', 'phone', 'role', 'date_joined', 'email_verified'])
        .where('id', '=', id)
        .executeTakeFirst(),

    addresses: (userId: number) =>
      db
        .selectFrom('addresses')
        .select(['id', 'label', 'street_address', 'apartment', 'city', 'state', 'postal_code', 'country', 'landmark', 'is_default'])
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    recentOrders: (userId: number) =>
      db
        .selectFrom('orders')
        .select(['id', 'order_number', 'status', 'payment_status', 'total', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(customerRecentOrdersMax)
        .execute(),

    async orderTotals(userId: number) {
      const row = await db
        .selectFrom('orders')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('orders'),
          eb.fn.coalesce(eb.fn.sum<number | string>(paidAndKept), sql<number>`0`).as('spent'),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { orders: Number(row.orders), spent: Number(row.spent) };
    },
  };
}

export type CustomerDirectoryRepository = ReturnType<typeof createCustomerDirectoryRepository>;
