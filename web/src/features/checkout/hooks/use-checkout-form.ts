import type { Address, User } from '@threadline/contracts';
import { useEffect, useState } from 'react';
import {
  clearSavedForm,
  emptyAddress,
  emptyForm,
  formErrors,
  fromAddress,
  readSavedForm,
  startingAddress,
  withProfile,
  type CheckoutForm,
  type FormErrors,
  type FormField,
} from '../checkout-form.ts';

/** The saved-address choice that means "type a new one". */
export const newAddressId = 'new';

interface CheckoutCustomer {
  /** Undefined for a guest and while loading. */
  profile: User | undefined;
  addresses: readonly Address[] | undefined;
}

/**
 * The checkout form's state: a form brought back from sign-in first, then the profile and the
 * default address filling what is still blank (SPEC §4), the saved-address choice that locks the
 * address fields, and the errors, shown from the first Place Order on and updated as the shopper
 * fixes them.
 */
export function useCheckoutForm({ profile, addresses }: CheckoutCustomer) {
  const [restored] = useState(readSavedForm);
  const [form, setForm] = useState<CheckoutForm>(() => restored ?? emptyForm);
  const [addressId, setAddressId] = useState(newAddressId);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [appliedProfile, setAppliedProfile] = useState<User | undefined>(undefined);
  const [addressesApplied, setAddressesApplied] = useState(false);

  // SPEC §4: restored once, then removed, so a later visit starts clean.
  useEffect(() => {
    if (restored) clearSavedForm();
  }, [restored]);

  // Filled while rendering, not in an effect, so a signed-in shopper never sees the blank form flash;
  // a profile that changed since (a phone the server kept from the last order arriving after the
  // cached profile) fills what is still blank.
  if (profile && profile !== appliedProfile) {
    setAppliedProfile(profile);
    setForm((current) => withProfile(current, profile));
  }
  if (addresses && !addressesApplied) {
    setAddressesApplied(true);
    const start = startingAddress(form, addresses);
    if (start) {
      setAddressId(String(start.id));
      setForm((current) => ({ ...current, ...fromAddress(start), saveAddress: false }));
    }
  }

  const set = <Key extends keyof CheckoutForm>(key: Key, value: CheckoutForm[Key]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  };

  const chooseAddress = (id: string) => {
    const address = addresses?.find((entry) => String(entry.id) === id);
    setAddressId(address ? id : newAddressId);
    setForm((current) => ({ ...current, ...(address ? fromAddress(address) : emptyAddress), saveAddress: false }));
    setServerErrors({});
  };

  const errors: FormErrors = { ...serverErrors, ...(showErrors ? formErrors(form) : {}) };

  /** Shows every problem and answers the first field to fix, or null when the form may be sent. */
  /** `shown`: the form as the page shows it (a shipping method no longer offered replaced). */
  const validate = (shown: CheckoutForm = form): FormField | null => {
    setShowErrors(true);
    const first = Object.keys(formErrors(shown))[0];
    return (first as FormField | undefined) ?? null;
  };

  return {
    form,
    set,
    errors,
    validate,
    /** A server answer about one field, shown beside it until the field changes. */
    setServerError: (field: FormField, message: string) => setServerErrors({ [field]: message }),
    addressId,
    chooseAddress,
    /** A saved address is in use: its fields are shown, not edited. */
    addressLocked: addressId !== newAddressId,
  };
}
