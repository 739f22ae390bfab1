import { checkoutFieldMaxLength, isJamaica, parishes, postalAddress, storeDetails, type Address } from '@threadline/contracts';
import { MapPin } from 'lucide-react';
import { useId } from 'react';
import { SelectMenu } from '@/components/ui/select-menu.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useStoreSettings } from '@/lib/queries/store-settings.ts';
import type { CheckoutForm, FormErrors } from '../checkout-form.ts';
import { newAddressId } from '../hooks/use-checkout-form.ts';
import { CheckoutSection } from './checkout-section.tsx';

// A locked field reads as filled in, not as an input waiting for text.
const lockable = '[&_input:read-only]:bg-stone-100 [&_input:read-only]:text-stone-700';

const addressLine = (address: Address) =>
  [address.street_address, address.apartment, address.city, address.state, address.country].filter((part) => part.trim() !== '').join(', ');

interface ShippingAddressProps {
  form: CheckoutForm;
  set<Key extends keyof CheckoutForm>(key: Key, value: CheckoutForm[Key]): void;
  errors: FormErrors;
  /** The signed-in customer's saved addresses; undefined for a guest. */
  addresses: readonly Address[] | undefined;
  addressId: string;
  onChooseAddress(id: string): void;
  locked: boolean;
}

/**
 * SPEC §2 Shipping Address: the saved-address dropdown for a signed-in customer (a chosen address
 * fills and locks the fields), the fields, and the offer to save a new address.
 */
export function ShippingAddress({ form, set, errors, addresses, addressId, onChooseAddress, locked }: ShippingAddressProps) {
  const parishListId = useId();
  const saved = addresses ?? [];
  return (
    <CheckoutSection>
      <fieldset>
        <legend className="text-lg font-semibold text-stone-900">Shipping Address</legend>
        <div className="mt-4 space-y-4">
          {saved.length > 0 ? (
            <SelectMenu
              label="Saved address"
              value={addressId}
              onChange={onChooseAddress}
              hint={`${saved.length} saved address(es)`}
              options={[
                ...saved.map((address) => ({
                  value: String(address.id),
                  label: address.label.trim() || address.street_address,
                  detail: addressLine(address),
                  ...(address.is_default ? { badge: 'Default' } : {}),
                })),
                { value: newAddressId, label: 'Add New Address' },
              ]}
            />
          ) : null}
          {locked ? (
            <p className="text-sm text-stone-600">Delivering to your saved address. Choose 'Add New Address' to send it somewhere else.</p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="address1"
              maxLength={checkoutFieldMaxLength.address_line1}
              label="Address"
              autoComplete="address-line1"
              value={form.address1}
              readOnly={locked}
              onChange={(event) => set('address1', event.target.value)}
              error={errors.address1 ?? null}
              className={`sm:col-span-2 ${lockable}`}
            />
            <TextField
              name="address2"
              maxLength={checkoutFieldMaxLength.address_line2}
              label="Apartment, suite, etc."
              hint="(optional)"
              autoComplete="address-line2"
              value={form.address2}
              readOnly={locked}
              onChange={(event) => set('address2', event.target.value)}
              className={`sm:col-span-2 ${lockable}`}
            />
            <TextField
              name="landmark"
              maxLength={checkoutFieldMaxLength.landmark}
              label="Landmark"
              hint="(optional)"
              placeholder="Opposite the Texaco, blue gate…"
              value={form.landmark}
              readOnly={locked}
              onChange={(event) => set('landmark', event.target.value)}
              className={`sm:col-span-2 ${lockable}`}
            />
            <TextField
              name="city"
              maxLength={checkoutFieldMaxLength.city}
              label="City"
              placeholder="Town, district or Kingston 10"
              autoComplete="address-level2"
              value={form.city}
              readOnly={locked}
              onChange={(event) => set('city', event.target.value)}
              error={errors.city ?? null}
              className={lockable}
            />
            <TextField
              name="parish"
              maxLength={checkoutFieldMaxLength.parish}
              label="Parish / State"
              // KINGSTON.md §3: a delivery in Jamaica needs its parish; elsewhere it may be left out.
              {...(isJamaica(form.country) ? {} : { hint: '(optional)' })}
              autoComplete="address-level1"
              list={parishListId}
              value={form.parish}
              readOnly={locked}
              onChange={(event) => set('parish', event.target.value)}
              error={errors.parish ?? null}
              className={lockable}
            />
            <TextField
              name="country"
              maxLength={checkoutFieldMaxLength.country}
              label="Country"
              autoComplete="country-name"
              value={form.country}
              readOnly={locked}
              onChange={(event) => set('country', event.target.value)}
              error={errors.country ?? null}
              className={lockable}
            />
            <TextField
              name="postal"
              maxLength={checkoutFieldMaxLength.postal_code}
              label="Postal code"
              hint="(optional)"
              autoComplete="postal-code"
              value={form.postal}
              readOnly={locked}
              onChange={(event) => set('postal', event.target.value)}
              className={lockable}
            />
          </div>
          <datalist id={parishListId}>
            {parishes.map((parish) => (
              <option key={parish} value={parish}>
                {parish}
              </option>
            ))}
          </datalist>
          {addresses && !locked ? (
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-stone-800">
              <input
                type="checkbox"
                name="saveAddress"
                checked={form.saveAddress}
                onChange={(event) => set('saveAddress', event.target.checked)}
                className="size-4 accent-stone-900"
              />
              Save this address for future orders
            </label>
          ) : null}
        </div>
      </fieldset>
    </CheckoutSection>
  );
}

/** Where a pickup order is collected (the store as the owner set it), in place of the address fields it does not need. */
export function PickupLocation() {
  const store = useStoreSettings().data?.store;
  return (
    <CheckoutSection>
      <h2 className="text-lg font-semibold text-stone-900">Pickup Location</h2>
      <div className="mt-3 flex gap-3 text-sm text-stone-700">
        <MapPin className="mt-0.5 size-5 shrink-0 text-stone-500" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-stone-900">{storeDetails.name}</p>
          {store ? (
            <>
              <p>{postalAddress(store)}</p>
              <ul aria-label="Opening hours" className="mt-2 text-stone-600">
                {store.hours.map((entry) => (
                  <li key={entry.days}>
                    {entry.days}: {entry.hours}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <div aria-busy="true" className="mt-1 space-y-2">
              <output className="sr-only">Loading the store&apos;s address...</output>
              <Skeleton className="h-4 w-56 max-w-full" />
              <Skeleton className="h-4 w-40 max-w-full" />
            </div>
          )}
          <p className="mt-2 text-stone-600">Bring your order number when you come to collect it.</p>
        </div>
      </div>
    </CheckoutSection>
  );
}
