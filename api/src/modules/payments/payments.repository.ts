import type { PaymentRefundReason } from '@threadline/contracts';
import type { DbExecutor } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { PaymentProofTable, PaymentTable, RefundTable } from '../../db/tables.ts';

/** States a payment can still be settled from, by taking it for its order or by giving it back. */
const unsettled: PaymentTable['status'][] = ['open', 'expired', 'failed'];

/**
 * Stripe names a test-mode session `cs_test_…` (a live one `cs_live_…`); the built-in provider's
 * sessions are named so too. A payment on such a session moved no money.
 */
export const testSessionPrefix = 'cs_test_';

/** The card providers a payment row is made with. */
export type CardProviderName = 'stripe' | 'powertranz';

export function createPaymentsRepository(db: DbExecutor) {
  return {
    /** A proof of payment, its file already stored; its id and time. */
    insertProof: (values: Insertable<PaymentProofTable>, executor: DbExecutor = db) =>
      executor.insertInto('payment_proofs').values(values).returning(['id', 'uploaded_at']).executeTakeFirstOrThrow(),

    proofCount: async (orderId: number, executor: DbExecutor = db) =>
      Number(
        (
          await executor
            .selectFrom('payment_proofs')
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .where('order_id', '=', orderId)
            .executeTakeFirstOrThrow()
        ).count,
      ),

    /** The order's proof with this id; none when the proof is another order's. */
    findProof: (orderId: number, proofId: number, executor: DbExecutor = db) =>
      executor.selectFrom('payment_proofs').selectAll().where('id', '=', proofId).where('order_id', '=', orderId).executeTakeFirst(),

    async insert(
      values: {
        orderId: number;
        sessionId: string;
        amount: number;
        currency: string;
        provider?: CardProviderName;
        token?: string;
        hostedPage?: string;
      },
      executor: DbExecutor = db,
    ) {
      const now = new Date().toISOString();
      await executor
        .insertInto('payments')
        .values({
          order_id: values.orderId,
          provider: values.provider ?? 'stripe',
          provider_session_id: values.sessionId,
          provider_token: values.token ?? null,
          hosted_page: values.hostedPage ?? null,
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
        .select(['id', 'order_id', 'amount', 'currency', 'status', 'refund_reason'])
        .where('provider', '=', 'stripe')
        .where('provider_session_id', '=', sessionId)
        .executeTakeFirst(),

    stateOf: (paymentId: number, executor: DbExecutor = db) =>
      executor.selectFrom('payments').select(['status', 'refund_reason']).where('id', '=', paymentId).executeTakeFirst(),

    /** A PowerTranz payment by the TransactionIdentifier its Sale was made with. */
    findPowerTranz: (transactionIdentifier: string, executor: DbExecutor = db) =>
      executor
        .selectFrom('payments')
        .select([
          'id',
          'order_id',
          'amount',
          'currency',
          'status',
          'refund_reason',
          'provider_token',
          'hosted_page',
          'completion_claimed_at',
        ])
        .where('provider', '=', 'powertranz')
        .where('provider_session_id', '=', transactionIdentifier)
        .executeTakeFirst(),

    /**
     * Claims the payment completion of a PowerTranz payment: true for one caller only, however many
     * copies of the gateway's response arrive at once. The gateway is asked to complete it once.
     */
    async claimCompletion(paymentId: number, executor: DbExecutor = db): Promise<boolean> {
      const now = new Date().toISOString();
      const result = await executor
        .updateTable('payments')
        .set({ completion_claimed_at: now, updated_at: now })
        .where('id', '=', paymentId)
        .where('completion_claimed_at', 'is', null)
        .where('status', 'in', unsettled)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The gateway declined the payment: it stays the order's no more (nothing was taken). */
    async markDeclined(paymentId: number, executor: DbExecutor = db): Promise<void> {
      await executor
        .updateTable('payments')
        .set({ status: 'failed', updated_at: new Date().toISOString() })
        .where('id', '=', paymentId)
        .where('status', 'in', ['open', 'expired'])
        .execute();
    },

    /** Sessions of the order the shopper may still pay on. */
    openSessionsOf: async (orderId: number, executor: DbExecutor = db) =>
      (
        await executor
          .selectFrom('payments')
          .select('provider_session_id')
          .where('order_id', '=', orderId)
          .where('provider', '=', 'stripe')
          .where('status', '=', 'open')
          .execute()
      ).map((row) => row.provider_session_id),

    /** The payment is the order's: taken from any state but one already settled (taken or given back). */
    async complete(paymentId: number, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('payments')
        .set({ status: 'completed', updated_at: new Date().toISOString() })
        .where('id', '=', paymentId)
        .where('status', 'in', unsettled)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Claims the refund of a payment its order will not take; only one caller claims it. It stays
     * 'refunding' until the provider confirms, so a failed refund is tried again by the next caller.
     */
    async claimRefund(paymentId: number, reason: PaymentRefundReason, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('payments')
        .set({ status: 'refunding', refund_reason: reason, updated_at: new Date().toISOString() })
        .where('id', '=', paymentId)
        .where('status', 'in', unsettled)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Records a confirmed refund. refundId is null for a caller the provider told "already refunded";
     * it may get here before the caller holding the refund's id, which then still records that id.
     */
    async markRefunded(paymentId: number, refundId: string | null, executor: DbExecutor = db): Promise<void> {
      const now = new Date().toISOString();
      if (refundId === null) {
        await executor
          .updateTable('payments')
          .set({ status: 'refunded', updated_at: now })
          .where('id', '=', paymentId)
          .where('status', '=', 'refunding')
          .execute();
        return;
      }
      await executor
        .updateTable('payments')
        .set({ status: 'refunded', provider_refund_id: refundId, updated_at: now })
        .where('id', '=', paymentId)
        .where((row) =>
          row.or([row('status', '=', 'refunding'), row.and([row('status', '=', 'refunded'), row('provider_refund_id', 'is', null)])]),
        )
        .execute();
    },

    /** The card payment that paid the order: the one a staff refund gives money back from. */
    completedPaymentOf: (orderId: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('payments')
        .select(['id', 'provider', 'provider_session_id', 'amount'])
        .where('order_id', '=', orderId)
        .where('status', '=', 'completed')
        .orderBy('id')
        .executeTakeFirst(),

    /** Of these orders, the ones paid by a card payment made in the provider's test mode (its session id says so). */
    async testPaidAmong(orderIds: readonly number[], executor: DbExecutor = db): Promise<Set<number>> {
      if (orderIds.length === 0) return new Set();
      const rows = await executor
        .selectFrom('payments')
        .select(['order_id', 'provider_session_id'])
        .where('order_id', 'in', [...orderIds])
        .where('status', '=', 'completed')
        .execute();
      return new Set(rows.filter((row) => row.provider_session_id.startsWith(testSessionPrefix)).map((row) => row.order_id));
    },

    paymentsOf: (orderId: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('payments')
        .select(['id', 'provider', 'status', 'amount', 'created_at'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),

    refundsOf: (orderId: number, executor: DbExecutor = db) =>
      executor.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),

    async insertRefund(values: Insertable<RefundTable>, executor: DbExecutor = db): Promise<number> {
      return (await executor.insertInto('refunds').values(values).returning('id').executeTakeFirstOrThrow()).id;
    },

    /** False when the refund is no longer waiting: another process settled it first. */
    async confirmRefund(refundId: number, providerRefundId: string, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('refunds')
        .set({ status: 'succeeded', provider_refund_id: providerRefundId })
        .where('id', '=', refundId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A refund the provider refused never happened: its row goes. False when it was settled meanwhile. */
    async dropRefund(refundId: number, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor.deleteFrom('refunds').where('id', '=', refundId).where('status', '=', 'pending').executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    waitingCardRefunds: (since: string, before: string, executor: DbExecutor = db) =>
      executor
        .selectFrom('refunds')
        .innerJoin('payments', 'payments.id', 'refunds.payment_id')
        .select([
          'refunds.id',
          'refunds.order_id',
          'refunds.amount',
          'refunds.reason',
          'refunds.staff_id',
          'refunds.staff_email',
          'refunds.created_at',
          'payments.provider',
          'payments.provider_session_id',
        ])
        .where('refunds.status', '=', 'pending')
        .where('refunds.method', '=', 'card')
        // Stripe's only: it answers a refund asked again with its key as the first time; PowerTranz
        // documents no such key, so its unanswered refunds are left to staff.
        .where('payments.provider', '=', 'stripe')
        .where('refunds.created_at', '>=', since)
        .where('refunds.created_at', '<', before)
        .orderBy('refunds.id')
        .limit(100)
        .execute(),

    async markExpired(sessionId: string, executor: DbExecutor = db): Promise<void> {
      await executor
        .updateTable('payments')
        .set({ status: 'expired', updated_at: new Date().toISOString() })
        .where('provider', '=', 'stripe')
        .where('provider_session_id', '=', sessionId)
        .where('status', '=', 'open')
        .execute();
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
