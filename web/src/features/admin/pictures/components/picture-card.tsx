import { imageAltTextMax, type AdminImage } from '@threadline/contracts';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { selectClass } from '@/components/ui/field-styles.ts';
import { ColourOptions } from './colour-options.tsx';

const smallButton =
  'inline-flex min-h-11 items-center justify-center gap-1 rounded-full px-3 text-sm font-medium ring-1 ring-inset ring-stone-300 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40';

interface PictureCardProps {
  image: AdminImage;
  index: number;
  count: number;
  busy: boolean;
  onMove(index: number, to: number): void;
  onDescribe(image: AdminImage, altText: string): Promise<boolean>;
  /** The product's variant colours: a picture may show one, and the product page shows it when a shopper picks that colour. */
  colors: string[];
  onColor(image: AdminImage, color: string | null): Promise<boolean>;
  onDelete(image: AdminImage): void;
}

/** One picture: where it stands in the order, buttons to move it, its alt text and delete. */
export function PictureCard({ image, index, count, busy, onMove, onDescribe, colors, onColor, onDelete }: PictureCardProps) {
  const [altText, setAltText] = useState(image.alt_text);
  const changed = altText.trim() !== image.alt_text;
  const label = image.alt_text || `Picture ${index + 1}`;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    await onDescribe(image, altText.trim());
  };
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200 sm:flex-row">
      <img
        src={image.image}
        srcSet={image.srcset}
        sizes="(min-width: 640px) 10rem, 100vw"
        alt={image.alt_text}
        width={image.width}
        height={image.height}
        className="aspect-square w-full rounded-xl bg-stone-100 object-cover sm:w-40"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <p className="text-sm font-semibold">
          {index + 1} of {count}
          {index === 0 ? (
            <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800 ring-1 ring-brand-200 ring-inset">
              Main picture
            </span>
          ) : null}
        </p>
        <form onSubmit={(event) => void save(event)} className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
            Alt text (what the picture shows)
            <input
              value={altText}
              maxLength={imageAltTextMax}
              onChange={(event) => setAltText(event.currentTarget.value)}
              className="h-11 w-full min-w-0 rounded-xl bg-white px-3.5 text-base ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none sm:text-sm"
            />
          </label>
          <button type="submit" className={smallButton} disabled={!changed || busy}>
            Save alt text
          </button>
        </form>
        {colors.length > 0 || image.color !== null ? (
          <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
            Colour it shows
            <select
              className={`${selectClass} w-full`}
              value={image.color ?? ''}
              disabled={busy}
              onChange={(event) => void onColor(image, event.currentTarget.value === '' ? null : event.currentTarget.value)}
            >
              <ColourOptions colors={[...new Set([...colors, ...(image.color === null ? [] : [image.color])])]} />
            </select>
          </label>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={smallButton}
            disabled={index === 0 || busy}
            onClick={() => onMove(index, index - 1)}
            aria-label={`Move ${label} up`}
          >
            <ArrowUp className="size-4" aria-hidden="true" /> Up
          </button>
          <button
            type="button"
            className={smallButton}
            disabled={index === count - 1 || busy}
            onClick={() => onMove(index, index + 1)}
            aria-label={`Move ${label} down`}
          >
            <ArrowDown className="size-4" aria-hidden="true" /> Down
          </button>
          {index > 0 ? (
            <button
              type="button"
              className={smallButton}
              disabled={busy}
              onClick={() => onMove(index, 0)}
              aria-label={`Make ${label} the main picture`}
            >
              Make main
            </button>
          ) : null}
          <button
            type="button"
            className={`${smallButton} text-red-700`}
            disabled={busy}
            onClick={() => onDelete(image)}
            aria-label={`Delete ${label}`}
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
