import { Link } from 'react-router';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M9 9.5h14M16 9.5V20c0 3 2.2 4.5 4.6 4.5 1.6 0 2.9-.8 3.4-2"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <Link to="/" className="inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-stone-900">
      <LogoMark className="size-8 text-brand-700" />
      Threadline
    </Link>
  );
}
