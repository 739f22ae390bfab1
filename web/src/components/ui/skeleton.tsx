/** A grey block that stands in for content still loading; hidden from assistive technology. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`rounded-lg bg-stone-200 motion-safe:animate-pulse ${className}`} />;
}
