import type { ReactNode } from 'react';

const tones = {
  red: 'bg-red-700 text-white',
  green: 'bg-brand-700 text-white',
  dark: 'bg-stone-900 text-white',
  amber: 'bg-amber-100 text-amber-900 ring-1 ring-inset ring-amber-300',
  light: 'bg-white/95 text-stone-900 ring-1 ring-inset ring-stone-200',
  success: 'bg-brand-50 text-brand-800 ring-1 ring-inset ring-brand-200',
  danger: 'bg-red-50 text-red-800 ring-1 ring-inset ring-red-200',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone, children, className = '' }: { tone: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
