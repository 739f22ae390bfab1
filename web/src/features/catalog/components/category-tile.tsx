import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { placeholderImage } from '@/components/product/product-image.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';

interface CategoryTileProps {
  name: string;
  to: string;
  /** Null when the category has no picture; undefined while that is not known yet. */
  image: string | null | undefined;
  productCount?: number;
  headingLevel?: 2 | 3;
}

/** Category pictures are rendered square at 640 pixels, with the name printed along the bottom. */
const tileImageSize = 640;

export function CategoryTile({ name, to, image, productCount, headingLevel = 3 }: CategoryTileProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link to={to} className="group flex flex-col rounded-2xl">
      <div className="aspect-[4/3] overflow-hidden rounded-2xl bg-stone-100">
        {image === undefined ? (
          <Skeleton className="size-full rounded-none" />
        ) : (
          <img
            src={image ?? placeholderImage}
            alt=""
            width={tileImageSize}
            height={tileImageSize}
            loading="lazy"
            decoding="async"
            onError={(event) => {
              if (!event.currentTarget.src.endsWith(placeholderImage)) event.currentTarget.src = placeholderImage;
            }}
            // The landscape crop leaves out the printed name, which the tile sets in its own type.
            className="size-full object-cover object-[50%_15%] transition-transform duration-500 motion-safe:group-hover:scale-105"
          />
        )}
      </div>
      <Heading className="mt-3 text-base font-bold tracking-tight text-stone-900 group-hover:text-brand-800 sm:text-lg">{name}</Heading>
      <p className="mt-0.5 flex items-center gap-1.5 text-sm text-stone-600">
        {productCount === undefined ? 'Shop now' : `${productCount} ${productCount === 1 ? 'product' : 'products'}`}
        <ArrowRight className="size-4 transition-transform motion-safe:group-hover:translate-x-1" aria-hidden="true" />
      </p>
    </Link>
  );
}

export function CategoryTileSkeleton() {
  return (
    <div aria-hidden="true">
      <Skeleton className="aspect-[4/3] rounded-2xl" />
      <Skeleton className="mt-3 h-5 w-1/2" />
      <Skeleton className="mt-1.5 h-4 w-1/3" />
    </div>
  );
}
