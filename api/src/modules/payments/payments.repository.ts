import type { DbExecutor } from '../../db/database.ts';

export function createPaymentsRepository(db: DbExecutor) {
  return {
    async insert(values: { orderId: number; sessionId: string; amount: number; currency: string }, executor: DbExecutor = db) {
      const now = new Date().toISOString();
      await executor
        .insertInto('payments')
        .values({
          order_id: values.orderId,
          provider: 'stripe',
          provider_session_id: values.sessionId,
          amount: values.amount,
          currency: values.currency,
          status: 'open',
          created_at: now,
          updated_at: now,
        })
        .execute();
    },

    findBySession: (sessionId: string, executor: DbExecutor = db) =>
      executor
        .selectFrom('payments')
        .select(['id', 'order_id', 'amount', 'currency', 'status'])
        .where('provider', '=', 'stripe')
        .where('provider_session_id', '=', sessionId)
        .executeTakeFirst(),

    async complete(paymentId: number, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('payments')
        .set({ status: 'completed', updated_at: new Date().toISOString() })
        .where('id', '=', paymentId)
        .where('status', '!=', 'completed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** False when the event was seen before: its processing is then skipped, and it still answers 2xx. */
    async rememberEvent(eventId: string, type: string, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .insertInto('payment_events')
        .values({ provider: 'stripe', event_id: eventId, type, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async eventSeen(eventId: string, executor: DbExecutor = db): Promise<boolean> {
      const row = await executor
        .selectFrom('payment_events')
        .select('id')
        .where('provider', '=', 'stripe')
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
