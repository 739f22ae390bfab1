import {
  bankTransferDaysMax,
  currencyCodes,
  paymentMethods,
  paymentMethodWords,
  registrationNumberMaxLength,
  taxNameMaxLength,
  type BankTransferDetails,
  type PaymentMethod,
  type StoreSettings,
} from '@threadline/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { selectClass } from '@/components/ui/field-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { TextAreaField, TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ListLoading, LoadFailed } from '../../components/list-states.tsx';
import { isOwnerOnlyRefusal, OwnerOnly } from '../../components/owner-only.tsx';
import { useAdminSettings } from '../api/get-settings.ts';
import { useSaveSettings } from '../api/save-settings.ts';
import { formOf, serverErrorsOf, settingsOf, type SettingsErrors, type SettingsForm } from '../settings-form.ts';
import { DeliverySettings } from './delivery-settings.tsx';

const maxHourLines = 7;

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function SettingsEditor({ saved }: { saved: StoreSettings }) {
  const [form, setForm] = useState<SettingsForm>(() => formOf(saved));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [status, setStatus] = useState<string | null>(null);
  const save = useSaveSettings();
  const formRef = useRef<HTMLFormElement>(null);

  const setTax = <K extends keyof SettingsForm['tax']>(key: K, value: SettingsForm['tax'][K]) =>
    setForm((current) => ({ ...current, tax: { ...current.tax, [key]: value } }));
  const setStore = <K extends keyof SettingsForm['store']>(key: K, value: SettingsForm['store'][K]) =>
    setForm((current) => ({ ...current, store: { ...current.store, [key]: value } }));
  const setBank = (key: keyof BankTransferDetails, value: string) =>
    setForm((current) => ({ ...current, bankTransfer: { ...current.bankTransfer, [key]: value } }));
  const toggleMethod = (method: PaymentMethod, on: boolean) =>
    setForm((current) => ({
      ...current,
      // Kept in the shop's order of methods, whatever order they were ticked in.
      paymentMethods: paymentMethods.filter((each) => (each === method ? on : current.paymentMethods.includes(each))),
    }));
  const setHours = (index: number, key: 'days' | 'hours', value: string) =>
    setStore(
      'hours',
      form.store.hours.map((entry, at) => (at === index ? { ...entry, [key]: value } : entry)),
    );

  const showErrors = (shown: SettingsErrors) => {
    setErrors(shown);
    const first = Object.keys(shown)[0];
    const field = first ? formRef.current?.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    const checked = settingsOf(form);
    if ('errors' in checked) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.settings, {
      onSuccess: (answer) => {
        setForm(formOf(answer));
        setStatus('Settings saved. The shop charges and shows them from now on.');
      },
      // A refusal naming a field is shown beside it, as the form's own checks are.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) showErrors(serverErrorsOf(error));
      },
    });
  };

  const problems = Object.values(errors);
  const saveProblem = save.error
    ? save.error instanceof ApiError && save.error.status !== 0
      ? problems.length > 0
        ? null
        : save.error.message
      : 'Could not reach the shop. Check your connection and save again.'
    : null;
  const fieldProps = (key: string) => ({ name: key, error: errors[key] ?? null });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Settings" className="space-y-5">
      {problems.length > 0 ? (
        <ErrorBox>
          <p className="font-semibold">Please check the highlighted fields:</p>
          <ul className="list-disc pl-5">
            {[...new Set(problems)].map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </ErrorBox>
      ) : null}

      <Section
        title="Delivery and pickup"
        description="The ways a shopper may get an order, what each costs and how many business days it takes: checkout promises the date."
      >
        <DeliverySettings form={form} setForm={setForm} errors={errors} />
      </Section>

      <Section
        title="Payments"
        description="The ways customers may pay at checkout. Bank transfer shows the account below on the order page and in the e-mails, with the order number as the reference."
      >
        <fieldset>
          <legend className="text-sm font-semibold text-stone-900">Payment methods offered</legend>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {paymentMethods.map((method) => (
              <li key={method}>
                <label className="flex min-h-11 items-center gap-3 rounded-xl px-3 ring-1 ring-stone-200">
                  <input
                    type="checkbox"
                    name="paymentMethods"
                    className="size-5"
                    checked={form.paymentMethods.includes(method)}
                    onChange={(event) => toggleMethod(method, event.target.checked)}
                  />
                  <span className="text-sm">
                    {paymentMethodWords[method]}
                    {method === 'powertranz' ? (
                      <span className="block text-xs text-stone-500">Needs PowerTranz set up on the server first</span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {errors.paymentMethods ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {errors.paymentMethods}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="mt-6">
          <legend className="text-sm font-semibold text-stone-900">Bank transfer</legend>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <TextField
              {...fieldProps('bankTransfer.bank')}
              label="Bank"
              maxLength={100}
              value={form.bankTransfer.bank}
              onChange={(event) => setBank('bank', event.target.value)}
            />
            <TextField
              {...fieldProps('bankTransfer.branch')}
              label="Branch"
              maxLength={100}
              value={form.bankTransfer.branch}
              onChange={(event) => setBank('branch', event.target.value)}
            />
            <TextField
              {...fieldProps('bankTransfer.account_name')}
              label="Account name"
              maxLength={100}
              value={form.bankTransfer.account_name}
              onChange={(event) => setBank('account_name', event.target.value)}
            />
            <TextField
              {...fieldProps('bankTransfer.account_number')}
              label="Account number"
              maxLength={40}
              autoComplete="off"
              value={form.bankTransfer.account_number}
              onChange={(event) => setBank('account_number', event.target.value)}
            />
            <TextField
              {...fieldProps('bankTransfer.account_type')}
              label="Account type"
              hint="(e.g. Savings, Chequing)"
              maxLength={40}
              value={form.bankTransfer.account_type}
              onChange={(event) => setBank('account_type', event.target.value)}
            />
            <label className="flex flex-col gap-1 text-sm font-medium">
              Account currency
              <select
                name="bankTransfer.currency"
                className={selectClass}
                value={form.bankTransfer.currency}
                onChange={(event) => setBank('currency', event.target.value)}
              >
                {currencyCodes.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </label>
            <TextField
              {...fieldProps('bankTransferDays')}
              label="Days to pay a transfer"
              hint={`(1 to ${bankTransferDaysMax}; reminded after one, cancelled after these)`}
              inputMode="numeric"
              maxLength={2}
              value={form.bankTransferDays}
              onChange={(event) => setForm((current) => ({ ...current, bankTransferDays: event.target.value }))}
            />
          </div>
        </fieldset>
      </Section>

      <Section
        title="Tax (GCT)"
        description="The tax on the goods after any promo discount (not on delivery), as the cart, checkout, the order, its e-mails and the invoice show it."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...fieldProps('tax.name')}
            label="Tax name"
            hint="(e.g. GCT)"
            maxLength={taxNameMaxLength}
            value={form.tax.name}
            onChange={(event) => setTax('name', event.target.value)}
          />
          <TextField
            {...fieldProps('tax.rate')}
            label="Tax rate (%)"
            hint="(0: no tax)"
            inputMode="decimal"
            value={form.tax.rate}
            onChange={(event) => setTax('rate', event.target.value)}
          />
          <TextField
            {...fieldProps('tax.registrationNumber')}
            label="GCT registration number"
            hint="(blank: none; with one, invoices are tax invoices)"
            autoComplete="off"
            maxLength={registrationNumberMaxLength}
            value={form.tax.registrationNumber}
            onChange={(event) => setTax('registrationNumber', event.target.value)}
          />
        </div>
        <label className="mt-4 flex min-h-11 items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            name="tax.pricesIncludeTax"
            className="size-5 rounded border-stone-400 text-stone-900 focus-visible:ring-2 focus-visible:ring-brand-600"
            checked={form.tax.pricesIncludeTax}
            onChange={(event) => setTax('pricesIncludeTax', event.currentTarget.checked)}
          />
          Prices include the tax
        </label>
        <p className="mt-1 text-sm text-stone-600">
          Included: shelf prices are what shoppers pay, and the cart, checkout and invoice show the tax they hold ("Includes GCT"). Not
          included: the tax is added at checkout as a line of its own.
        </p>
      </Section>

      <Section
        title="Store details"
        description="Shown in the footer of every page, on the contact page, the legal pages, at checkout's pickup, on the order confirmation, in every e-mail, on invoices and packing slips."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...fieldProps('store.street')}
            label="Street"
            autoComplete="off"
            value={form.store.street}
            onChange={(event) => setStore('street', event.target.value)}
          />
          <TextField
            {...fieldProps('store.city')}
            label="City"
            value={form.store.city}
            onChange={(event) => setStore('city', event.target.value)}
          />
          <TextField
            {...fieldProps('store.parish')}
            label="Parish"
            value={form.store.parish}
            onChange={(event) => setStore('parish', event.target.value)}
          />
          <TextField
            {...fieldProps('store.country')}
            label="Country"
            value={form.store.country}
            onChange={(event) => setStore('country', event.target.value)}
          />
          <TextField
            {...fieldProps('store.phone')}
            label="Phone"
            type="tel"
            value={form.store.phone}
            onChange={(event) => setStore('phone', event.target.value)}
          />
          <TextField
            {...fieldProps('store.email')}
            label="E-mail"
            type="email"
            value={form.store.email}
            onChange={(event) => setStore('email', event.target.value)}
          />
          <TextField
            {...fieldProps('store.chat_number')}
            label="WhatsApp number"
            type="tel"
            value={form.store.chat_number}
            onChange={(event) => setStore('chat_number', event.target.value)}
          />
        </div>
        <fieldset className="mt-6">
          <legend className="text-sm font-semibold text-stone-900">Opening hours</legend>
          <ul className="mt-3 space-y-3">
            {form.store.hours.map((entry, index) => (
              <li key={index} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2 sm:gap-3">
                <TextField
                  {...fieldProps(`store.hours.${index}.days`)}
                  label={`Days, line ${index + 1}`}
                  value={entry.days}
                  onChange={(event) => setHours(index, 'days', event.target.value)}
                />
                <TextField
                  {...fieldProps(`store.hours.${index}.hours`)}
                  label={`Hours, line ${index + 1}`}
                  value={entry.hours}
                  onChange={(event) => setHours(index, 'hours', event.target.value)}
                />
                <button
                  type="button"
                  aria-label={`Remove line ${index + 1} of the opening hours`}
                  disabled={form.store.hours.length === 1}
                  onClick={() =>
                    setStore(
                      'hours',
                      form.store.hours.filter((_, at) => at !== index),
                    )
                  }
                  className="mb-1 flex size-11 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 disabled:opacity-40"
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          {form.store.hours.length < maxHourLines ? (
            <button
              type="button"
              className={`${buttonClass('secondary')} mt-3`}
              onClick={() => setStore('hours', [...form.store.hours, { days: '', hours: '' }])}
            >
              <Plus className="size-4" aria-hidden="true" />
              Add a line
            </button>
          ) : null}
        </fieldset>
        <fieldset className="mt-6">
          <legend className="text-sm font-semibold text-stone-900">Finding the store</legend>
          <p className="mt-1 text-sm text-stone-600">The contact page&apos;s &ldquo;Getting Here&rdquo; section and its map.</p>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <TextAreaField
              {...fieldProps('store.directions')}
              label="Directions"
              hint="(where the store is, in words)"
              rows={3}
              value={form.store.directions}
              onChange={(event) => setStore('directions', event.target.value)}
              className="sm:col-span-2"
            />
            <TextAreaField
              {...fieldProps('gettingHere')}
              label="Getting-here hints"
              hint="(one a line: parking, buses, walks)"
              rows={4}
              value={form.gettingHere}
              onChange={(event) => setForm((current) => ({ ...current, gettingHere: event.target.value }))}
              className="sm:col-span-2"
            />
            {/* No decimal keypad: a phone's has no minus sign, and a longitude west of Greenwich needs one. */}
            <TextField
              {...fieldProps('latitude')}
              label="Map latitude"
              hint="(e.g. 17.9656)"
              value={form.latitude}
              onChange={(event) => setForm((current) => ({ ...current, latitude: event.target.value }))}
            />
            <TextField
              {...fieldProps('longitude')}
              label="Map longitude"
              hint="(e.g. -76.7927)"
              value={form.longitude}
              onChange={(event) => setForm((current) => ({ ...current, longitude: event.target.value }))}
            />
          </div>
          <p className="mt-3 text-sm text-stone-600">
            The map&apos;s links open at this point. To find it, right-click the store on a map site such as OpenStreetMap.
          </p>
        </fieldset>
      </Section>

      <Section title="Reviews">
        <TextField
          {...fieldProps('reviewRequestDays')}
          label="Ask buyers for a review (days after delivery)"
          inputMode="numeric"
          className="max-w-xs"
          value={form.reviewRequestDays}
          onChange={(event) => setForm((current) => ({ ...current, reviewRequestDays: event.target.value }))}
        />
        <p className="mt-3 text-sm text-stone-600">
          Each customer order is asked about once, by e-mail, with a link to review what was bought.
        </p>
      </Section>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={save.isPending} className={buttonClass('primary')}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </button>
        <output aria-live="polite" className="text-sm font-medium text-brand-800">
          {status}
        </output>
      </div>
      {saveProblem ? <ErrorBox>{saveProblem}</ErrorBox> : null}
    </form>
  );
}

/** /admin/settings (owner only): delivery and pickup (methods, fees, lead times, pickup points, holidays), payments, tax (GCT) and the store's details. */
export function SettingsPage() {
  const settings = useAdminSettings();
  return (
    <AdminPage title="Settings">
      {settings.isPending ? (
        <ListLoading label="Loading the settings..." />
      ) : settings.isError ? (
        isOwnerOnlyRefusal(settings.error) ? (
          <OwnerOnly>The shop’s settings are the owner’s to change. Ask the owner if a fee or detail needs changing.</OwnerOnly>
        ) : (
          <LoadFailed error={settings.error} retry={() => void settings.refetch()} />
        )
      ) : (
        <SettingsEditor saved={settings.data} />
      )}
    </AdminPage>
  );
}
