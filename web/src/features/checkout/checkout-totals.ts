import { majorToMinor, minorToMajor, shippingCostMinor, type Cart, type ShippingMethod } from '@threadline/contracts';

/** SPEC §9 shipping in JMD: 0 for pickup, 10.00 for delivery. */
export const shippingCost = (method: ShippingMethod): number => minorToMajor(shippingCostMinor[method]);

/**
 * What the order will cost: the server's cart total plus the shipping of the method, the sum the
 * server charges (added in cents, so no float drift shows up in the last digit).
 */
export const orderTotal = (cart: Pick<Cart, 'total'>, method: ShippingMethod): number =>
  minorToMajor(majorToMinor(cart.total) + shippingCostMinor[method]);
