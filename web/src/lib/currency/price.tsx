import { useCurrency } from '@/lib/currency/currency-context.tsx';

/** A JMD amount from the API in the shopper's currency. */
export function Price({ amount, className }: { amount: unknown; className?: string }) {
  const { format } = useCurrency();
  return <span className={className}>{format(amount)}</span>;
}
