import type { Cart } from '@threadline/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useApplyPromo } from '../api/apply-promo.ts';
import { useRemovePromo } from '../api/remove-promo.ts';

/** SPEC §2: the message is green when it contains 'success' or 'applied', red otherwise. */
export const isGoodPromoMessage = (message: string) => message.includes('success') || message.includes('applied');

/** The cart page's promo code box (SPEC §2, §5). */
export function PromoBox({ cart }: { cart: Cart }) {
  const inputId = useId();
  const [code, setCode] = useState('');
  // An outcome stays said only while the code is as it left it: when the cart changes the code's
  // standing (a removed line takes it below its minimum), the cart's own promo message speaks.
  const [outcome, setOutcome] = useState<{ text: string; code: string | null; valid: boolean } | null>(null);
  const message = outcome && outcome.code === cart.promo_code && outcome.valid === cart.promo_code_valid ? outcome.text : null;
  const setMessage = (text: string, after: Cart = cart) => setOutcome({ text, code: after.promo_code, valid: after.promo_code_valid });
  const apply = useApplyPromo();
  const remove = useRemovePromo();
  const busy = apply.isPending || remove.isPending;

  const onApply = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed === '' || busy) return;
    apply.mutate(trimmed, {
      onSuccess: (answer) => {
        setMessage(answer.message, answer.cart);
        setCode('');
      },
      onError: (error) => setMessage(error.message),
    });
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: (answer) => setMessage(answer.message, answer.cart),
      onError: (error) => setMessage(error.message),
    });

  return (
    <div className="space-y-2">
      {cart.promo_code ? (
        <div className="flex items-center justify-between gap-3 rounded-lg bg-white px-3 ring-1 ring-stone-200">
          <p className="py-2 text-sm font-medium">Promo code "{cart.promo_code}" applied</p>
          <button
            type="button"
            onClick={onRemove}
            disabled={busy}
            className="min-h-11 shrink-0 text-sm font-semibold text-stone-700 underline underline-offset-4 hover:text-stone-900 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {remove.isPending ? 'Removing...' : 'Remove'}
          </button>
        </div>
      ) : (
        <form onSubmit={onApply} className="space-y-1">
          <label htmlFor={inputId} className="text-sm font-medium text-stone-700">
            Promo code
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              placeholder="e.g. WELCOME20"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 text-base uppercase placeholder:normal-case placeholder:text-stone-400 focus:border-stone-900 focus:outline-none sm:text-sm"
            />
            <button
              type="submit"
              disabled={busy || code.trim() === ''}
              className="min-h-11 shrink-0 rounded-lg bg-stone-900 px-4 text-sm font-semibold text-white hover:bg-stone-700 disabled:cursor-not-allowed disabled:opacity-50"
            >
              {apply.isPending ? 'Applying...' : 'Apply'}
            </button>
          </div>
        </form>
      )}
      {cart.promo_code && !cart.promo_code_valid && cart.promo_message ? (
        <p className="text-sm text-red-700">{cart.promo_message}</p>
      ) : null}
      <output className={`block text-sm empty:hidden ${message && isGoodPromoMessage(message) ? 'text-green-700' : 'text-red-700'}`}>
        {message}
      </output>
    </div>
  );
}
