import { currencies } from '@threadline/contracts';
import { useCurrency } from '@/lib/currency/currency-context.tsx';
import { CurrencySelector } from '@/features/navigation/components/currency-selector.tsx';

/** The header's currency selector, from a small tablet's width up (a phone has it in the menu). */
export function HeaderCurrency() {
  const { currency, setCurrency, status, error, refresh } = useCurrency();
  return (
    <CurrencySelector
      currencies={currencies}
      currency={currency}
      onSelect={setCurrency}
      status={status}
      error={error}
      onOpen={() => void refresh()}
    />
  );
}
