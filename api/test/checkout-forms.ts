/** A guest's checkout form for a pickup order, under a fresh e-mail so no per-e-mail limit or first-order rule carries over. */
export const pickupCheckoutForm = (paymentMethod = 'stripe') => ({
  first_name: 'Kemar',
  last_name: 'Brown',
  email: `kemar.${Math.random().toString(36).slice(2)}@example.com`,
  phone: '876 555 0199',
  shipping_method: 'pickup',
  payment_method: paymentMethod,
  currency: 'JMD',
});

/** The fields that make a guest's order a delivery by the shop's driver (to St. Andrew, typed as people type it). */
export const deliveryFields = {
  shipping_method: 'delivery',
  address_line1: '12 Hope Road',
  country: 'Jamaica',
  city: 'Kingston 10',
  parish: 'st andrew',
} as const;
