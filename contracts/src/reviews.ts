import { z } from 'zod';
import { adminPageQuerySchema, adminListSchema } from './admin.ts';
import { pageNumber, text } from './input-bounds.ts';
import { reviewFits, reviewLimits, reviewStatuses } from './review-rules.ts';

/** Text a reviewer must give: trimmed, not blank, bounded, no NUL. */
const reviewText = (max: number, name: string) => text(max).trim().min(1, `${name} is required`);

export const reviewInputSchema = z.object({
  rating: z.number().int().min(1, 'Rating is 1 to 5 stars').max(5, 'Rating is 1 to 5 stars'),
  fit: z.enum(reviewFits),
  title: reviewText(reviewLimits.titleLength, 'Title'),
  body: reviewText(reviewLimits.bodyLength, 'Review'),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewPhotoSchema = z.object({ id: z.number().int(), image: z.string(), width: z.number().int(), height: z.number().int() });
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

/** A review as shoppers see it (KINGSTON.md §6), with the shop's reply when there is one. */
export const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  fit: z.enum(reviewFits),
  title: z.string(),
  body: z.string(),
  /** First name and the initial of the last name. */
  author_name: z.string(),
  verified_purchase: z.boolean(),
  size_bought: z.string().nullable(),
  color_bought: z.string().nullable(),
  created_at: z.string(),
  photos: z.array(reviewPhotoSchema),
  reply: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

const fitCountsSchema = z.object({ small: z.number().int(), true_to_size: z.number().int(), large: z.number().int() });

export const reviewSummarySchema = z.object({
  /** Mean of the approved reviews' stars, to one decimal; null when there are none. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** Reviews per star rating, "1" to "5". */
  distribution: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
  fit: fitCountsSchema,
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewListSchema = adminListSchema(reviewSchema).extend({ summary: reviewSummarySchema });
export type ReviewList = z.infer<typeof reviewListSchema>;

export const reviewListQuerySchema = z.object({ page: pageNumber.default(1) });
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** Whether the signed-in shopper may review the product, and if not, why (the page says so). */
export const reviewEligibilitySchema = z.object({
  eligible: z.boolean(),
  reason: z.enum(['sign_in', 'not_delivered', 'already_reviewed']).nullable(),
});
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;

export const adminReviewSchema = reviewSchema.extend({
  status: z.enum(reviewStatuses),
  product: z.object({ id: z.number().int(), name: z.string() }),
  customer_email: z.string(),
  order_number: z.string(),
  updated_at: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListSchema = adminListSchema(adminReviewSchema);
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

export const adminReviewQuerySchema = adminPageQuerySchema.extend({ status: z.enum(reviewStatuses).optional() });
export type AdminReviewQuery = z.infer<typeof adminReviewQuerySchema>;

/** A moderation: the status, and the shop's public reply (empty or null removes it). */
export const adminReviewUpdateSchema = z.object({
  status: z.enum(reviewStatuses),
  reply: text(reviewLimits.replyLength).trim().nullable().optional(),
});
export type AdminReviewUpdate = z.infer<typeof adminReviewUpdateSchema>;
