import { ChevronLeft, ChevronRight } from 'lucide-react';
import { productImageSizes, type ProductImage as ProductImageData } from '@threadline/contracts';
import { ProductImage } from '@/components/product/product-image.tsx';

const navButton =
  'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow-md backdrop-blur transition-colors hover:bg-white';

/** The first picture of a colour, if the product has one. */
export function firstPictureOf(images: readonly ProductImageData[], color: string | null): number | null {
  const index = color === null ? -1 : images.findIndex((image) => image.color === color);
  return index >= 0 ? index : null;
}

interface ProductGalleryProps {
  images: readonly ProductImageData[];
  name: string;
  /** The picture shown; the page moves it to a colour's first picture when that colour is chosen. */
  index: number;
  onIndexChange(index: number): void;
}

/** The main picture with previous/next and an "n / total" counter, and a thumbnail strip to jump. */
export function ProductGallery({ images, name, index, onIndexChange: setIndex }: ProductGalleryProps) {
  const total = images.length;
  const go = (next: number) => setIndex((next + total) % total);

  return (
    <section aria-label={`${name} photos`} className="lg:sticky lg:top-24 lg:self-start">
      <div className="relative aspect-square overflow-hidden rounded-3xl bg-stone-100">
        <ProductImage image={images[index]} alt={name} sizes={productImageSizes.gallery} priority className="size-full object-cover" />
        {total > 1 ? (
          <>
            <button type="button" aria-label="Previous image" onClick={() => go(index - 1)} className={`${navButton} left-3`}>
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button type="button" aria-label="Next image" onClick={() => go(index + 1)} className={`${navButton} right-3`}>
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
          </>
        ) : null}
        {total > 0 ? (
          <p className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-stone-900/80 px-3 py-1 text-xs font-semibold text-white tabular-nums">
            <span className="sr-only">Image </span>
            {index + 1} / {total}
          </p>
        ) : null}
      </div>
      {total > 1 ? (
        <ul className="mt-4 grid grid-cols-5 gap-3">
          {images.map((image, position) => (
            <li key={image.image}>
              <button
                type="button"
                aria-label={`Show image ${position + 1} of ${total}`}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => setIndex(position)}
                className="block aspect-square w-full overflow-hidden rounded-xl bg-stone-100 ring-2 ring-transparent ring-offset-2 transition hover:ring-stone-300 aria-[current=true]:ring-stone-900"
              >
                <ProductImage image={image} alt="" sizes="120px" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
