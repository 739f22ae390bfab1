const placeholder = '/static/media/placeholder-320.webp';

/** A small square picture of an ordered product; the shop's placeholder when it has none. */
export function OrderThumbnail({ src, alt, className = 'size-14' }: { src: string | null; alt: string; className?: string }) {
  return (
    <img
      src={src || placeholder}
      alt={alt}
      width={56}
      height={56}
      loading="lazy"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(placeholder)) event.currentTarget.src = placeholder;
      }}
      className={`${className} shrink-0 rounded-xl bg-stone-100 object-cover ring-1 ring-stone-200`}
    />
  );
}
