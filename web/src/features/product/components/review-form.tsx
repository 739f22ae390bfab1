import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { reviewFits, reviewFitWords, reviewLimits, reviewMessages, type ReviewEligibility, type ReviewFit } from '@threadline/contracts';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ChoiceGroup } from '@/components/ui/choice-group.tsx';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { TextAreaField, TextField } from '@/components/ui/text-field.tsx';
import { useAuth } from '@/lib/auth/auth-context.tsx';
import type { SignInNavigationState } from '@/lib/auth/return-to.ts';
import { useReviewEligibility } from '../api/get-review-eligibility.ts';
import { usePostReview, type PostedReview } from '../api/post-review.ts';

const whyNot: Record<NonNullable<ReviewEligibility['reason']>, string> = {
  sign_in: reviewMessages.signInToReview,
  not_delivered: reviewMessages.onlyBuyers,
  already_reviewed: 'You have reviewed this product. Thank you!',
};

const ratingChoices = [1, 2, 3, 4, 5].map((stars) => ({ value: String(stars), label: stars === 1 ? '1 star' : `${stars} stars` }));
const fitChoices = reviewFits.map((fit) => ({ value: fit, label: reviewFitWords[fit] }));

/** The review form for a buyer whose order with the product was delivered; anyone else is told why there is none. */
export function ReviewForm({ productId, productName }: { productId: number; productName: string }) {
  const { user, status } = useAuth();
  const location = useLocation();
  const eligibility = useReviewEligibility(productId, user?.id ?? null);
  const [sent, setSent] = useState<PostedReview | null>(null);

  let content;
  if (sent) {
    content = (
      <>
        <output className="block text-brand-900">{reviewMessages.submitted}</output>
        {sent.photoProblem ? <ErrorBox className="mt-3">{sent.photoProblem}</ErrorBox> : null}
      </>
    );
  } else if (status === 'loading' || (user && eligibility.isPending)) {
    content = (
      <div aria-busy="true">
        <span className="sr-only">Checking whether you can review this product…</span>
        <Skeleton className="h-10 w-full rounded-xl" />
      </div>
    );
  } else if (!user) {
    const state: SignInNavigationState = { returnTo: location.pathname + location.search, message: reviewMessages.signInToReview };
    content = (
      <p className="text-stone-700">
        Bought this?{' '}
        <Link to="/signin" state={state} className="font-semibold text-brand-800 underline">
          Sign in to review it
        </Link>
        .
      </p>
    );
  } else if (eligibility.isError) {
    content = (
      <ErrorBox>
        <p>We could not check whether you can review this product. {eligibility.error.message}</p>
        <button type="button" onClick={() => void eligibility.refetch()} className="font-semibold underline">
          Try again
        </button>
      </ErrorBox>
    );
  } else if (eligibility.data?.eligible) {
    content = <EligibleForm productId={productId} productName={productName} onSent={setSent} />;
  } else {
    content = <p className="text-stone-700">{whyNot[eligibility.data?.reason ?? 'not_delivered']}</p>;
  }

  return (
    <div className="rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200 ring-inset sm:p-6">
      <h3 className="mb-3 text-lg font-semibold">Write a review</h3>
      {content}
    </div>
  );
}

function EligibleForm({ productId, productName, onSent }: { productId: number; productName: string; onSent(posted: PostedReview): void }) {
  const post = usePostReview(productId);
  const [rating, setRating] = useState<string | null>(null);
  const [fit, setFit] = useState<ReviewFit | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rating === null || fit === null || title.trim() === '' || body.trim() === '') {
      setProblem('Give a star rating, how it fits, a title and your review.');
      return;
    }
    if (photos.length > reviewLimits.photos) {
      setProblem(reviewMessages.tooManyPhotos);
      return;
    }
    setProblem(null);
    post.mutate({ input: { rating: Number(rating), fit, title: title.trim(), body: body.trim() }, photos }, { onSuccess: onSent });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Review of ${productName}`} className="flex flex-col gap-5">
      <ChoiceGroup legend="Your rating" name={`review-rating-${productId}`} choices={ratingChoices} value={rating} onChange={setRating} />
      <ChoiceGroup
        legend="How does it fit?"
        name={`review-fit-${productId}`}
        choices={fitChoices}
        value={fit}
        onChange={(value) => setFit(value as ReviewFit)}
      />
      <TextField
        label="Title"
        value={title}
        maxLength={reviewLimits.titleLength}
        onChange={(event) => setTitle(event.target.value)}
        required
      />
      <TextAreaField
        label="Your review"
        rows={5}
        value={body}
        maxLength={reviewLimits.bodyLength}
        onChange={(event) => setBody(event.target.value)}
        required
      />
      <div>
        <label htmlFor={`review-photos-${productId}`} className="mb-1.5 block text-sm font-medium text-stone-800">
          Photos <span className="font-normal text-stone-500">(optional, up to {reviewLimits.photos})</span>
        </label>
        <input
          id={`review-photos-${productId}`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heif"
          multiple
          onChange={(event) => setPhotos([...(event.target.files ?? [])])}
          className="block w-full text-sm text-stone-700 file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-stone-200 file:px-4 file:font-semibold"
        />
      </div>
      {problem ? <ErrorBox>{problem}</ErrorBox> : null}
      {post.isError ? <ErrorBox>{post.error.message}</ErrorBox> : null}
      <button type="submit" disabled={post.isPending} className={buttonClass('primary')}>
        {post.isPending ? 'Sending…' : 'Send review'}
      </button>
    </form>
  );
}
