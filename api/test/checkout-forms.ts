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
