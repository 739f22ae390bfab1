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
      (await db.selectFrom('products').select('id').where('id', '=', productId).where('status', '=', 'active').executeTakeFirst()) !== undefined,

    reviewOf: (userId: number, productId: number) =>
      db.selectFrom('reviews').select('id').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst(),

    insert: (row: Insertable<ReviewTable>, executor: DbExecutor = db) =>
      executor.insertInto('reviews').values(row).returning('id').executeTakeFirstOrThrow(),

    find: (id: number, executor: DbExecutor = db) => executor.selectFrom('reviews').select(reviewColumns).where('id', '=', id).executeTakeFirst(),

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
        : db.selectFrom('review_photos').select(['id', 'review_id', 'path', 'width', 'height']).where('review_id', 'in', reviewIds).orderBy('id').execute(),

    /**
     * Row-locks the review on PostgreSQL (SQLite's write transaction is already alone), so two
     * uploads to one review count its photos one after the other.
     */
    lockReview: (id: number, executor: DbExecutor) => executor.updateTable('reviews').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).execute(),

    async photoCount(reviewId: number, executor: DbExecutor) {
      const row = await executor.selectFrom('review_photos').select((eb) => eb.fn.countAll<number | string>().as('count')).where('review_id', '=', reviewId).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    insertPhoto: (row: Insertable<ReviewPhotoTable>, executor: DbExecutor) => executor.insertInto('review_photos').values(row).returning('id').executeTakeFirstOrThrow(),

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

    moderate: (id: number, change: { status: ReviewStatus; reply: string | null }, executor: DbExecutor) =>
      executor.updateTable('reviews').set({ ...change, updated_at: new Date().toISOString() }).where('id', '=', id).execute(),
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
export type ReviewRow = NonNullable<Awaited<ReturnType<ReviewsRepository['find']>>>;
export type AdminReviewRow = NonNullable<Awaited<ReturnType<ReviewsRepository['adminRow']>>>;
