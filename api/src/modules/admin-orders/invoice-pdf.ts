import PdfKitDocument from 'pdfkit';
import { formatMoney, lineLabel, postalAddress, shopCurrency, storeDetails, variantText, type AdminOrder, type StoreContact } from '@threadline/contracts';

const jmd = (amount: number) => formatMoney(amount, shopCurrency);
const day = new Intl.DateTimeFormat('en-JM', { dateStyle: 'long', timeZone: 'America/Jamaica' });

/**
 * The order's invoice, in JMD as it was charged, with the shop's details as the owner set them
 * (`store`) and the note of the currency the customer saw prices in. Built in memory: an invoice is a
 * page or two.
 */
export function invoicePdf(order: AdminOrder, store: StoreContact): Promise<Buffer> {
  const document = new PdfKitDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${order.order_number}`, Author: storeDetails.legalName, Subject: `${storeDetails.name} order ${order.order_number}` },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  const left = 50;
  const right = 545;
  document.font('Helvetica-Bold').fontSize(20).text(storeDetails.name, left, 50);
  document
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444')
    .text(storeDetails.legalName)
    .text(postalAddress(store))
    .text(`${store.email} · ${store.phone}`);
  document.font('Helvetica-Bold').fontSize(16).fillColor('#000').text('INVOICE', 350, 50, { width: right - 350, align: 'right' });
  document
    .font('Helvetica')
    .fontSize(10)
    .text(`Order ${order.order_number}`, 350, 74, { width: right - 350, align: 'right' })
    .text(day.format(new Date(order.created_at)), { width: right - 350, align: 'right' });

  document.moveDown(3).font('Helvetica-Bold').fontSize(10).text('Bill to', left, 140);
  document.font('Helvetica').text(order.customer_name).text(order.email).text(order.phone);
  document.font('Helvetica-Bold').text(order.shipping_method === 'pickup' ? 'Pickup' : 'Deliver to', 300, 140);
  document.font('Helvetica').text(order.shipping_method === 'pickup' ? `At our store, ${store.street}` : order.shipping_address_text, 300, 154, { width: right - 300 });

  let y = 230;
  const row = (cells: [string, string, string, string], bold = false) => {
    document.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const height = document.heightOfString(cells[0], { width: 280 });
    document.text(cells[0], left, y, { width: 280 });
    document.text(cells[1], 340, y, { width: 40, align: 'right' });
    document.text(cells[2], 385, y, { width: 75, align: 'right' });
    document.text(cells[3], 465, y, { width: 80, align: 'right' });
    y += Math.max(height, 14) + 6;
  };
  row(['Item', 'Qty', 'Unit price', 'Amount'], true);
  document.moveTo(left, y - 3).lineTo(right, y - 3).strokeColor('#999').stroke();
  for (const item of order.items) {
    if (y > 720) {
      document.addPage();
      y = 50;
    }
    row([lineLabel({ name: item.product_name, variant: variantText(item) }), String(item.quantity), jmd(item.price / item.quantity), jmd(item.price)]);
  }
  document.moveTo(left, y).lineTo(right, y).stroke();
  y += 10;

  const total = (label: string, amount: string, bold = false) => {
    document.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10);
    document.text(label, 340, y, { width: 120, align: 'right' });
    document.text(amount, 465, y, { width: 80, align: 'right' });
    y += bold ? 20 : 16;
  };
  total('Subtotal', jmd(order.subtotal));
  if (order.discount_amount > 0) total('Discount', `-${jmd(order.discount_amount)}`);
  total('Delivery', jmd(order.shipping_cost));
  total('Tax', jmd(order.tax_amount));
  total('Total (JMD)', jmd(order.total), true);
  if (order.refunded_amount > 0) total('Refunded', `-${jmd(order.refunded_amount)}`);

  y += 20;
  document
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444')
    .text(`Payment: ${order.payment_method === 'stripe' ? 'card' : 'cash on delivery'}. All amounts are Jamaican dollars (JMD).`, left, y, { width: right - left })
    .text(order.exchange_note, { width: right - left });
  document.end();
  return finished;
}
