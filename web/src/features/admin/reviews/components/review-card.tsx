import { useId, useState } from 'react';
import { Link } from 'react-router';
import { reviewFitWords, reviewLimits, type AdminReview, type ReviewStatus } from '@threadline/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useModerateReview } from '../api/moderate-review.ts';

const when = new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium', timeStyle: 'short' });
const smallButton = 'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 ring-inset disabled:opacity-60';
const statusTone: Record<ReviewStatus, BadgeTone> = { pending: 'amber', approved: 'success', rejected: 'danger' };
const statusWords: Record<ReviewStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** One review as staff judge it: the text, what was bought, the photos; approve, reject, and reply in public. */
export function ReviewCard({ review }: { review: AdminReview }) {
  const moderate = useModerateReview();
  const [reply, setReply] = useState(review.reply ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const replyId = useId();
  const headingId = useId();
  const save = (status: ReviewStatus) =>
    moderate.mutate(
      { id: review.id, status, reply: reply.trim() === '' ? null : reply.trim() },
      {
        onSuccess: () => setFailure(null),
        onError: (error) =>
          setFailure(error instanceof ApiError && error.status !== 0 ? error.message : 'Could not reach the shop. Please try again.'),
      },
    );
  const bought = [review.size_bought ? `Size ${review.size_bought}` : null, review.color_bought ? `Colour ${review.color_bought}` : null]
    .filter(Boolean)
    .join(' · ');

  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-stone-200" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={statusTone[review.status]}>{statusWords[review.status]}</Badge>
        <StarRating value={review.rating} className="h-4" />
        <h2 id={headingId} className="min-w-0 font-semibold break-words">
          {review.title}
        </h2>
      </div>
      <p className="mt-1 text-sm break-words text-stone-600">
        <Link to={`/product/${review.product.id}`} className="font-medium text-stone-800 underline">
          {review.product.name}
        </Link>{' '}
        · {review.author_name} ({review.customer_email}) · order {review.order_number} · {when.format(new Date(review.created_at))}
      </p>
      <p className="mt-1 text-sm text-stone-600">
        {bought ? `${bought} · ` : ''}
        {reviewFitWords[review.fit]}
      </p>
      <p className="mt-3 text-sm break-words whitespace-pre-wrap">{review.body}</p>
      {review.photos.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.image} target="_blank" rel="noreferrer" className="block rounded-lg">
                <img
                  src={photo.image}
                  alt={`Shared with the review, ${index + 1} of ${review.photos.length}`}
                  className="size-20 rounded-lg object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4">
        <label htmlFor={replyId} className="mb-1 block text-sm font-medium">
          Public reply <span className="font-normal text-stone-600">(optional)</span>
        </label>
        <textarea
          id={replyId}
          rows={2}
          maxLength={reviewLimits.replyLength}
          value={reply}
          onChange={(event) => setReply(event.target.value)}
          className="block w-full rounded-xl px-3 py-2 text-base ring-1 ring-stone-300 ring-inset focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none sm:text-sm"
        />
      </div>
      {failure ? <ErrorBox className="mt-3">{failure}</ErrorBox> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={moderate.isPending}
          onClick={() => save('approved')}
          className={`${smallButton} bg-stone-900 text-white ring-stone-900 hover:bg-stone-700`}
        >
          {review.status === 'approved' ? 'Save reply' : 'Approve'}
        </button>
        {review.status === 'rejected' ? null : (
          <button
            type="button"
            disabled={moderate.isPending}
            onClick={() => save('rejected')}
            className={`${smallButton} text-red-800 ring-red-300 hover:bg-red-50`}
          >
            Reject
          </button>
        )}
      </div>
    </li>
  );
}
