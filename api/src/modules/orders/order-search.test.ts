import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderQuerySchema, type OrderStatus } from '@threadline/contracts';
import { orderRow } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { orderNameKeys } from './order-names.ts';
import { createOrdersRepository } from './orders.repository.ts';

let database: TestDatabase;
const statuses: OrderStatus[] = ['pending', 'processing', 'delivered'];
const people = [
  // Common enough (1,200) that a page is taken by walking the orders newest first.
  ...Array.from({ length: 1_200 }, () => ['Dwayne', 'Reid'] as const),
  ...Array.from({ length: 40 }, () => ['Dwayne', 'Blake'] as const),
  ...Array.from({ length: 30 }, () => ['Reid', 'Dwayneson'] as const),
  ...Array.from({ length: 30 }, () => ['Keisha', 'Reid'] as const),
];
// Times out of step with ids now and then, as with clocks of several processes.
const placed = people.map(([firstName, lastName], index) => ({
  firstName,
  lastName,
  status: statuses[(index * 7) % 3] ?? 'pending',
  createdAt: new Date(Date.UTC(2026, 0, 1) + ((index * 7_919) % people.length) * 60_000 + (index % 2) * 1_000).toISOString(),
}));

beforeAll(async () => {
  database = await createTestDatabase('migrated');
  for (let first = 0; first < placed.length; first += 200) {
    await database.handle.db
      .insertInto('orders')
      .values(
        placed.slice(first, first + 200).map((order, index) =>
          orderRow(`TL-SEARCH-${first + index}`, order.createdAt, {
            email: `buyer${first + index}@example.com`,
            first_name: order.firstName,
            last_name: order.lastName,
            ...orderNameKeys(order.firstName, order.lastName),
            status: order.status,
            total: 1_000,
          }),
        ),
      )
      .execute();
  }
});
afterAll(() => database.drop());

describe('the order list’s name search', () => {
  /** What the page should hold: the matches, newest first (then highest id), and how many there are. */
  async function expected(
    matches: (name: { firstName: string; lastName: string; status: OrderStatus }) => boolean,
    page: number,
    pageSize: number,
  ) {
    const rows = await database.handle.db.selectFrom('orders').select(['id', 'first_name', 'last_name', 'status', 'created_at']).execute();
    const found = rows
      .filter((row) => matches({ firstName: row.first_name, lastName: row.last_name, status: row.status }))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    return { count: found.length, ids: found.slice((page - 1) * pageSize, page * pageSize).map((row) => row.id) };
  }
  const search = async (query: Record<string, string | number>) => {
    const { rows, count } = await createOrdersRepository(database.handle.db, database.handle.dialect).staffPage(
      adminOrderQuerySchema.parse(query),
      10_000,
    );
    return { count, ids: rows.map((row) => row.id) };
  };

  it.each([
    [
      'a name many share (walked newest first)',
      { search: 'dwayne' },
      (o: { firstName: string; lastName: string }) => o.firstName === 'Dwayne' || o.lastName.startsWith('Dwayne'),
    ],
    [
      'its third page',
      { search: 'dwayne', page: 3 },
      (o: { firstName: string; lastName: string }) => o.firstName === 'Dwayne' || o.lastName.startsWith('Dwayne'),
    ],
    [
      'a full name many share',
      { search: 'Dwayne  REID' },
      (o: { firstName: string; lastName: string }) => o.firstName === 'Dwayne' && o.lastName === 'Reid',
    ],
    [
      'with a status',
      { search: 'reid', status: 'processing' },
      (o: { firstName: string; lastName: string; status: OrderStatus }) =>
        (o.firstName === 'Reid' || o.lastName === 'Reid') && o.status === 'processing',
    ],
    [
      'many with a filter (walked)',
      { search: 'reid', payment_status: 'PENDING', from: '2026-01-01', to: '2026-01-01' },
      (o: { firstName: string; lastName: string }) => o.firstName === 'Reid' || o.lastName === 'Reid',
    ],
    [
      'a name few share (sorted)',
      { search: 'dwayne b' },
      (o: { firstName: string; lastName: string }) => o.firstName === 'Dwayne' && o.lastName === 'Blake',
    ],
    [
      'typed last name first',
      { search: 'reid keisha' },
      (o: { firstName: string; lastName: string }) => o.firstName === 'Keisha' && o.lastName === 'Reid',
    ],
  ] as const)('%s: the newest matches and their count', async (_name, query, matches) => {
    const page = 'page' in query ? query.page : 1;
    expect(await search({ ...query, page_size: 25 })).toEqual(await expected(matches, page, 25));
  });
});
