import {
  leadDaysMax,
  parishes,
  pickupPointKinds,
  pickupPointsMax,
  publicHolidaysMax,
  shippingMethodWords,
  type Parish,
} from '@threadline/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { memo, useState, type Dispatch, type SetStateAction } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { SelectField, TextField } from '@/components/ui/text-field.tsx';
import type { FeeMethod, PickupPointForm, SettingsErrors, SettingsForm } from '../settings-form.ts';

const legendClass = 'text-sm font-semibold text-stone-900';
const removeClass =
  'flex size-11 shrink-0 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 focus-visible:ring-2 focus-visible:ring-brand-600';

interface Props {
  form: SettingsForm;
  setForm: Dispatch<SetStateAction<SettingsForm>>;
  errors: SettingsErrors;
}

function ListProblem({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="mt-2 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

function OfferedBox({
  label,
  name,
  checked,
  onChange,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
      <input type="checkbox" name={name} className="size-5" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      {label}
    </label>
  );
}

function LeadDays({
  method,
  value,
  error,
  onChange,
}: {
  method: string;
  value: string;
  error: string | undefined;
  onChange: (typed: string) => void;
}) {
  return (
    <TextField
      name={`methods.${method}.leadDays`}
      error={error ?? null}
      label={`Lead time of ${shippingMethodWords[method as FeeMethod]} (business days)`}
      hint={`(0 to ${leadDaysMax})`}
      inputMode="numeric"
      maxLength={2}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Store pickup, Knutsford Express or the post office: offered or not, its fee and its lead time. */
const MethodTerms = memo(function MethodTerms({
  method,
  description,
  terms,
  setForm,
  errors,
}: Omit<Props, 'form'> & { method: FeeMethod; description: string; terms: SettingsForm['methods'][FeeMethod] }) {
  const words = shippingMethodWords[method];
  const set = (change: Partial<typeof terms>) =>
    setForm((current) => ({ ...current, methods: { ...current.methods, [method]: { ...current.methods[method], ...change } } }));
  return (
    <fieldset className="rounded-xl p-3 ring-1 ring-stone-200 sm:p-4">
      <legend className={`${legendClass} px-1`}>{words}</legend>
      <p className="text-sm text-stone-600">{description}</p>
      <OfferedBox
        label={`Offer ${words}`}
        name={`methods.${method}.offered`}
        checked={terms.offered}
        onChange={(offered) => set({ offered })}
      />
      <div className="mt-2 grid grid-cols-2 items-end gap-3 sm:gap-4">
        {terms.offered ? (
          <TextField
            name={`methods.${method}.fee`}
            error={errors[`methods.${method}.fee`] ?? null}
            label={`Fee of ${words} (J$)`}
            hint={method === 'pickup' ? '(0: free)' : undefined}
            inputMode="decimal"
            value={terms.fee}
            onChange={(event) => set({ fee: event.target.value })}
          />
        ) : null}
        <LeadDays
          method={method}
          value={terms.leadDays}
          error={errors[`methods.${method}.leadDays`]}
          onChange={(leadDays) => set({ leadDays })}
        />
      </div>
    </fieldset>
  );
});

/** The shop's driver: offered or not, its lead time, the fee of each parish and free delivery from an amount. */
const DeliveryTerms = memo(function DeliveryTerms({
  fees,
  freeDeliveryOver,
  delivery,
  setForm,
  errors,
}: Omit<Props, 'form'> & Pick<SettingsForm, 'fees' | 'freeDeliveryOver'> & { delivery: SettingsForm['methods']['delivery'] }) {
  const form = { fees, freeDeliveryOver, methods: { delivery } };
  const [sameFee, setSameFee] = useState('');
  const fieldProps = (key: string) => ({ name: key, error: errors[key] ?? null });
  const setFee = (parish: Parish, value: string) => setForm((current) => ({ ...current, fees: { ...current.fees, [parish]: value } }));
  const setDelivery = (change: Partial<SettingsForm['methods']['delivery']>) =>
    setForm((current) => ({ ...current, methods: { ...current.methods, delivery: { ...current.methods.delivery, ...change } } }));
  return (
    <fieldset className="rounded-xl p-3 ring-1 ring-stone-200 sm:p-4">
      <legend className={`${legendClass} px-1`}>Delivery by the shop&apos;s driver</legend>
      <p className="text-sm text-stone-600">
        What checkout charges for delivery to each parish, in J$. An address outside the 14 parishes pays the highest fee.
      </p>
      <OfferedBox
        label="Offer delivery"
        name="methods.delivery.offered"
        checked={form.methods.delivery.offered}
        onChange={(offered) => setDelivery({ offered })}
      />
      <div className="mt-2 grid grid-cols-2 items-end gap-3 sm:gap-4">
        <LeadDays
          method="delivery"
          value={form.methods.delivery.leadDays}
          error={errors['methods.delivery.leadDays']}
          onChange={(leadDays) => setDelivery({ leadDays })}
        />
      </div>
      <h3 className="mt-5 text-sm font-semibold text-stone-900">Delivery fees by parish</h3>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <TextField
          label="Same fee everywhere (J$)"
          inputMode="decimal"
          value={sameFee}
          onChange={(event) => setSameFee(event.target.value)}
          className="w-full sm:w-56"
        />
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={sameFee.trim() === ''}
          onClick={() =>
            setForm((current) => ({
              ...current,
              fees: Object.fromEntries(parishes.map((parish) => [parish, sameFee.trim()])) as Record<Parish, string>,
            }))
          }
        >
          Apply to all 14 parishes
        </button>
      </div>
      <div className="mt-5 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {parishes.map((parish) => (
          <TextField
            key={parish}
            {...fieldProps(`fees.${parish}`)}
            label={`${parish} (J$)`}
            inputMode="decimal"
            value={form.fees[parish]}
            onChange={(event) => setFee(parish, event.target.value)}
          />
        ))}
      </div>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <TextField
          {...fieldProps('freeDeliveryOver')}
          label="Free delivery on orders of (J$)"
          hint="(blank: never free)"
          inputMode="decimal"
          value={form.freeDeliveryOver}
          onChange={(event) => setForm((current) => ({ ...current, freeDeliveryOver: event.target.value }))}
        />
      </div>
      <p className="mt-3 text-sm text-stone-600">
        Free delivery counts the subtotal after any promo discount. Orders already placed keep what they were charged.
      </p>
    </fieldset>
  );
});

const kindWords: Record<PickupPointForm['kind'], string> = { knutsford: 'Knutsford Express', post_office: 'Post office' };

/** The Knutsford Express branches and post offices a shopper may choose: add, edit, remove. */
const PickupPoints = memo(function PickupPoints({
  pickupPoints,
  setForm,
  errors,
}: Omit<Props, 'form'> & Pick<SettingsForm, 'pickupPoints'>) {
  const form = { pickupPoints };
  const setPoint = (index: number, change: Partial<PickupPointForm>) =>
    setForm((current) => ({
      ...current,
      pickupPoints: current.pickupPoints.map((point, at) => (at === index ? { ...point, ...change } : point)),
    }));
  const fieldProps = (index: number, key: keyof PickupPointForm) => ({
    name: `pickupPoints.${index}.${key}`,
    error: errors[`pickupPoints.${index}.${key}`] ?? null,
  });
  return (
    <fieldset>
      <legend className={legendClass}>Pickup points</legend>
      <p className="mt-1 text-sm text-stone-600">
        The Knutsford Express branches and post offices a shopper may send a parcel to. An order keeps the code of its point: give a new
        point a new code rather than reusing an old one.
      </p>
      <ul className="mt-3 space-y-3">
        {form.pickupPoints.map((point, index) => {
          const title = point.name.trim() || `Pickup point ${index + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a point being typed has no stable key yet (its code changes as it is typed).
            <li key={index}>
              <fieldset className="rounded-xl p-3 ring-1 ring-stone-200 sm:p-4">
                <legend className="sr-only">{title}</legend>
                <div className="flex items-start justify-between gap-2">
                  <p aria-hidden="true" className="min-w-0 pt-2.5 text-sm font-semibold break-words text-stone-900">
                    {title}
                  </p>
                  <button
                    type="button"
                    aria-label={`Remove ${title}`}
                    onClick={() =>
                      setForm((current) => ({ ...current, pickupPoints: current.pickupPoints.filter((_, at) => at !== index) }))
                    }
                    className={removeClass}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                </div>
                <div className="mt-1 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
                  <TextField
                    {...fieldProps(index, 'name')}
                    label="Name"
                    maxLength={100}
                    className="sm:col-span-2 lg:col-span-1"
                    value={point.name}
                    onChange={(event) => setPoint(index, { name: event.target.value })}
                  />
                  <TextField
                    {...fieldProps(index, 'code')}
                    label="Code"
                    hint="(e.g. ke-negril)"
                    autoCapitalize="none"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={40}
                    value={point.code}
                    onChange={(event) => setPoint(index, { code: event.target.value })}
                  />
                  <SelectField
                    {...fieldProps(index, 'kind')}
                    label="Kind"
                    value={point.kind}
                    onChange={(event) => setPoint(index, { kind: event.target.value as PickupPointForm['kind'] })}
                  >
                    {pickupPointKinds.map((kind) => (
                      <option key={kind} value={kind}>
                        {kindWords[kind]}
                      </option>
                    ))}
                  </SelectField>
                  <SelectField
                    {...fieldProps(index, 'parish')}
                    label="Parish"
                    value={point.parish}
                    onChange={(event) => setPoint(index, { parish: event.target.value as Parish | '' })}
                  >
                    <option value="">Choose a parish</option>
                    {parishes.map((parish) => (
                      <option key={parish} value={parish}>
                        {parish}
                      </option>
                    ))}
                  </SelectField>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <ListProblem message={errors.pickupPoints} />
      {form.pickupPoints.length < pickupPointsMax ? (
        <button
          type="button"
          className={`${buttonClass('secondary')} mt-3`}
          onClick={() =>
            setForm((current) => ({
              ...current,
              pickupPoints: [...current.pickupPoints, { code: '', name: '', kind: 'knutsford', parish: '' }],
            }))
          }
        >
          <Plus className="size-4" aria-hidden="true" />
          Add a pickup point
        </button>
      ) : null}
    </fieldset>
  );
});

/** The days besides Sundays no order travels on: promised dates skip them. */
const PublicHolidays = memo(function PublicHolidays({ holidays, setForm, errors }: Omit<Props, 'form'> & Pick<SettingsForm, 'holidays'>) {
  const form = { holidays };
  const setHoliday = (index: number, change: Partial<SettingsForm['holidays'][number]>) =>
    setForm((current) => ({
      ...current,
      holidays: current.holidays.map((holiday, at) => (at === index ? { ...holiday, ...change } : holiday)),
    }));
  return (
    <fieldset>
      <legend className={legendClass}>Public holidays</legend>
      <p className="mt-1 text-sm text-stone-600">
        No order travels on a Sunday or on these days: the dates promised to shoppers skip them.
      </p>
      <ul className="mt-3 space-y-3">
        {form.holidays.map((holiday, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a holiday being typed has no stable key yet.
            key={index}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 border-b border-stone-100 pb-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:gap-3 sm:border-0 sm:pb-0"
          >
            <TextField
              name={`holidays.${index}.date`}
              error={errors[`holidays.${index}.date`] ?? null}
              label={`Date of holiday ${index + 1}`}
              type="date"
              className="col-start-1 row-start-1"
              value={holiday.date}
              onChange={(event) => setHoliday(index, { date: event.target.value })}
            />
            <TextField
              name={`holidays.${index}.name`}
              error={errors[`holidays.${index}.name`] ?? null}
              label={`Name of holiday ${index + 1}`}
              maxLength={60}
              className="col-start-1 row-start-2 sm:col-start-2 sm:row-start-1"
              value={holiday.name}
              onChange={(event) => setHoliday(index, { name: event.target.value })}
            />
            <button
              type="button"
              aria-label={`Remove holiday ${index + 1}${holiday.name.trim() ? ` (${holiday.name.trim()})` : ''}`}
              onClick={() => setForm((current) => ({ ...current, holidays: current.holidays.filter((_, at) => at !== index) }))}
              className={`${removeClass} col-start-2 row-start-1 mb-1 sm:col-start-3`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <ListProblem message={errors.holidays} />
      {form.holidays.length < publicHolidaysMax ? (
        <button
          type="button"
          className={`${buttonClass('secondary')} mt-3`}
          onClick={() => setForm((current) => ({ ...current, holidays: [...current.holidays, { date: '', name: '' }] }))}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add a holiday
        </button>
      ) : null}
    </fieldset>
  );
});

/** The "Delivery and pickup" section's content: the four methods, the pickup points and the holidays. */
export function DeliverySettings({ form, setForm, errors }: Props) {
  // Each part is given only its own fields, so a key typed in one redraws that part alone (the page has 200 fields).
  const props = { setForm, errors };
  const { fees, freeDeliveryOver, methods, pickupPoints, holidays } = form;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <MethodTerms {...props} terms={methods.pickup} method="pickup" description="Collected at the store; the fee is usually 0." />
        <MethodTerms
          {...props}
          terms={methods.knutsford}
          method="knutsford"
          description="Sent by Knutsford Express and collected at one of the branches below. Offered while the list has a branch."
        />
        <MethodTerms
          {...props}
          terms={methods.post_office}
          method="post_office"
          description="Sent to one of the post offices below and collected there. Offered while the list has a post office."
        />
      </div>
      <DeliveryTerms {...props} fees={fees} freeDeliveryOver={freeDeliveryOver} delivery={methods.delivery} />
      <PickupPoints {...props} pickupPoints={pickupPoints} />
      <PublicHolidays {...props} holidays={holidays} />
    </div>
  );
}
