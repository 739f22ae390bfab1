import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { selectClass } from '@/components/ui/field-styles.ts';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAuth } from '@/lib/auth/auth-context.tsx';
import { useAskRestockAlert } from '../api/ask-restock-alert.ts';
import { cartVariantFields, type Selection } from '../variant-stock.ts';

export interface NotifyAttribute {
  /** As the product names it ('Size', 'Colour'). */
  name: string;
  label: string;
  values: string[];
}

interface NotifyWhenBackProps {
  productId: number;
  attributes: NotifyAttribute[];
  /** What the shopper chose above; a sold-out option cannot be chosen there, so the form asks. */
  selection: Selection;
}

/**
 * "Notify me" on a sold-out size or colour (KINGSTON.md §5): the shopper picks the option they
 * want, leaves an e-mail address, and gets one e-mail when it is back in stock.
 */
export function NotifyWhenBack({ productId, attributes, selection }: NotifyWhenBackProps) {
  const { user } = useAuth();
  const id = useId();
  const [email, setEmail] = useState(user?.email ?? '');
  const [wanted, setWanted] = useState<Selection>(() =>
    Object.fromEntries(attributes.map(({ name, values }) => [name, selection[name] ?? (values.length === 1 ? (values[0] ?? '') : '')])),
  );
  const [missing, setMissing] = useState<string | null>(null);
  const ask = useAskRestockAlert(productId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    setMissing(address === '' ? 'Email is required' : null);
    if (address !== '')
      ask.mutate({ email: address, ...cartVariantFields(Object.fromEntries(Object.entries(wanted).filter(([, value]) => value !== ''))) });
  }

  if (ask.isSuccess) return <output className="block rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">{ask.data.message}</output>;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Notify me when it is back"
      className="space-y-3 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200"
    >
      <p className="text-sm font-semibold text-stone-900">Sold out. Get one e-mail when it is back:</p>
      {attributes.length > 0 ? (
        <div className="grid grid-cols-2 gap-3">
          {attributes.map(({ name, label, values }) => (
            <div key={name} className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-stone-800">
                {label}
              </label>
              <select
                id={`${id}-${name}`}
                value={wanted[name] ?? ''}
                onChange={(event) => setWanted((before) => ({ ...before, [name]: event.target.value }))}
                className={selectClass}
              >
                <option value="">Choose…</option>
                {values.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      ) : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={missing}
        maxLength={254}
      />
      <button type="submit" disabled={ask.isPending} className={`${buttonClass('secondary')} w-full`}>
        {ask.isPending ? 'Saving…' : 'Notify Me'}
      </button>
      <div role="alert">{ask.error ? <p className="text-sm text-red-800">{ask.error.message}</p> : null}</div>
    </form>
  );
}
