import { BadgeCheck } from 'lucide-react';
import { reviewFitWords, type Review, type ReviewSummary } from '@threadline/contracts';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { useReviews } from '../api/get-reviews.ts';
import { ReviewForm } from './review-form.tsx';

const dateFormat = new Intl.DateTimeFormat('en-JM', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Jamaica' });
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The product page's reviews: the summary, the approved reviews a page at a time, and the form for buyers. */
export function ProductReviews({ productId, productName }: { productId: number; productName: string }) {
  const reviews = useReviews(productId);
  const pages = reviews.data?.pages ?? [];
  const summary = pages[0]?.summary;
  const shown = pages.flatMap((page) => page.results);

  return (
    <section aria-labelledby="reviews-heading" className="mt-16 border-t border-stone-200 pt-12">
      <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight">
        Reviews
      </h2>
      <div className="mt-6 grid gap-10 lg:grid-cols-[20rem_1fr]">
        <div className="flex flex-col gap-8">
          {summary ? <SummaryPanel summary={summary} /> : null}
          <ReviewForm productId={productId} productName={productName} />
        </div>
        <div>
          {reviews.isPending ? (
            <div aria-busy="true" className="flex flex-col gap-4">
              <output className="sr-only">Loading reviews…</output>
              <Skeleton className="h-24 w-full rounded-2xl" />
              <Skeleton className="h-24 w-full rounded-2xl" />
            </div>
          ) : reviews.isError && shown.length === 0 ? (
            <ErrorBox>
              <p>The reviews could not be loaded. {reviews.error.message}</p>
              <button type="button" onClick={() => void reviews.refetch()} className="font-semibold underline">
                Try again
              </button>
            </ErrorBox>
          ) : shown.length === 0 ? (
            <p className="text-stone-600">No reviews yet. Bought this? Tell other shoppers how it fits.</p>
          ) : (
            <>
              <ul className="flex flex-col divide-y divide-stone-200">
                {shown.map((review) => (
                  <ReviewItem key={review.id} review={review} />
                ))}
              </ul>
              {reviews.hasNextPage ? (
                <button
                  type="button"
                  onClick={() => void reviews.fetchNextPage()}
                  disabled={reviews.isFetchingNextPage}
                  className={`${buttonClass('secondary')} mt-6`}
                >
                  {reviews.isFetchingNextPage ? 'Loading…' : 'Load more reviews'}
                </button>
              ) : null}
              {reviews.isFetchNextPageError ? (
                <ErrorBox className="mt-4">More reviews could not be loaded. Please try again.</ErrorBox>
              ) : null}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function SummaryPanel({ summary }: { summary: ReviewSummary }) {
  if (summary.average === null) return null;
  const bars = [5, 4, 3, 2, 1] as const;
  return (
    <div>
      <p className="flex items-center gap-3">
        <span className="text-4xl font-bold">{summary.average.toFixed(1)}</span>
        <span className="flex flex-col gap-1">
          <StarRating value={summary.average} className="h-5" />
          <span className="text-sm text-stone-600">Based on {plural(summary.count, 'review')}</span>
        </span>
      </p>
      <dl className="mt-4 flex flex-col gap-1.5 text-sm">
        {bars.map((stars) => (
          <div key={stars} className="grid grid-cols-[4rem_1fr_2rem] items-center gap-2">
            <dt className="text-stone-700">{plural(stars, 'star')}</dt>
            <dd className="h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
              <div
                className="h-full rounded-full bg-amber-500"
                style={{ width: `${(summary.distribution[stars] / summary.count) * 100}%` }}
              />
            </dd>
            <dd className="text-right text-stone-700">{summary.distribution[stars]}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-stone-900">How it fits</h3>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-center text-sm">
        {(['small', 'true_to_size', 'large'] as const).map((fit) => (
          <div key={fit} className="rounded-xl bg-stone-100 px-2 py-2">
            <dt className="text-stone-700">{reviewFitWords[fit]}</dt>
            <dd className="text-lg font-semibold">{summary.fit[fit]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const bought = [review.size_bought ? `Size ${review.size_bought}` : null, review.color_bought ? `Colour ${review.color_bought}` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="py-6 first:pt-0">
      <article aria-label={review.title}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <StarRating value={review.rating} className="h-4" />
          <h3 className="font-semibold text-stone-900">{review.title}</h3>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
          <span className="font-medium text-stone-800">{review.author_name}</span>
          {review.verified_purchase ? (
            <span className="inline-flex items-center gap-1 font-medium text-brand-800">
              <BadgeCheck className="size-4" aria-hidden="true" />
              Verified purchase
            </span>
          ) : null}
          <time dateTime={review.created_at}>{dateFormat.format(new Date(review.created_at))}</time>
        </p>
        <p className="mt-1 text-sm text-stone-600">
          {bought ? `${bought} · ` : ''}
          {reviewFitWords[review.fit]}
        </p>
        <p className="mt-3 whitespace-pre-line text-stone-800">{review.body}</p>
        {review.photos.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
            {review.photos.map((photo, index) => (
              <li key={photo.id}>
                <a href={photo.image} target="_blank" rel="noreferrer" className="block rounded-lg">
                  <img
                    src={photo.image}
                    alt={`Shared by ${review.author_name}, ${index + 1} of ${review.photos.length}`}
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                    className="size-20 rounded-lg object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {review.reply ? (
          <div className="mt-3 rounded-xl bg-stone-100 px-4 py-3 text-sm">
            <p className="font-semibold text-stone-900">Reply from the shop</p>
            <p className="mt-1 whitespace-pre-line text-stone-700">{review.reply}</p>
          </div>
        ) : null}
      </article>
    </li>
  );
}
