/** A grey block that stands in for content still loading; hidden from assistive technology. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`rounded-lg bg-stone-200 motion-safe:animate-pulse ${className}`} />;
}

/** The place of a part still loading: a grey block of the part's size, its label read to assistive technology. */
export function SkeletonBlock({ label, className }: { label: string; className: string }) {
  return (
    <div aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      <Skeleton className="size-full" />
    </div>
  );
}
