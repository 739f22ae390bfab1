// Reviews' words and rules, apart from their schemas so that a page showing them loads no zod.

export const reviewFits = ['small', 'true_to_size', 'large'] as const;
export type ReviewFit = (typeof reviewFits)[number];

export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const reviewLimits = { titleLength: 120, bodyLength: 4000, replyLength: 2000, photos: 4, pageSize: 10 } as const;

/** Days after delivery a buyer is asked for a review, until the owner sets `review_request_days`. */
export const defaultReviewRequestDays = 7;
export const maxReviewRequestDays = 60;

/** How many approved reviews must agree before the size picker says how a style fits. */
export const fitVerdictMinimum = 5;

export const reviewFitWords: Record<ReviewFit, string> = {
  small: 'Runs small',
  true_to_size: 'True to size',
  large: 'Runs large',
};

/** What the size picker says once buyers agree (see `fitVerdict`). */
export const fitVerdictWords: Record<ReviewFit, string> = {
  small: 'Most buyers say it runs small',
  true_to_size: 'Most buyers say it fits true to size',
  large: 'Most buyers say it runs large',
};

export interface FitCounts {
  small: number;
  true_to_size: number;
  large: number;
}

/**
 * How a style fits, when buyers agree: at least `fitVerdictMinimum` reviews and one fit named by
 * more than half of them. Null otherwise (too few, or opinions split).
 */
export function fitVerdict(counts: FitCounts): ReviewFit | null {
  const total = counts.small + counts.true_to_size + counts.large;
  if (total < fitVerdictMinimum) return null;
  return reviewFits.find((fit) => counts[fit] * 2 > total) ?? null;
}

export const reviewMessages = {
  signInToReview: 'Sign in to review this product.',
  onlyBuyers: 'Only customers whose order with this product was delivered can review it.',
  alreadyReviewed: 'You have already reviewed this product.',
  notFound: 'Review not found.',
  notAuthor: 'Only the author of a review can add photos to it.',
  tooManyPhotos: `A review has at most ${reviewLimits.photos} photos.`,
  photoInvalid: 'The photo must be a JPEG, PNG, WebP, GIF, AVIF or HEIF picture.',
  photoMissing: 'Send the photo as the `photo` field of a multipart form.',
  submitted: 'Thank you! Your review will appear once the shop has checked it.',
  verifiedPurchase: 'Verified purchase',
} as const;
