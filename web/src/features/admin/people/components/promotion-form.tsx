import type { PromotionCreate } from '@threadline/contracts';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { selectClass } from '@/components/ui/field-styles.ts';
import { TextField } from '@/components/ui/text-field.tsx';
import { readPromotionForm, type PromotionField, type PromotionFieldErrors, type PromotionFormValues } from './promotion-form-values.ts';

interface PromotionFormProps {
  initial: PromotionFormValues;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The server's refusal: beside the field it names, else above the form. */
  serverError: { field: PromotionField | null; message: string } | null;
  onSubmit(input: PromotionCreate): void;
}

const checkboxClass = 'size-5 rounded border-stone-400 text-stone-900 focus-visible:ring-2 focus-visible:ring-brand-600';

/** Every rule of a promo code, checked as the server checks it, each problem beside its field. */
export function PromotionForm({ initial, submitLabel, busyLabel, busy, serverError, onSubmit }: PromotionFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<PromotionFieldErrors>({});
  const set = <Field extends PromotionField>(field: Field, value: PromotionFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: PromotionField) => errors[field] ?? (serverError?.field === field ? serverError.message : null);
  const text = (field: PromotionField) => ({
    value: String(values[field]),
    error: errorOf(field),
    onChange: (event: { currentTarget: HTMLInputElement }) => set(field, event.currentTarget.value),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readPromotionForm(values);
    if (read.errors) {
      setErrors(read.errors);
      const first = Object.keys(read.errors)[0];
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSubmit(read.input);
  };

  const percent = values.kind === 'percent';
  return (
    <form noValidate onSubmit={submit} className="max-w-2xl space-y-6">
      {serverError && serverError.field === null ? (
        <ErrorBox>
          <p>{serverError.message}</p>
        </ErrorBox>
      ) : null}
      <fieldset className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 text-base font-semibold">The code</legend>
        <TextField
          label="Code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={60}
          {...text('code')}
        />
        <TextField label="Note for staff" hint="(optional)" name="description" maxLength={300} {...text('description')} />
        <label className="flex flex-col gap-1.5 text-sm font-medium text-stone-800">
          Discount type
          <select
            name="kind"
            className={selectClass}
            value={values.kind}
            onChange={(event) => set('kind', event.currentTarget.value === 'fixed' ? 'fixed' : 'percent')}
          >
            <option value="percent">Percent off the subtotal</option>
            <option value="fixed">Fixed amount off (J$)</option>
          </select>
        </label>
        <TextField
          label={percent ? 'Percent off' : 'Amount off (J$)'}
          hint={percent ? '(1 to 100)' : undefined}
          name="value"
          inputMode={percent ? 'numeric' : 'decimal'}
          {...text('value')}
        />
      </fieldset>

      <fieldset className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 text-base font-semibold">When it applies</legend>
        <TextField label="Minimum subtotal (J$)" hint="(optional)" name="min_subtotal" inputMode="decimal" {...text('min_subtotal')} />
        <div className="hidden sm:block" />
        <TextField label="Starts" hint="(optional)" name="starts_at" type="datetime-local" {...text('starts_at')} />
        <TextField label="Ends" hint="(optional)" name="ends_at" type="datetime-local" {...text('ends_at')} />
        <TextField label="Total uses" hint="(empty: no limit)" name="usage_limit" inputMode="numeric" {...text('usage_limit')} />
        <TextField
          label="Uses per customer"
          hint="(empty: no limit)"
          name="per_customer_limit"
          inputMode="numeric"
          {...text('per_customer_limit')}
        />
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium sm:col-span-2">
          <input
            type="checkbox"
            name="first_order_only"
            className={checkboxClass}
            checked={values.first_order_only}
            onChange={(event) => set('first_order_only', event.currentTarget.checked)}
          />
          First order only
        </label>
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium sm:col-span-2">
          <input
            type="checkbox"
            name="active"
            className={checkboxClass}
            checked={values.active}
            onChange={(event) => set('active', event.currentTarget.checked)}
          />
          Active: shoppers can use it between its dates
        </label>
      </fieldset>

      <button type="submit" disabled={busy} className={buttonClass('primary')}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
