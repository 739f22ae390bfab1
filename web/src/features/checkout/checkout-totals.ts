import { majorToMinor, minorToMajor, orderChargesMinor, type Cart, type ShippingMethod, type StoreCharges } from '@threadline/contracts';

/** What the order will add to the cart's total, in JMD: shipping, tax and the total charged. */
export interface CheckoutCharges {
  shipping: number;
  tax: number;
  total: number;
}

/**
 * The charges the server will make: the cart's total (goods after discount, priced by the server)
 * with the owner's delivery fee for the parish and tax, by the very rule the server charges with
 * (added in cents, so no float drift shows up in the last digit). Null until the settings are loaded.
 */
export function checkoutCharges(
  cart: Pick<Cart, 'total'>,
  method: ShippingMethod,
  parish: string,
  charges: StoreCharges | undefined,
): CheckoutCharges | null {
  if (!charges) return null;
  const minor = orderChargesMinor(charges, method, parish, majorToMinor(cart.total));
  return { shipping: minorToMajor(minor.shipping), tax: minorToMajor(minor.tax), total: minorToMajor(minor.total) };
}
