import type { ReactNode } from 'react';

/** The header row style every back-office list shares. */
export const adminTableHeadClass = 'bg-stone-100 text-xs tracking-wide text-stone-600 uppercase';

const frameClass =
  'relative overflow-x-auto rounded-2xl bg-white ring-1 ring-stone-200 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The frame of a back-office table. Wide tables scroll sideways in their own box on a phone, so the
 * box takes focus (a keyboard can scroll it; axe's scrollable-region-focusable) and is named for
 * screen readers. `relative` keeps a header's visually hidden text inside the scrolling box.
 */
export function AdminTable({ label, minWidthClass, children }: { label: string; minWidthClass: string; children: ReactNode }) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className={frameClass}>
      <table className={`w-full text-left text-sm ${minWidthClass}`}>{children}</table>
    </section>
  );
}
