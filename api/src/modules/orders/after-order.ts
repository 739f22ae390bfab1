import type { FastifyInstance } from 'fastify';
import type { CheckoutDependencies } from './checkout.service.ts';

/**
 * What follows a placed order, outside its transaction: it is counted, the sold products' cached pages go here, the
 * claimed confirmation e-mail is queued, and a customer's phone and (when asked) the delivery
 * address are kept for next time. A failure here is logged; the order stands.
 */
export const afterOrderPlaced =
  (app: FastifyInstance, publicUrl: string): CheckoutDependencies['afterOrder'] =>
  (order, request, context, { productIds, confirmationClaimed }) => {
    app.metrics.orderPlaced(order.payment_method);
    // The other processes are told by the order's own commit (soldNoticeWrites). Told here, this
    // process drops its cached pages of the products and refreshes their in-stock summaries (ADR 36).
    app.changes.tellHere('catalog', productIds);
    if (confirmationClaimed) app.orders.queueClaimedConfirmation(order, publicUrl);
    const customerId = context.owner.userId;
    if (customerId === null) return;
    app.profile
      .rememberPhone(customerId, request.phone)
      .catch((error: unknown) => app.log.error({ err: error }, 'could not keep the phone from checkout'));
    if (!request.save_address || request.shipping_method !== 'delivery') return;
    app.savedAddresses
      .saveFromCheckout(customerId, {
        label: '',
        street_address: request.address_line1,
        apartment: request.address_line2,
        city: request.city,
        state: request.parish,
        postal_code: request.postal_code,
        country: request.country,
        landmark: request.landmark,
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'could not save the address from checkout'));
  };
