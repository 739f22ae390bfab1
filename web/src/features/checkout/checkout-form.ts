import {
  checkoutFieldRequiredMessage,
  messages,
  needsPickupPoint,
  paymentMethods,
  serverMessages,
  requiredCheckoutFields,
  shippingMethods,
  storageKeys,
  type Address,
  type CheckoutRequest,
  type CurrencyCode,
  type PaymentMethod,
  type RequiredCheckoutField,
  type ShippingMethod,
  type User,
} from '@threadline/contracts';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage.ts';

/** SPEC §3 checkout form. */
export interface CheckoutForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address1: string;
  address2: string;
  country: string;
  city: string;
  parish: string;
  postal: string;
  /** What the driver looks for ("opposite the Texaco"), KINGSTON.md §3. */
  landmark: string;
  /** The Knutsford Express branch or post office chosen (its code), for those methods. */
  pickupPoint: string;
  shippingMethod: ShippingMethod;
  paymentMethod: PaymentMethod;
  saveAddress: boolean;
}

export type TextKey = Exclude<keyof CheckoutForm, 'shippingMethod' | 'paymentMethod' | 'saveAddress'>;

const textFields: readonly TextKey[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address1',
  'address2',
  'country',
  'city',
  'parish',
  'postal',
  'landmark',
  'pickupPoint',
];

export const emptyAddress = { address1: '', address2: '', country: 'Jamaica', city: '', parish: '', postal: '', landmark: '' } as const;

export const emptyForm: CheckoutForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  ...emptyAddress,
  pickupPoint: '',
  shippingMethod: 'delivery',
  paymentMethod: 'cash_on_delivery',
  saveAddress: false,
};

/**
 * Where each field the contract may require stands in the form, in the order the page shows them;
 * which are required, and when, is the contract's (requiredCheckoutFields).
 */
const formKeyOf = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
  address_line1: 'address1',
  city: 'city',
  country: 'country',
  parish: 'parish',
} as const satisfies Record<RequiredCheckoutField, TextKey>;

export type RequiredField = (typeof formKeyOf)[RequiredCheckoutField];
export type FormField = RequiredField | 'pickupPoint';
export type FormErrors = Partial<Record<FormField, string>>;

const inPageOrder = Object.keys(formKeyOf) as RequiredCheckoutField[];

/** SPEC §5: who is buying always, where to only for delivery; '{field} is required'. In page order. */
export function formErrors(form: CheckoutForm): FormErrors {
  const required = requiredCheckoutFields(form.shippingMethod, form.country);
  const errors: FormErrors = {};
  for (const field of inPageOrder) {
    const key = formKeyOf[field];
    if (required.includes(field) && form[key].trim() === '') errors[key] = checkoutFieldRequiredMessage(field);
  }
  // KINGSTON.md §3: a parcel sent to a branch or post office names which one.
  if (needsPickupPoint(form.shippingMethod) && form.pickupPoint === '') errors.pickupPoint = serverMessages.pickupPointRequired;
  return errors;
}

/** The field a server answer is about, when it is about one, so the message can stand beside it. */
export function fieldOfMessage(message: string): FormField | null {
  if (message === messages.emailInvalid) return 'email';
  if (message === serverMessages.parishUnknown) return 'parish';
  if (message === serverMessages.pickupPointRequired || (message.startsWith('No ') && message.includes('pickup point has the code')))
    return 'pickupPoint';
  const field = inPageOrder.find((candidate) => checkoutFieldRequiredMessage(candidate) === message);
  return field ? formKeyOf[field] : null;
}

export function checkoutRequest(
  form: CheckoutForm,
  options: { currency: CurrencyCode; shippingCost: number; canSaveAddress: boolean },
): CheckoutRequest {
  const delivery = form.shippingMethod === 'delivery';
  return {
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    address_line1: delivery ? form.address1.trim() : '',
    address_line2: delivery ? form.address2.trim() : '',
    country: delivery ? form.country.trim() : '',
    city: delivery ? form.city.trim() : '',
    parish: delivery ? form.parish.trim() : '',
    postal_code: delivery ? form.postal.trim() : '',
    landmark: delivery ? form.landmark.trim() : '',
    ...(needsPickupPoint(form.shippingMethod) ? { pickup_point: form.pickupPoint } : {}),
    shipping_method: form.shippingMethod,
    payment_method: form.paymentMethod,
    shipping_cost: options.shippingCost,
    currency: options.currency,
    save_address: delivery && options.canSaveAddress && form.saveAddress,
  };
}

/** A saved address as the form's address fields. */
export function fromAddress(
  address: Address,
): Pick<CheckoutForm, 'address1' | 'address2' | 'country' | 'city' | 'parish' | 'postal' | 'landmark'> {
  return {
    address1: address.street_address,
    address2: address.apartment,
    country: address.country,
    city: address.city,
    parish: address.state,
    postal: address.postal_code,
    landmark: address.landmark,
  };
}

/** SPEC §4 pre-fill: the profile fills what the shopper has not typed (or brought back from sign-in). */
export function withProfile(form: CheckoutForm, profile: User): CheckoutForm {
  return {
    ...form,
    firstName: form.firstName || profile.first_name,
    lastName: form.lastName || profile.last_name,
    email: form.email || profile.email,
    phone: form.phone || profile.phone,
  };
}

/**
 * The saved address to start with: the one the form already holds (a form brought back from
 * sign-in), else the default when the form holds none (SPEC §2), else none.
 */
export function startingAddress(form: CheckoutForm, addresses: readonly Address[]): Address | undefined {
  const typed = form.address1.trim().toLowerCase();
  if (typed === '') return addresses.find((address) => address.is_default);
  return addresses.find(
    (address) =>
      address.street_address.trim().toLowerCase() === typed && address.city.trim().toLowerCase() === form.city.trim().toLowerCase(),
  );
}

function parseSavedForm(text: string): CheckoutForm | null {
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof saved !== 'object' || saved === null) return null;
  const entries = saved as Record<string, unknown>;
  const form: CheckoutForm = { ...emptyForm };
  for (const field of textFields) {
    const value = entries[field];
    if (typeof value === 'string') form[field] = value;
  }
  const shipping = shippingMethods.find((method) => method === entries.shippingMethod);
  const payment = paymentMethods.find((method) => method === entries.paymentMethod);
  if (shipping) form.shippingMethod = shipping;
  if (payment) form.paymentMethod = payment;
  form.saveAddress = entries.saveAddress === true;
  return form;
}

/** SPEC §4: the form waits in local storage while the shopper signs in. */
export const saveFormForLater = (form: CheckoutForm) => writeStorage(storageKeys.checkoutFormData, JSON.stringify(form));

/** The form kept for after sign-in, if any; it is removed separately, once it is on screen. */
export function readSavedForm(): CheckoutForm | null {
  const text = readStorage(storageKeys.checkoutFormData);
  return text ? parseSavedForm(text) : null;
}

export const clearSavedForm = () => removeStorage(storageKeys.checkoutFormData);

/** SPEC §8: these answers mean the e-mail has an account, so the shopper signs in first. */
export const needsSignIn = (message: string) => /account with this email already exists|please sign in first/i.test(message);
