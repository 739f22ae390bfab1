import {
  expectedByText,
  isCollected,
  pickupPointNamed,
  paymentMethodLabel,
  shippingMethodWords,
  type PickupPoint,
  formatPayBy,
  lineLabel,
  messages,
  shopCurrency,
  storeDetails,
  taxLabel,
  variantText,
  type BankTransferDetails,
  type Order,
  type StoreContact,
} from '@threadline/contracts';
import { storeSignature } from '../../mail/store-signature.ts';
import { escapeHtml } from '../../markup-text.ts';

// What formatMoney writes for a JMD amount, with one formatter: formatMoney's toLocaleString builds
// a new Intl.NumberFormat per amount, which was a twentieth of the CPU of a checkout under load.
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (amount: number) => `${amount < 0 ? '-' : ''}${shopCurrency.symbol}${twoDecimals.format(Math.abs(amount))}`;

function paymentLine(order: Order, testPayments: boolean): string {
  switch (order.payment_method) {
    case 'stripe':
    case 'powertranz':
      return testPayments && order.payment_method === 'stripe'
        ? `${messages.testPaymentNotice} Paid on the shop's test card page, not with ${storeDetails.cardProvider}.`
        : `Paid by card (${order.payment_method === 'stripe' ? storeDetails.cardProvider : 'PowerTranz'}).`;
    case 'bank_transfer':
      return order.payment_status === 'PENDING'
        ? `Bank transfer: please send ${money(order.total)} to the account below.`
        : 'Paid by bank transfer.';
    case 'cash_on_delivery':
      // Collected at the store, a Knutsford Express branch or a post office: paid there.
      return `${paymentMethodLabel(order)}: please have ${money(order.total)} ready.`;
  }
}

/**
 * Where an unpaid transfer goes, the reference to quote and the day it must arrive by (KINGSTON.md
 * §1); the same lines in the confirmation and the reminder.
 */
export function bankTransferLines(order: Pick<Order, 'order_number' | 'total' | 'expires_at'>, bank: BankTransferDetails): string[] {
  return [
    `Bank: ${bank.bank}${bank.branch ? `, ${bank.branch} branch` : ''}`,
    `Account name: ${bank.account_name}`,
    `Account number: ${bank.account_number}${bank.account_type ? ` (${bank.account_type})` : ''}`,
    `Currency: ${bank.currency}`,
    `Amount: ${money(order.total)}`,
    `Reference: ${order.order_number}`,
    ...(order.expires_at ? [`Please pay by ${formatPayBy(order.expires_at)}; an order not paid by then is cancelled.`] : []),
    'Then send us a screenshot or PDF of the transfer from your order page.',
  ];
}

/** Where a Knutsford Express or post-office order waits, by name from the owner's list (its code if no longer listed). */
export const pickupPointOf = (order: Pick<Order, 'pickup_point'>, points: readonly PickupPoint[]) =>
  pickupPointNamed(order.pickup_point, points);

const shippingLine = (order: Order, store: StoreContact, points: readonly PickupPoint[]) => {
  switch (order.shipping_method) {
    case 'pickup':
      return `Pickup at our store: ${store.street}, ${store.city}.`;
    case 'delivery':
      return `Delivery to ${order.shipping_address_text}.`;
    default:
      return `${shippingMethodWords[order.shipping_method]}: collect at ${pickupPointOf(order, points)}.`;
  }
};

/**
 * The order confirmation e-mail, in text and HTML, with the SPEC §9 shipping promise, `link`, the
 * order's signed page address, and the store's details and tax's name as the owner set them. With `testPayments`
 * (the built-in test card provider) a card order's e-mail says no money was taken.
 */
export function orderConfirmationEmail(
  order: Order,
  link: string,
  store: StoreContact,
  taxName: string,
  testPayments = false,
  bank: BankTransferDetails | null = null,
  points: readonly PickupPoint[] = [],
) {
  const transfer =
    order.payment_method === 'bank_transfer' && order.payment_status === 'PENDING' && bank ? bankTransferLines(order, bank) : [];
  const signature = storeSignature(store);
  const subject = `Your ${storeDetails.name} order ${order.order_number}`;
  const lines = order.items.map(
    (item) => `${item.quantity} × ${lineLabel({ name: item.product_name, variant: variantText(item) })}: ${money(item.price)}`,
  );
  const totals = [
    `Subtotal: ${money(order.subtotal)}`,
    ...(order.discount_amount > 0 ? [`Discount: -${money(order.discount_amount)}`] : []),
    `Shipping: ${money(order.shipping_cost)}`,
    ...(order.prices_include_tax ? [] : [`${taxLabel(taxName, false)}: ${money(order.tax_amount)}`]),
    `Total: ${money(order.total)}`,
    // The tax the total holds, beneath it, as the shelf prices held it.
    ...(order.prices_include_tax ? [`${taxLabel(taxName, true)} ${money(order.tax_amount)}`] : []),
    ...(order.invoice_number ? [`Invoice: ${order.invoice_number}`] : []),
  ];
  // A pickup order is never shipped: it is made ready, and the customer told where and when to collect it.
  // KINGSTON.md §3: the date promised at checkout, from the method's lead time.
  const expected = order.promised_by ? `${expectedByText(order.promised_by)}.` : '';
  const promise = isCollected(order.shipping_method)
    ? `${expected ? `${expected} ` : ''}We will e-mail you when it is ready to collect.`
    : expected || 'Orders are prepared and shipped within 1-2 business days after payment.';
  const text = [
    `Hello ${order.customer_name},`,
    '',
    `Thank you for your order ${order.order_number}.`,
    '',
    ...lines,
    '',
    ...totals,
    '',
    shippingLine(order, store, points),
    paymentLine(order, testPayments),
    ...transfer,
    promise,
    '',
    `Your order: ${link}`,
    '',
    signature.text,
  ].join('\n');
  const html = `<div style="font-family:sans-serif;max-width:560px">
<h1 style="font-size:20px">Thank you for your order ${escapeHtml(order.order_number)}</h1>
<p>Hello ${escapeHtml(order.customer_name)},</p>
<table style="width:100%;border-collapse:collapse">${order.items
    .map(
      (item) =>
        `<tr><td style="padding:4px 0">${item.quantity} × ${escapeHtml(item.product_name)}${variantText(item) ? ` <small>(${escapeHtml(variantText(item))})</small>` : ''}</td><td style="text-align:right">${money(item.price)}</td></tr>`,
    )
    .join('')}</table>
<p>${totals.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(shippingLine(order, store, points))}<br>${escapeHtml(paymentLine(order, testPayments))}</p>
${transfer.length > 0 ? `<p style="border:1px solid #ccc;padding:8px">${transfer.map(escapeHtml).join('<br>')}</p>` : ''}
<p>${promise}</p>
<p><a href="${escapeHtml(link)}">View your order</a></p>
<p style="color:#666">${signature.html}</p></div>`;
  return { subject, text, html };
}
