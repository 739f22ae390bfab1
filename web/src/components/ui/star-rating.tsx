import { useId } from 'react';

/** One star of side 20, drawn at `x`. */
const starPath = (x: number) => `M${x + 10} 1.5l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6-4.5-4.2 6.1-.7z`;
const fiveStars = [0, 20, 40, 60, 80].map(starPath).join('');

/**
 * A row of five stars filled to `value` (0–5): one small SVG, so a product card gains no icon or
 * library. Grey stars with gold ones over them, cut at the rating; a screen reader reads it as one
 * image ("Rated 4.5 out of 5").
 */
export function StarRating({ value, className = 'h-4' }: { value: number; className?: string }) {
  const clipId = useId();
  const shown = Math.max(0, Math.min(5, value));
  return (
    <svg
      role="img"
      aria-label={`Rated ${value} out of 5`}
      viewBox="0 0 100 20"
      className={`inline-block aspect-[5/1] w-auto shrink-0 ${className}`}
    >
      <clipPath id={clipId}>
        <rect width={shown * 20} height="20" />
      </clipPath>
      <path d={fiveStars} className="fill-stone-300" />
      <path d={fiveStars} clipPath={`url(#${clipId})`} className="fill-amber-500" />
    </svg>
  );
}
