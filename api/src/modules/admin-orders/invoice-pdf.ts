import PdfKitDocument from 'pdfkit';
import {
  formatMoney,
  invoiceAmountsMinor,
  lineLabel,
  paymentMethodLabel,
  pickupPointNamed,
  shippingMethodWords,
  type PickupPoint,
  majorToMinor,
  minorToMajor,
  paymentState,
  paymentStateLabels,
  postalAddress,
  shopCurrency,
  storeDetails,
  taxLabel,
  variantText,
  type AdminOrder,
  type StoreContact,
  type StoreTax,
} from '@threadline/contracts';
import { invoiceLettering, type InvoiceWeight } from './invoice-fonts.ts';

const jmd = (amount: number) => formatMoney(amount, shopCurrency);
const day = new Intl.DateTimeFormat('en-JM', { dateStyle: 'long', timeZone: 'America/Jamaica' });

/** How the order is paid and where that stands: a test card payment says it took no money. */
export function invoicePayment(
  order: Pick<AdminOrder, 'payment_method' | 'shipping_method' | 'status' | 'payment_status' | 'test_payment'>,
): string {
  // Within the sentence: 'cash on pickup', 'card (PowerTranz)', the provider's name as it is written.
  const label = paymentMethodLabel(order);
  const method = label.charAt(0).toLowerCase() + label.slice(1);
  const state = paymentStateLabels[paymentState(order)].toLowerCase();
  return `${method}, ${state}${order.test_payment ? ' (TEST payment: no money was taken)' : ''}`;
}

/**
 * The order's invoice, in JMD as it was charged, with the shop's details and tax as the owner set
 * them (`store`, `tax`) and the note of the currency the customer saw prices in. With a GCT
 * registration number it is a tax invoice (KINGSTON.md §2): the number, the invoice's number and
 * date, each line, the tax on its own line and the total, the lines and the tax adding up to the
 * total to the cent (`invoiceAmountsMinor`). Built in memory: an invoice is a page or two.
 */
export async function invoicePdf(
  order: AdminOrder,
  store: StoreContact,
  tax: StoreTax,
  points: readonly PickupPoint[] = [],
): Promise<Buffer> {
  const itemLabels = order.items.map((item) => lineLabel({ name: item.product_name, variant: variantText(item) }));
  const lettering = await invoiceLettering([
    order.customer_name,
    order.email,
    order.phone,
    order.shipping_address_text,
    pickupPointNamed(order.pickup_point, points),
    order.exchange_note,
    ...itemLabels,
  ]);
  const document = new PdfKitDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `Invoice ${order.order_number}`,
      Author: storeDetails.legalName,
      Subject: `${storeDetails.name} order ${order.order_number}`,
    },
  });
  lettering.register(document);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  /** Writes text at `at`, or below what was written last, changing font where its letters need it. */
  const write = (text: string, weight: InvoiceWeight, { at, ...options }: PDFKit.Mixins.TextOptions & { at?: [number, number] } = {}) => {
    const runs = lettering.runs(text, weight);
    for (const [index, run] of runs.entries()) {
      const runOptions = { ...options, continued: index < runs.length - 1 };
      document.font(run.font);
      if (index === 0 && at) document.text(run.text, at[0], at[1], runOptions);
      else document.text(run.text, runOptions);
    }
  };
  /** The height text takes in the width given, measured in the widest of the fonts it is written in. */
  const heightOf = (text: string, weight: InvoiceWeight, width: number) =>
    Math.max(...lettering.runs(text, weight).map((run) => document.font(run.font).heightOfString(text, { width })));

  const left = 50;
  const right = 545;
  document.fontSize(20);
  write(storeDetails.name, 'bold', { at: [left, 50] });
  document.fontSize(9).fillColor('#444');
  write(storeDetails.legalName, 'regular');
  write(postalAddress(store), 'regular');
  write(`${store.email} · ${store.phone}`, 'regular');
  if (tax.registration_number) write(`${tax.name} registration number: ${tax.registration_number}`, 'regular');
  document.fontSize(16).fillColor('#000');
  write(tax.registration_number ? 'Tax Invoice' : 'Invoice', 'bold', { at: [350, 50], width: right - 350, align: 'right' });
  document.fontSize(10);
  // An unpaid order has no invoice number yet: its invoice is dated as placed.
  const heading = order.invoice_number
    ? [`Invoice ${order.invoice_number}`, `Date ${day.format(new Date(order.paid_at ?? order.created_at))}`, `Order ${order.order_number}`]
    : [`Order ${order.order_number}`, day.format(new Date(order.created_at))];
  for (const [index, line] of heading.entries())
    write(line, 'regular', { ...(index === 0 ? { at: [350, 74] as [number, number] } : {}), width: right - 350, align: 'right' });

  document.moveDown(3);
  write('Bill to', 'bold', { at: [left, 140] });
  for (const line of [order.customer_name, order.email, order.phone]) write(line, 'regular', { width: 240 });
  // Where the goods go: the store, the customer's door, or the Knutsford Express branch or post office they collect at.
  const [where, whereText] =
    order.shipping_method === 'pickup'
      ? ['Pickup', `At our store, ${store.street}`]
      : order.shipping_method === 'delivery'
        ? ['Deliver to', order.shipping_address_text]
        : [shippingMethodWords[order.shipping_method], `Collect at ${pickupPointNamed(order.pickup_point, points)}`];
  write(where, 'bold', { at: [300, 140] });
  write(whereText, 'regular', {
    at: [300, 154],
    width: right - 300,
  });

  let y = 230;
  const row = (cells: [string, string, string, string], weight: InvoiceWeight = 'regular') => {
    document.fontSize(10);
    const height = heightOf(cells[0], weight, 265);
    write(cells[0], weight, { at: [left, y], width: 265 });
    write(cells[1], weight, { at: [320, y], width: 35, align: 'right' });
    write(cells[2], weight, { at: [360, y], width: 85, align: 'right' });
    write(cells[3], weight, { at: [450, y], width: right - 450, align: 'right' });
    y += Math.max(height, 14) + 6;
  };
  // Prices holding the tax: each line is listed without it, beside the shelf price the customer paid.
  const included = order.prices_include_tax && order.tax_amount > 0;
  const listed = invoiceAmountsMinor({
    lines: order.items.map((item) => majorToMinor(item.price)),
    subtotal: majorToMinor(order.subtotal),
    discount: majorToMinor(order.discount_amount),
    tax: majorToMinor(order.tax_amount),
    pricesIncludeTax: included,
  });
  const listedJmd = (cents: number) => jmd(minorToMajor(cents));
  row(['Item', 'Qty', included ? `Price incl. ${tax.name}` : 'Unit price', included ? `Amount excl. ${tax.name}` : 'Amount'], 'bold');
  document
    .moveTo(left, y - 3)
    .lineTo(right, y - 3)
    .strokeColor('#999')
    .stroke();
  for (const [index, item] of order.items.entries()) {
    if (y > 720) {
      document.addPage();
      y = 50;
    }
    row([itemLabels[index] ?? '', String(item.quantity), jmd(item.price / item.quantity), listedJmd(listed.lines[index] ?? 0)]);
  }
  document.moveTo(left, y).lineTo(right, y).stroke();
  y += 10;

  const total = (label: string, amount: string, bold = false) => {
    const weight = bold ? 'bold' : 'regular';
    document.fontSize(bold ? 12 : 10);
    write(label, weight, { at: [280, y], width: 135, align: 'right' });
    write(amount, weight, { at: [420, y], width: right - 420, align: 'right' });
    y += bold ? 20 : 16;
  };
  total(included ? `Subtotal excl. ${tax.name}` : 'Subtotal', listedJmd(listed.subtotal));
  if (listed.discount > 0) total('Discount', `-${listedJmd(listed.discount)}`);
  total('Delivery', jmd(order.shipping_cost));
  total(taxLabel(tax.name, false), jmd(order.tax_amount));
  total('Total (JMD)', jmd(order.total), true);
  if (order.refunded_amount > 0) total('Refunded', `-${jmd(order.refunded_amount)}`);

  y += 20;
  document.fontSize(9).fillColor('#444');
  write(`Payment: ${invoicePayment(order)}. All amounts are Jamaican dollars (JMD).`, 'regular', {
    at: [left, y],
    width: right - left,
  });
  write(order.exchange_note, 'regular', { width: right - left });
  document.end();
  return finished;
}
