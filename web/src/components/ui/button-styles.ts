const base =
  'inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants = {
  primary: 'bg-stone-900 text-white hover:bg-stone-700',
  secondary: 'bg-white text-stone-900 ring-1 ring-inset ring-stone-300 hover:bg-stone-100',
  inverse: 'bg-white text-stone-900 hover:bg-brand-50',
  'inverse-outline': 'text-white ring-1 ring-inset ring-white/70 hover:bg-white/10',
} as const;

export type ButtonVariant = keyof typeof variants;

/** Classes shared by buttons and by links that look like buttons. */
export function buttonClass(variant: ButtonVariant): string {
  return `${base} ${variants[variant]}`;
}
