import {
  isCollected,
  shippingMethodWords,
  type PickupPoint,
  lineLabel,
  paymentMethodLabel,
  paymentState,
  paysByCard,
  postalAddress,
  shopCurrency,
  storeDetails,
  variantText,
  type BankTransferDetails,
  type Order,
  type StoreContact,
} from '@threadline/contracts';
import { storeSignature } from '../../mail/store-signature.ts';
import { escapeHtml } from '../../markup-text.ts';
import { bankTransferLines, pickupPointOf } from './order-email.ts';

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (amount: number) => `${shopCurrency.symbol}${twoDecimals.format(amount)}`;

/** What the customer is told about: the order moved on, or money was given back. */
export type OrderUpdate =
  | { kind: 'shipped'; trackingNumber: string }
  | { kind: 'ready_for_pickup' }
  | { kind: 'delivered' }
  | { kind: 'cancelled'; refunded: number }
  /** `returnNumber`: the refund of a return (KINGSTON.md §7), which the e-mail names. */
  | { kind: 'refunded'; amount: number; returnNumber?: string }
  /** An unpaid bank transfer, reminded once (KINGSTON.md §1). */
  | { kind: 'payment_reminder' }
  /** Staff saw the customer's transfer in the account (mark-paid). */
  | { kind: 'payment_received' };

/** The update as it is written down: its kind, and the rest as JSON (`order_update_emails.details`). */
export function recordedDetails(update: OrderUpdate): { kind: OrderUpdate['kind']; details: string } {
  const { kind, ...details } = update;
  return { kind, details: JSON.stringify(details) };
}

/** The update an `order_update_emails` row wrote down; throws on a row this code cannot read. */
export function updateFromRecord(kind: string, details: string): OrderUpdate {
  const fields: unknown = JSON.parse(details);
  const field = (name: string): unknown =>
    typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>)[name] : undefined;
  const trackingNumber = field('trackingNumber');
  const refunded = field('refunded');
  const amount = field('amount');
  if (kind === 'shipped' && typeof trackingNumber === 'string') return { kind, trackingNumber };
  if (kind === 'delivered' || kind === 'ready_for_pickup' || kind === 'payment_reminder' || kind === 'payment_received') return { kind };
  if (kind === 'cancelled' && typeof refunded === 'number') return { kind, refunded };
  const returnNumber = field('returnNumber');
  if (kind === 'refunded' && typeof amount === 'number')
    return typeof returnNumber === 'string' ? { kind, amount, returnNumber } : { kind, amount };
  throw new Error(`an order update e-mail that cannot be read: ${kind} ${details}`);
}

/** Where and when a pickup order is collected: the store's address and opening hours as the owner set them. */
export function collectionLines(store: StoreContact): string[] {
  return [
    `Collect it at our store: ${postalAddress(store)}.`,
    `Opening hours: ${store.hours.map((line) => `${line.days} ${line.hours}`).join('; ')}.`,
  ];
}

function updateLines(
  order: Order,
  update: OrderUpdate,
  store: StoreContact,
  bank: BankTransferDetails | null,
  points: readonly PickupPoint[],
): { subject: string; lines: string[] } {
  const name = `${storeDetails.name} order ${order.order_number}`;
  switch (update.kind) {
    case 'shipped':
      return {
        subject: `Your ${name} has shipped`,
        lines: [`Your order ${order.order_number} is on its way.`, `Tracking number: ${update.trackingNumber}`],
      };
    case 'ready_for_pickup':
      return {
        subject: `Your ${name} is ready for pickup`,
        lines: [
          `Your order ${order.order_number} is ready for pickup.`,
          // KINGSTON.md §3: where and when; a parcel at a branch or post office waits there in its opening hours.
          ...(order.shipping_method === 'pickup'
            ? collectionLines(store)
            : [
                // The point's name says what it is ("Knutsford Express, Montego Bay", "Half Way Tree Post Office").
                `Collect it at ${pickupPointOf(order, points)}, in its opening hours, with a photo ID.`,
              ]),
          paymentState(order) === 'due' && order.payment_method === 'cash_on_delivery'
            ? `Please bring ${money(order.total)} in cash, and your order number.`
            : 'Please bring your order number.',
        ],
      };
    case 'delivered':
      return isCollected(order.shipping_method)
        ? { subject: `Your ${name} was collected`, lines: [`Your order ${order.order_number} was collected. Enjoy it!`] }
        : { subject: `Your ${name} was delivered`, lines: [`Your order ${order.order_number} was delivered. Enjoy it!`] };
    case 'cancelled':
      return {
        subject: `Your ${name} was cancelled`,
        lines: [
          order.payment_method === 'bank_transfer' && order.payment_status === 'FAILED'
            ? `Your order ${order.order_number} was cancelled: we did not receive its bank transfer in time. If you did send it, please reply to this e-mail.`
            : `Your order ${order.order_number} was cancelled.`,
          ...(update.refunded > 0 ? [`${money(update.refunded)} is being refunded to your card; banks take a few days to show it.`] : []),
        ],
      };
    case 'refunded':
      return {
        subject: `A refund on your ${name}`,
        lines: [
          update.returnNumber
            ? `We received your return ${update.returnNumber} and refunded ${money(update.amount)} on your order ${order.order_number}.`
            : `We refunded ${money(update.amount)} on your order ${order.order_number}.`,
          paysByCard(order.payment_method)
            ? 'It goes back to your card; banks take a few days to show it.'
            : order.payment_method === 'bank_transfer'
              ? 'We will send it back to your bank account as agreed.'
              : 'We will hand it back to you as agreed.',
        ],
      };
    case 'payment_reminder':
      return {
        subject: `Reminder: your ${name} awaits your bank transfer`,
        lines: [
          `We have not yet received the bank transfer for your order ${order.order_number}. Please send ${money(order.total)} to:`,
          ...(bank ? bankTransferLines(order, bank) : []),
        ],
      };
    case 'payment_received':
      return {
        subject: `We received the payment for your ${name}`,
        lines: [
          `Thank you: we received your ${paymentMethodLabel(order).toLowerCase()} of ${money(order.total)} for your order ${order.order_number}. We are preparing it now.`,
        ],
      };
  }
}

/**
 * The customer's e-mail about a change to their order, with `link` to the order's signed page and
 * the store's details as the owner set them.
 */
export function orderUpdateEmail(
  order: Order,
  update: OrderUpdate,
  link: string,
  store: StoreContact,
  bank: BankTransferDetails | null = null,
  points: readonly PickupPoint[] = [],
) {
  const { subject, lines } = updateLines(order, update, store, bank, points);
  const signature = storeSignature(store);
  const text = [`Hello ${order.customer_name},`, '', ...lines, '', `Your order: ${link}`, '', signature.text].join('\n');
  const html = `<div style="font-family:sans-serif;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>Hello ${escapeHtml(order.customer_name)},</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">View your order</a></p>
<p style="color:#666">${signature.html}</p></div>`;
  return { subject, text, html };
}

/** How the shop's notice says the order is paid: a test card payment (the built-in provider) says it took no money. */
function noticePayment(order: Order, testPayments: boolean): string {
  switch (order.payment_method) {
    case 'stripe':
      return testPayments ? 'TEST card payment, no money taken' : 'paid by card';
    case 'powertranz':
      return 'paid by card (PowerTranz)';
    case 'bank_transfer':
      return order.payment_status === 'PENDING' ? 'bank transfer, awaiting payment' : 'paid by bank transfer';
    case 'cash_on_delivery':
      return isCollected(order.shipping_method) ? 'cash on pickup' : 'cash on delivery';
  }
}

/** The shop's e-mail that a customer sent a proof of their bank transfer: staff check the account, then mark it paid. */
export function proofNotice(order: Order, link: string) {
  const subject = `Proof of payment for order ${order.order_number}: ${money(order.total)} by bank transfer`;
  const lines = [
    `${order.customer_name} <${order.email}> sent a proof of the bank transfer for order ${order.order_number} (${money(order.total)}).`,
    'Check that the money is in the account, then mark the order paid.',
  ];
  const text = [...lines, '', `Open it in the back office: ${link}`].join('\n');
  const html = `<div style="font-family:sans-serif;max-width:560px">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">Open it in the back office</a></p></div>`;
  return { subject, text, html };
}

/** The shop's e-mail about a new order to handle: what to pick, and where it goes. */
export function newOrderNotice(order: Order, link: string, testPayments = false, points: readonly PickupPoint[] = []) {
  const subject = `New order ${order.order_number}: ${money(order.total)}, ${noticePayment(order, testPayments)}`;
  const pick = order.items.map((item) => `${item.quantity} × ${lineLabel({ name: item.product_name, variant: variantText(item) })}`);
  const where =
    order.shipping_method === 'pickup'
      ? 'Pickup at the store'
      : order.shipping_method === 'delivery'
        ? `Deliver to: ${order.shipping_address_text}`
        : `Send by ${shippingMethodWords[order.shipping_method]} to: ${pickupPointOf(order, points)}`;
  const text = [
    `Order ${order.order_number} from ${order.customer_name} <${order.email}>`,
    '',
    'To pick:',
    ...pick,
    '',
    where,
    `Total: ${money(order.total)}`,
    `Payment: ${noticePayment(order, testPayments)}`,
    '',
    `Open it in the back office: ${link}`,
  ].join('\n');
  const html = `<div style="font-family:sans-serif;max-width:560px">
<h1 style="font-size:20px">New order ${escapeHtml(order.order_number)}</h1>
<p>From ${escapeHtml(order.customer_name)} &lt;${escapeHtml(order.email)}&gt;</p>
<h2 style="font-size:16px">To pick</h2>
<ul>${pick.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${escapeHtml(where)}<br>Total: ${money(order.total)}<br>Payment: ${escapeHtml(noticePayment(order, testPayments))}</p>
<p><a href="${escapeHtml(link)}">Open it in the back office</a></p></div>`;
  return { subject, text, html };
}
