import type { CurrencyCode } from '@threadline/contracts';
import type { ReactNode } from 'react';

// Emoji flags show as two letters on Windows and as empty boxes where no emoji font is installed,
// so each selectable currency gets a drawn flag; a new currency code will not compile without one.
const flags: Record<CurrencyCode, ReactNode> = {
  JMD: (
    <>
      <rect width="12" height="6" fill="#000" />
      <path d="M0 0h12L6 3zM0 6h12L6 3z" fill="#009b3a" />
      <path d="M0 0l12 6M12 0L0 6" stroke="#fed100" strokeWidth="1" />
    </>
  ),
  USD: (
    <>
      <rect width="12" height="6" fill="#fff" />
      <path
        d="M0 0h12v.46H0zM0 .92h12v.46H0zM0 1.85h12v.46H0zM0 2.77h12v.46H0zM0 3.69h12v.46H0zM0 4.62h12v.46H0zM0 5.54h12V6H0z"
        fill="#b22234"
      />
      <rect width="4.8" height="3.23" fill="#3c3b6e" />
    </>
  ),
};

export function CurrencyFlag({ code, className = 'h-4 w-6' }: { code: CurrencyCode; className?: string }) {
  return (
    <svg
      viewBox="0 0 12 6"
      preserveAspectRatio="none"
      aria-hidden="true"
      className={`shrink-0 rounded-[3px] ring-1 ring-stone-950/10 ${className}`}
    >
      {flags[code]}
    </svg>
  );
}
