import { messages, type Currency, type CurrencyCode } from '@threadline/contracts';
import { Check, ChevronDown } from 'lucide-react';
import { DropdownMenu, DropdownMenuRadioItem } from '@/components/ui/dropdown-menu.tsx';
import { CurrencyFlag } from './currency-flag.tsx';

export interface CurrencyChoice {
  currencies: readonly Currency[];
  currency: Currency;
  onSelect: (code: CurrencyCode) => void;
  /** 'live': today's rates; 'cached': an earlier day's or the fallback rates. */
  status: 'live' | 'cached';
  error: string | null;
}

/** SPEC §8: 'Live rates' unless the rates are old or the last refresh failed. */
export function RatesStatus({ status, error }: Pick<CurrencyChoice, 'status' | 'error'>) {
  const live = status === 'live' && error === null;
  return (
    <div aria-live="polite" className="space-y-1 text-xs">
      <p className="flex items-center gap-2 text-stone-600">
        <span aria-hidden="true" className={`size-2 rounded-full ${live ? 'bg-brand-500' : 'bg-amber-500'}`} />
        {live ? messages.ratesLive : messages.ratesCached}
      </p>
      {error && <p className="text-red-700">{error}</p>}
    </div>
  );
}

export function CurrencyLabel({ currency }: { currency: Currency }) {
  return (
    <>
      <CurrencyFlag code={currency.code} />
      <span className="flex-1">
        <span className="block font-semibold text-stone-900">
          {currency.code} <span className="font-normal text-stone-600">({currency.symbol})</span>
        </span>
        <span className="block text-xs text-stone-600">{currency.label}</span>
      </span>
    </>
  );
}

/** The header's currency menu; opening it asks for fresh rates (SPEC §7: 'triggered … from the currency menu'). */
export function CurrencySelector({ currencies, currency, onSelect, status, error, onOpen }: CurrencyChoice & { onOpen: () => void }) {
  return (
    <DropdownMenu
      triggerLabel={`Currency: ${currency.code}`}
      triggerClassName="inline-flex h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-900 aria-expanded:bg-stone-100"
      trigger={
        <>
          <CurrencyFlag code={currency.code} className="h-3.5 w-5" />
          {currency.code}
          <ChevronDown className="size-4 text-stone-500" aria-hidden="true" />
        </>
      }
      menuLabel="Currency"
      onOpen={onOpen}
      footer={
        <div className="mt-1 border-t border-stone-200 px-3 pt-2.5 pb-1.5">
          <RatesStatus status={status} error={error} />
        </div>
      }
    >
      {currencies.map((option) => (
        <DropdownMenuRadioItem key={option.code} checked={option.code === currency.code} onSelect={() => onSelect(option.code)}>
          <CurrencyLabel currency={option} />
          <Check className={`size-4 text-brand-700 ${option.code === currency.code ? '' : 'invisible'}`} aria-hidden="true" />
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenu>
  );
}

/** The mobile menu's currency choice: plain radio buttons, since a menu inside a dialog is one layer too many. */
export function CurrencyOptions({ currencies, currency, onSelect, status, error }: CurrencyChoice) {
  return (
    <fieldset>
      <legend className="px-3 text-xs font-semibold tracking-[0.2em] text-stone-500 uppercase">Currency</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 px-3">
        {currencies.map((option) => (
          <label
            key={option.code}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-sm ring-1 ring-stone-200 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name="currency"
              value={option.code}
              checked={option.code === currency.code}
              onChange={() => onSelect(option.code)}
              className="sr-only"
            />
            <CurrencyLabel currency={option} />
          </label>
        ))}
      </div>
      <div className="mt-3 px-3">
        <RatesStatus status={status} error={error} />
      </div>
    </fieldset>
  );
}
