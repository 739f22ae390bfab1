/** A native select styled like the shop's text fields (44px high for touch). */
export const selectClass =
  'h-11 rounded-xl border-0 bg-white pr-9 pl-3.5 text-base text-stone-900 ring-1 ring-inset ring-stone-300 focus:ring-2 focus:ring-brand-600 sm:text-sm';
