import { useState } from 'react';
import type { ProductImage as ProductImageData } from '@threadline/contracts';

export const placeholderImage = '/static/media/placeholder-640.webp';

interface ProductImageProps {
  image: ProductImageData | undefined;
  /**
   * Used when the image has no alternative text of its own; '' marks a decorative copy (a
   * thumbnail inside a labelled button).
   */
  alt: string;
  /** The rendered width per breakpoint, so the browser picks the right candidate from `srcset`. */
  sizes: string;
  /** The first image a shopper sees: fetched eagerly and ahead of others. */
  priority?: boolean;
  className?: string;
}

/**
 * A product photo with responsive candidates and its intrinsic size (so nothing shifts as it loads);
 * a missing or broken image shows the shop's placeholder instead.
 */
export function ProductImage({ image, alt, sizes, priority = false, className = '' }: ProductImageProps) {
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const broken = !image || failedSource === image.image;
  return (
    <img
      src={broken ? placeholderImage : image.image}
      srcSet={broken ? undefined : image.srcset}
      sizes={broken ? undefined : sizes}
      width={image?.width ?? 640}
      height={image?.height ?? 640}
      alt={alt === '' ? '' : image?.alt_text || alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'auto' : 'async'}
      onError={() => {
        if (image) setFailedSource(image.image);
      }}
      className={className}
    />
  );
}
