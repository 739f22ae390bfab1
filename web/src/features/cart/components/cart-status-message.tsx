import type { CartStatus } from '../hooks/use-cart-actions.ts';

/**
 * The cart's live regions, present before anything is said so screen readers hear each change:
 * successes only for them (the change itself shows), failures for everyone. Empty, they take no
 * room; `className` places the failure when there is one.
 */
export function CartStatusMessage({ status, className = '' }: { status: CartStatus | null; className?: string }) {
  return (
    <>
      <output className="sr-only">{status?.tone === 'done' ? <span key={status.id}>{status.text}</span> : null}</output>
      <div role="alert">
        {status?.tone === 'error' ? (
          <p key={status.id} className={`rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}>
            {status.text}
          </p>
        ) : null}
      </div>
    </>
  );
}
