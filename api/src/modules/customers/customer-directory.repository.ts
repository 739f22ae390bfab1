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

/** What orders brought in: what was paid less what was given back (a refunded order nothing), of orders not cancelled. */
const paidAndKept = sql<number>`case when payment_status in ('COMPLETED', 'PARTIALLY_REFUNDED') and status != 'cancelled' then total - refunded_total else 0 end`;

/** The back office's read of customers: the accounts with their addresses and orders (tables of customers and orders, read only). */
export function createCustomerDirectoryRepository(db: DbExecutor, dialect: DatabaseDialect) {
  return {
    async page(query: CustomerSearchQuery) {
      const search = (query.search ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
      const filtered = search === '' ? db.selectFrom('users') : db.selectFrom('users').where((eb) => matching(eb, search, dialect));
      const { limit, offset } = pageWindow(query);
      const [rows, total] = await Promise.all([
        filtered
          .select(['id', 'email', 'first_name', 'last_name', 'phone', 'role', 'date_joined'])
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count) };
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
        .select(['id', 'label', 'street_address', 'apartment', 'city', 'state', 'postal_code', 'country', 'is_default'])
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
        .select((eb) => [eb.fn.countAll<number | string>().as('orders'), eb.fn.coalesce(eb.fn.sum<number | string>(paidAndKept), sql<number>`0`).as('spent')])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { orders: Number(row.orders), spent: Number(row.spent) };
    },
  };
}

export type CustomerDirectoryRepository = ReturnType<typeof createCustomerDirectoryRepository>;
