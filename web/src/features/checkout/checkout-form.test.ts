import type { Address } from '@threadline/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkoutRequest,
  clearSavedForm,
  emptyForm,
  fieldOfMessage,
  formErrors,
  needsSignIn,
  readSavedForm,
  saveFormForLater,
  startingAddress,
} from './checkout-form.ts';
import { defaultStoreSettings } from '@threadline/contracts';
import { checkoutCharges } from './checkout-totals.ts';

const filled = {
  ...emptyForm,
  firstName: 'Ayesha',
  lastName: 'Campbell',
  email: 'a@example.com',
  phone: '876',
  address1: '1 Hope Rd',
  city: 'Kingston',
};

const address = (overrides: Partial<Address>): Address => ({
  id: 1,
  label: '',
  street_address: '1 Hope Rd',
  apartment: '',
  city: 'Kingston',
  state: 'St. Andrew',
  postal_code: '',
  country: 'Jamaica',
  landmark: '',
  is_default: false,
  ...overrides,
});

describe('checkout form rules', () => {
  it('asks for who is buying, and the address only for delivery, in the spec words and page order', () => {
    const errors = formErrors({ ...emptyForm, country: ' ' });
    expect(Object.entries(errors)).toEqual([
      ['firstName', 'first name is required'],
      ['lastName', 'last name is required'],
      ['email', 'email is required'],
      ['phone', 'phone is required'],
      ['address1', 'address is required'],
      ['city', 'city is required'],
      ['country', 'country is required'],
    ]);
    expect(formErrors({ ...filled, shippingMethod: 'pickup', address1: '', city: '' })).toEqual({});
    expect(formErrors({ ...filled, firstName: '   ' })).toEqual({ firstName: 'first name is required' });
  });

  it('ties server answers about one field back to it', () => {
    expect(fieldOfMessage('address is required')).toBe('address1');
    expect(fieldOfMessage('Enter a valid email address')).toBe('email');
    expect(fieldOfMessage('Checkout failed')).toBeNull();
  });

  it('sends the request of SPEC §3, without an address for pickup, saving one only when allowed', () => {
    const options = { currency: 'USD' as const, shippingCost: 10, canSaveAddress: true };
    expect(checkoutRequest({ ...filled, address1: ' 1 Hope Rd ', saveAddress: true }, options)).toEqual({
      first_name: 'Ayesha',
      last_name: 'Campbell',
      email: 'a@example.com',
      phone: '876',
      address_line1: '1 Hope Rd',
      address_line2: '',
      country: 'Jamaica',
      city: 'Kingston',
      parish: '',
      postal_code: '',
      shipping_method: 'delivery',
      payment_method: 'cash_on_delivery',
      shipping_cost: 10,
      currency: 'USD',
      save_address: true,
    });
    expect(checkoutRequest({ ...filled, saveAddress: true }, { ...options, canSaveAddress: false }).save_address).toBe(false);
    const pickup = checkoutRequest({ ...filled, shippingMethod: 'pickup', saveAddress: true }, { ...options, shippingCost: 0 });
    expect(pickup).toMatchObject({ address_line1: '', city: '', country: '', shipping_cost: 0, save_address: false });
  });

  it('keeps the form for after sign-in and ignores what is not a form', () => {
    saveFormForLater({ ...filled, shippingMethod: 'pickup' });
    expect(readSavedForm()).toEqual({ ...filled, shippingMethod: 'pickup' });
    clearSavedForm();
    expect(readSavedForm()).toBeNull();
    localStorage.setItem('checkoutFormData', '{"firstName": 7, "shippingMethod": "drone", "email": "x@example.com"}');
    expect(readSavedForm()).toEqual({ ...emptyForm, email: 'x@example.com' });
    localStorage.setItem('checkoutFormData', 'not json');
    expect(readSavedForm()).toBeNull();
  });

  it('starts from the default address, or the saved one the form already holds', () => {
    const home = address({ id: 1, label: 'Home', is_default: true });
    const work = address({ id: 2, street_address: '9 Knutsford Blvd', city: 'New Kingston' });
    expect(startingAddress(emptyForm, [work, home])).toBe(home);
    expect(startingAddress({ ...emptyForm, address1: '9 knutsford blvd', city: 'New Kingston' }, [home, work])).toBe(work);
    expect(startingAddress({ ...emptyForm, address1: '3 Elsewhere Rd' }, [home, work])).toBeUndefined();
    expect(startingAddress(emptyForm, [work])).toBeUndefined();
  });

  it('recognises the existing-account answers', () => {
    expect(needsSignIn('An account with this email already exists. Please sign in to continue with your checkout.')).toBe(true);
    expect(needsSignIn('Please sign in first')).toBe(true);
    expect(needsSignIn('Checkout failed')).toBe(false);
  });

  it('charges the parish’s delivery fee and the tax on top of the cart total, in whole cents', () => {
    const charges = { ...defaultStoreSettings, delivery_fees: { ...defaultStoreSettings.delivery_fees, 'St. Andrew': 650 } };
    expect(checkoutCharges({ total: 11900.1 }, 'delivery', 'Kingston', charges)).toEqual({ shipping: 10, tax: 0, total: 11910.1 });
    expect(checkoutCharges({ total: 0.1 }, 'delivery', 'st andrew', charges)).toEqual({ shipping: 650, tax: 0, total: 650.1 });
    expect(checkoutCharges({ total: 11900 }, 'pickup', 'St. Andrew', charges)).toEqual({ shipping: 0, tax: 0, total: 11900 });
    expect(
      checkoutCharges({ total: 1000 }, 'delivery', 'St. Andrew', {
        ...charges,
        tax: { ...charges.tax, rate: 16.5 },
        free_delivery_over: 1000,
      }),
    ).toEqual({ shipping: 0, tax: 165, total: 1165 });
    // Held in the prices: the total is the cart's, and the tax the part of it that is GCT.
    expect(
      checkoutCharges({ total: 1150 }, 'delivery', 'St. Andrew', {
        ...charges,
        tax: { ...charges.tax, rate: 15, prices_include_tax: true },
      }),
    ).toEqual({ shipping: 650, tax: 150, total: 1800 });
    expect(checkoutCharges({ total: 1000 }, 'delivery', 'St. Andrew', undefined)).toBeNull();
  });
});
