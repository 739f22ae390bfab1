import {
  formatMoney,
  lineLabel,
  returnLimits,
  returnReasonWords,
  shopCurrency,
  storeDetails,
  variantText,
  type Return,
  type StoreContact,
} from '@threadline/contracts';
import { storeSignature } from '../../mail/store-signature.ts';
import { escapeHtml } from '../../markup-text.ts';

/** The steps of a return the customer hears of from this module; its refund is told by the order's refund e-mail. */
export type ReturnStep = 'requested' | 'approved' | 'rejected' | 'received' | 'exchanged';

const money = (amount: number) => formatMoney(amount, shopCurrency);

function stepLines(shown: Return, step: ReturnStep, staffNote: string): { subject: string; lines: string[] } {
  const name = `return ${shown.return_number}`;
  const note = staffNote === '' ? [] : [`A note from us: ${staffNote}`];
  switch (step) {
    case 'requested':
      return {
        subject: `We have your ${name}`,
        lines: [
          `Thank you: we have your return request for order ${shown.order_number}.`,
          ...shown.items.map(
            (item) =>
              `${item.quantity} × ${lineLabel({ name: item.product_name, variant: variantText(item) })} (${returnReasonWords[item.reason].toLowerCase()})`,
          ),
          shown.resolution === 'exchange'
            ? 'You asked for an exchange. We will look at it and e-mail you how to send the items back.'
            : 'You asked for your money back. We will look at it and e-mail you how to send the items back.',
        ],
      };
    case 'approved':
      return {
        subject: `Your ${name} is approved`,
        lines: [
          `Good news: your return ${shown.return_number} for order ${shown.order_number} is approved.`,
          `Please send or bring the items back to us unworn, with their tags, and your return number ${shown.return_number}.`,
          ...note,
        ],
      };
    case 'rejected':
      return {
        subject: `About your ${name}`,
        lines: [
          `We are sorry: we cannot accept your return ${shown.return_number} for order ${shown.order_number}.`,
          ...note,
          `Returns are accepted within ${returnLimits.windowDays} days of delivery, for items unworn and with their tags. Reply to this e-mail if you have a question.`,
        ],
      };
    case 'received':
      return {
        subject: `We received your ${name}`,
        lines: [
          `We received the items of your return ${shown.return_number}.`,
          shown.resolution === 'exchange'
            ? 'We will send your new size or colour next.'
            : 'Your refund follows; we will e-mail you when it is made.',
          ...note,
        ],
      };
    case 'exchanged': {
      const order = shown.exchange_order;
      return {
        subject: `Your exchange for ${name}`,
        lines: [
          order
            ? `We made your exchange order ${order.order_number} for the new size or colour.`
            : 'We made your exchange order for the new size or colour.',
          order && order.payment_status === 'PENDING'
            ? `The new items cost ${money(order.total)} more than the ones you returned: please pay it from your order's page, and we will send them.`
            : 'There is nothing more to pay: we will send them shortly.',
          ...(shown.refunded_amount > 0
            ? [`The new items cost less, so we are refunding the difference of ${money(shown.refunded_amount)}.`]
            : []),
        ],
      };
    }
  }
}

/** The customer's e-mail about a step of their return, with `link` to the order's signed page (KINGSTON.md §7). */
export function returnEmail(shown: Return, step: ReturnStep, staffNote: string, customerName: string, link: string, store: StoreContact) {
  const { subject, lines } = stepLines(shown, step, staffNote);
  const fullSubject = `${storeDetails.name}: ${subject}`;
  const signature = storeSignature(store);
  const text = [`Hello ${customerName},`, '', ...lines, '', `Your order: ${link}`, '', signature.text].join('\n');
  const html = `<div style="font-family:sans-serif;max-width:560px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>Hello ${escapeHtml(customerName)},</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">View your order</a></p>
<p style="color:#666">${signature.html}</p></div>`;
  return { subject: fullSubject, text, html };
}
