import type { DbExecutor } from '../../db/database.ts';

// Every checkout and every price shown in another currency reads it.
const latestRates = (db: DbExecutor) =>
  db.selectFrom('exchange_rates').select(['fetched_on', 'rates']).orderBy('fetched_on', 'desc').limit(1);

export function createRatesRepository(db: DbExecutor) {
  return {
    latest() {
      return latestRates(db).executeTakeFirst();
    },

    /** One row a day: a second process fetching the same day changes nothing. */
    async saveForDay(day: string, rates: Record<string, number>): Promise<void> {
      await db
        .insertInto('exchange_rates')
        .values({ fetched_on: day, rates: JSON.stringify(rates), created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column('fetched_on').doNothing())
        .execute();
    },
  };
}

export type RatesRepository = ReturnType<typeof createRatesRepository>;
