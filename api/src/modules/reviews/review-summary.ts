import type { ReviewFit, ReviewSummary } from '@threadline/contracts';

export interface ReviewTally {
  rating: number;
  fit: ReviewFit;
  count: number;
}

/** Stars to one decimal, as the summary and the product answer give them. */
export const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The summary of a product's approved reviews, folded from their counts by stars and fit. */
export function summarize(tallies: readonly ReviewTally[]): ReviewSummary {
  const summary: ReviewSummary = {
    average: null,
    count: 0,
    distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    fit: { small: 0, true_to_size: 0, large: 0 },
  };
  let stars = 0;
  for (const { rating, fit, count } of tallies) {
    summary.count += count;
    stars += rating * count;
    if (rating >= 1 && rating <= 5) summary.distribution[rating as 1 | 2 | 3 | 4 | 5] += count;
    summary.fit[fit] += count;
  }
  if (summary.count > 0) summary.average = oneDecimal(stars / summary.count);
  return summary;
}

/** "Ayesha C.": a first name and the initial of the last, so a review never shows a full name. */
export function authorName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = [...lastName.trim()][0];
  if (first === '') return initial ? `${initial.toUpperCase()}.` : 'A customer';
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
