import { randomBytes } from 'node:crypto';
import {
  profilePictureLimits,
  reviewLimits,
  reviewMessages,
  serverMessages,
  type AdminReview,
  type AdminReviewList,
  type AdminReviewQuery,
  type AdminReviewUpdate,
  type Review,
  type ReviewEligibility,
  type ReviewInput,
  type ReviewList,
  type ReviewListQuery,
  type ReviewPhoto,
} from '@threadline/contracts';
import { adminList } from '../../admin-list.ts';
import { isUniqueViolation, type DatabaseHandle } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound, ShopError } from '../../errors.ts';
import type { MediaStore } from '../../media/media-store.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import { reencodePhoto } from '../../media/photo-upload.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { authorName, summarize } from './review-summary.ts';
import type { AdminReviewRow, ReviewRow, ReviewsRepository } from './reviews.repository.ts';

export interface ReviewsDependencies {
  database: DatabaseHandle;
  repository: ReviewsRepository;
  audit: AuditService;
  media: { store: MediaStore; urls: MediaUrls };
  /** Tells every process the product's answers (its rating, its cards) changed. */
  productChanged: (productId: number) => Promise<void>;
}

const maxPhotoPixels = profilePictureLimits.megapixels * 1_000_000;
/** A photo is kept at most this wide and tall: enough for a phone's full screen. */
const photoSide = 1280;

/** Reviews from buyers with fit (KINGSTON.md §6): posted by customers, shown once staff approve them. */
export function createReviewsService({ database, repository, audit, media, productChanged }: ReviewsDependencies) {
  type PhotoRow = Awaited<ReturnType<ReviewsRepository['photosOf']>>[number];
  const photoView = (row: PhotoRow): ReviewPhoto => ({
    id: row.id,
    image: media.urls.file(row.path),
    width: row.width,
    height: row.height,
  });

  /** Reviews as shoppers see them, each with its photos (one query for the page). */
  async function withPhotos<Row extends ReviewRow>(rows: Row[]): Promise<(Row & { photos: ReviewPhoto[] })[]> {
    const photos = await repository.photosOf(rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, photos: photos.filter((photo) => photo.review_id === row.id).map(photoView) }));
  }

  const reviewView = (row: ReviewRow & { photos: ReviewPhoto[] }): Review => ({
    id: row.id,
    rating: row.rating,
    fit: row.fit,
    title: row.title,
    body: row.body,
    author_name: row.author_name,
    // Every review comes from a delivered order: the rule for posting one.
    verified_purchase: true,
    size_bought: row.size_bought,
    color_bought: row.color_bought,
    created_at: row.created_at,
    photos: row.photos,
    reply: row.reply,
  });

  const adminView = (row: AdminReviewRow & { photos: ReviewPhoto[] }): AdminReview => ({
    ...reviewView(row),
    status: row.status,
    product: { id: row.product_id, name: row.product_name },
    customer_email: row.customer_email,
    order_number: row.order_number,
    updated_at: row.updated_at,
  });

  async function requireProduct(productId: number) {
    if (!(await repository.productExists(productId))) throw notFound(serverMessages.productNotFound);
  }

  /** The photo checked by its content, then re-encoded (metadata stripped, bounded size, WebP), as profile pictures are. */
  async function encodePhoto(upload: Buffer) {
    const photo = await reencodePhoto(upload, maxPhotoPixels, photoSide);
    if (photo === 'too-large') {
      throw new ShopError(413, serverMessages.profilePictureTooLarge(profilePictureLimits.megabytes, profilePictureLimits.megapixels));
    }
    if (photo === 'invalid') throw badRequest(reviewMessages.photoInvalid);
    return photo;
  }

  return {
    /** A product's approved reviews, newest first, a page at a time, with the summary of them all. */
    async list(productId: number, query: ReviewListQuery): Promise<ReviewList> {
      await requireProduct(productId);
      const offset = (query.page - 1) * reviewLimits.pageSize;
      const [{ rows, count }, tallies] = await Promise.all([
        repository.approvedPage(productId, reviewLimits.pageSize, offset),
        repository.approvedTallies(productId),
      ]);
      const link = (page: number) => `/api/product/${productId}/reviews/?page=${page}`;
      return {
        count,
        next: offset + rows.length < count ? link(query.page + 1) : null,
        previous: query.page > 1 ? link(query.page - 1) : null,
        results: (await withPhotos(rows)).map(reviewView),
        summary: summarize(tallies),
      };
    },

    async eligibility(userId: number | null, productId: number): Promise<ReviewEligibility> {
      await requireProduct(productId);
      if (userId === null) return { eligible: false, reason: 'sign_in' };
      if (await repository.reviewOf(userId, productId)) return { eligible: false, reason: 'already_reviewed' };
      if (!(await repository.deliveredPurchase(userId, productId))) return { eligible: false, reason: 'not_delivered' };
      return { eligible: true, reason: null };
    },

    /** A buyer's review, pending until staff approve it; the unique index keeps it one a customer a product, races included. */
    async create(userId: number, productId: number, input: ReviewInput): Promise<Review> {
      await requireProduct(productId);
      const purchase = await repository.deliveredPurchase(userId, productId);
      if (!purchase) throw forbidden(reviewMessages.onlyBuyers);
      if (await repository.reviewOf(userId, productId)) throw conflict(reviewMessages.alreadyReviewed);
      const author = await repository.author(userId);
      const now = new Date().toISOString();
      const { id } = await repository
        .insert({
          product_id: productId,
          user_id: userId,
          order_id: purchase.order_id,
          rating: input.rating,
          fit: input.fit,
          title: input.title,
          body: input.body,
          author_name: authorName(author?.first_name ?? '', author?.last_name ?? ''),
          size_bought: purchase.size,
          color_bought: purchase.color,
          status: 'pending',
          reply: null,
          created_at: now,
          updated_at: now,
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(reviewMessages.alreadyReviewed);
          throw error;
        });
      const row = await repository.find(id);
      if (!row) throw notFound(reviewMessages.notFound);
      return reviewView({ ...row, photos: [] });
    },

    /** A photo of the author's own review, at most `reviewLimits.photos` a review (counted under the review's lock). */
    async addPhoto(userId: number, reviewId: number, upload: Buffer): Promise<ReviewPhoto> {
      const review = await repository.find(reviewId);
      if (!review) throw notFound(reviewMessages.notFound);
      if (review.user_id !== userId) throw forbidden(reviewMessages.notAuthor);
      if ((await repository.photosOf([reviewId])).length >= reviewLimits.photos) throw conflict(reviewMessages.tooManyPhotos);
      const photo = await encodePhoto(upload);
      const path = `reviews/${reviewId}-${randomBytes(8).toString('hex')}.webp`;
      await media.store.put(path, photo.data, 'image/webp');
      const stored = await database
        .writeTransaction(async (trx) => {
          await repository.lockReview(reviewId, trx);
          if ((await repository.photoCount(reviewId, trx)) >= reviewLimits.photos) throw conflict(reviewMessages.tooManyPhotos);
          return repository.insertPhoto(
            { review_id: reviewId, path, width: photo.width, height: photo.height, created_at: new Date().toISOString() },
            trx,
          );
        })
        .catch(async (error: unknown) => {
          await media.store.remove(path);
          throw error;
        });
      if (review.status === 'approved') await productChanged(review.product_id);
      return { id: stored.id, image: media.urls.file(path), width: photo.width, height: photo.height };
    },

    async adminList(query: AdminReviewQuery): Promise<AdminReviewList> {
      const { rows, count } = await repository.adminPage(query);
      return adminList('/api/admin/reviews/', query, count, (await withPhotos(rows)).map(adminView));
    },

    /** Approves, rejects or answers a review; recorded in the audit log with the review before and after. */
    async moderate(staff: StaffMember, id: number, update: AdminReviewUpdate): Promise<AdminReview> {
      const { before, after } = await database.writeTransaction(async (trx) => {
        const found = await repository.find(id, trx);
        if (!found) throw notFound(reviewMessages.notFound);
        const reply = update.reply === undefined ? found.reply : update.reply === null || update.reply === '' ? null : update.reply;
        const change = { status: update.status, reply };
        if (change.status !== found.status || change.reply !== found.reply) {
          await repository.moderate(id, change, trx);
          await audit.record(
            staff,
            { action: 'moderate', entity: 'review', entityId: id, before: { status: found.status, reply: found.reply }, after: change },
            trx,
          );
        }
        return { before: found, after: change };
      });
      // What shoppers see changes only with an approved review: the product's rating and its reviews.
      if (before.status === 'approved' || after.status === 'approved') await productChanged(before.product_id);
      const row = await repository.adminRow(id);
      if (!row) throw notFound(reviewMessages.notFound);
      return adminView((await withPhotos([row]))[0] ?? { ...row, photos: [] });
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
