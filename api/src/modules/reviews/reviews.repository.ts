import type { Insertable } from 'kysely';
import type { AdminReviewQuery, ReviewStatus } from '@threadline/contracts';
import { pageWindow } from '../../admin-list.ts';
import type { DbExecutor } from '../../db/database.ts';
import type { ReviewPhotoTable, ReviewTable } from '../../db/tables.ts';

const reviewColumns = [
  'reviews.id',
  'reviews.product_id',
  'reviews.user_id',
  'reviews.order_id',
  'reviews.rating',
  'reviews.fit',
  'reviews.title',
  'reviews.body',
  'reviews.author_name',
  'reviews.size_bought',
  'reviews.color_bought',
  'reviews.status',
  'reviews.reply',
  'reviews.created_at',
  'reviews.updated_at',
] as const;

/** Reviews, their photos and the review requests sent: SQL only. */
export function createReviewsRepository(db: DbExecutor) {
  return {
    /** The customer's latest delivered order holding the product, with what was bought in it. */
    deliveredPurchase: (userId: number, productId: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('orders')
        .innerJoin('order_items', 'order_items.order_id', 'orders.id')
        .select(['orders.id as order_id', 'order_items.size', 'order_items.color'])
        .where('orders.user_id', '=', userId)
        .where('orders.status', '=', 'delivered')
        .where('order_items.product_id', '=', productId)
        .orderBy('orders.id', 'desc')
        .orderBy('order_items.id')
        .limit(1)
        .executeTakeFirst(),

    author: (userId: number) => db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst(),

    productExists: async (productId: number) =>
      (await db.selectFrom('products').select('id').where('id', '=', productId).where('status', '=', 'active').executeTakeFirst()) !==
      undefined,

    reviewOf: (userId: number, productId: number) =>
      db.selectFrom('reviews').select('id').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst(),

    insert: (row: Insertable<ReviewTable>, executor: DbExecutor = db) =>
      executor.insertInto('reviews').values(row).returning('id').executeTakeFirstOrThrow(),

    find: (id: number, executor: DbExecutor = db) =>
      executor.selectFrom('reviews').select(reviewColumns).where('id', '=', id).executeTakeFirst(),

    /** One page of a product's approved reviews, newest first, and how many there are. */
    async approvedPage(productId: number, limit: number, offset: number) {
      const approved = db.selectFrom('reviews').where('product_id', '=', productId).where('status', '=', 'approved');
      const [rows, total] = await Promise.all([
        approved.select(reviewColumns).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        approved.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count) };
    },

    /** Approved reviews of a product counted by stars and fit: the summary is folded from these. */
    async approvedTallies(productId: number) {
      const rows = await db
        .selectFrom('reviews')
        .select(['rating', 'fit', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('product_id', '=', productId)
        .where('status', '=', 'approved')
        .groupBy(['rating', 'fit'])
        .execute();
      return rows.map((row) => ({ rating: row.rating, fit: row.fit, count: Number(row.count) }));
    },

    photosOf: (reviewIds: number[]) =>
      reviewIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('review_photos')
            .select(['id', 'review_id', 'path', 'width', 'height'])
            .where('review_id', 'in', reviewIds)
            .orderBy('id')
            .execute(),

    /**
     * Row-locks the review on PostgreSQL (SQLite's write transaction is already alone), so two
     * uploads to one review count its photos one after the other.
     */
    lockReview: (id: number, executor: DbExecutor) =>
      executor
        .updateTable('reviews')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', id)
        .execute(),

    async photoCount(reviewId: number, executor: DbExecutor) {
      const row = await executor
        .selectFrom('review_photos')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('review_id', '=', reviewId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    insertPhoto: (row: Insertable<ReviewPhotoTable>, executor: DbExecutor) =>
      executor.insertInto('review_photos').values(row).returning('id').executeTakeFirstOrThrow(),

    async adminPage(query: AdminReviewQuery) {
      let filtered = db.selectFrom('reviews');
      if (query.status) filtered = filtered.where('reviews.status', '=', query.status);
      const { limit, offset } = pageWindow(query);
      const [rows, total] = await Promise.all([
        filtered
          .innerJoin('products', 'products.id', 'reviews.product_id')
          .innerJoin('users', 'users.id', 'reviews.user_id')
          .innerJoin('orders', 'orders.id', 'reviews.order_id')
          .select([...reviewColumns, 'products.name as product_name', 'users.email as customer_email', 'orders.order_number'])
          .orderBy('reviews.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count) };
    },

    adminRow: (id: number, executor: DbExecutor = db) =>
      executor
        .selectFrom('reviews')
        .innerJoin('products', 'products.id', 'reviews.product_id')
        .innerJoin('users', 'users.id', 'reviews.user_id')
        .innerJoin('orders', 'orders.id', 'reviews.order_id')
        .select([...reviewColumns, 'products.name as product_name', 'users.email as customer_email', 'orders.order_number'])
        .where('reviews.id', '=', id)
        .executeTakeFirst(),

    /**
     * Customers' orders delivered between `after` and `before` whose buyer was not yet asked for a
     * review, oldest first. Guests' orders are left out: a review needs an account.
     */
    dueReviewRequests: (before: string, after: string, limit: number) =>
      db
        .selectFrom('orders')
        .innerJoin('order_status_history as delivered', (join) =>
          join.onRef('delivered.order_id', '=', 'orders.id').on('delivered.to_status', '=', 'delivered'),
        )
        .select(['orders.id', 'orders.order_number', 'orders.email', 'orders.first_name'])
        .distinct()
        .where('orders.status', '=', 'delivered')
        .where('orders.user_id', 'is not', null)
        .where('delivered.created_at', '<=', before)
        .where('delivered.created_at', '>', after)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('review_requests').select('review_requests.order_id').whereRef('review_requests.order_id', '=', 'orders.id'),
            ),
          ),
        )
        .orderBy('orders.id')
        .limit(limit)
        .execute(),

    /** Claims the order's request: true for the one process whose row went in, so a buyer is asked once. */
    async claimReviewRequest(orderId: number): Promise<boolean> {
      const claimed = await db
        .insertInto('review_requests')
        .values({ order_id: orderId, sent_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column('order_id').doNothing())
        .returning('order_id')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /** Gives a claim back when its e-mail could not be sent, so a later run tries again. */
    releaseReviewRequest: (orderId: number) => db.deleteFrom('review_requests').where('order_id', '=', orderId).execute(),

    /** The order's products still on sale, once each, to be reviewed. */
    productsToReview: (orderId: number) =>
      db
        .selectFrom('order_items')
        .innerJoin('products', 'products.id', 'order_items.product_id')
        .select(['products.id', 'products.name'])
        .distinct()
        .where('order_items.order_id', '=', orderId)
        .where('products.status', '=', 'active')
        .orderBy('products.id')
        .execute(),

    moderate: (id: number, change: { status: ReviewStatus; reply: string | null }, executor: DbExecutor) =>
      executor
        .updateTable('reviews')
        .set({ ...change, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute(),
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
export type ReviewRow = NonNullable<Awaited<ReturnType<ReviewsRepository['find']>>>;
export type AdminReviewRow = NonNullable<Awaited<ReturnType<ReviewsRepository['adminRow']>>>;
