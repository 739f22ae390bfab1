import PdfKitDocument from 'pdfkit';
import {
  formatMoney,
  lineLabel,
  paymentMethodWords,
  paymentStatusLabels,
  shopCurrency,
  storeDetails,
  variantText,
  type RunSheet,
} from '@threadline/contracts';
import { invoiceLettering, type InvoiceWeight } from '../admin-orders/invoice-fonts.ts';

const jmd = (amount: number) => formatMoney(amount, shopCurrency);
const longDay = new Intl.DateTimeFormat('en-JM', { dateStyle: 'full', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-JM', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const clock = new Intl.DateTimeFormat('en-JM', { timeStyle: 'short', timeZone: 'America/Jamaica' });
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The stop's address on one line, as the driver reads it out. */
const addressLine = (stop: RunSheet['parishes'][number]['stops'][number]) =>
  [stop.address.street_address, stop.address.apartment, stop.address.city, stop.address.parish]
    .filter((part) => part.trim() !== '')
    .join(', ');

/** What the driver does about money at the door. */
const moneyLine = (stop: RunSheet['parishes'][number]['stops'][number]) =>
  stop.cash_to_collect > 0
    ? `Collect ${jmd(stop.cash_to_collect)} in cash`
    : `Nothing to collect (${paymentMethodWords[stop.payment_method].toLowerCase()}, ${paymentStatusLabels[stop.payment_status].toLowerCase()})`;

/**
 * The driver's run sheet for the clipboard (KINGSTON.md §3): the day's stops by parish, each with
 * the customer, phone, address, landmark, items and the cash to collect, and the sheet's cash at the
 * top. Written in the invoice's fonts, so any customer's name prints. Built in memory: a day's run
 * is a few pages.
 */
export async function runSheetPdf(sheet: RunSheet): Promise<Buffer> {
  const stops = sheet.parishes.flatMap((group) => group.stops);
  const lettering = await invoiceLettering(
    stops.flatMap((stop) => [stop.customer_name, stop.phone, addressLine(stop), stop.landmark, ...stop.items.map((item) => item.name)]),
  );
  const document = new PdfKitDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Run sheet ${sheet.date}`, Author: storeDetails.legalName, Subject: `${storeDetails.name} deliveries of ${sheet.date}` },
  });
  lettering.register(document);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  const left = 40;
  const width = 515;
  /** Writes a line below the last, changing font where its letters need it. */
  const write = (line: string, weight: InvoiceWeight, size: number, indent = 0) => {
    document.fontSize(size);
    // A stop is kept on one page where it fits: a new page before a line that would run off this one.
    if (document.y > 780) document.addPage();
    const runs = lettering.runs(line, weight);
    for (const [index, run] of runs.entries()) {
      document.font(run.font);
      const options = { width: width - indent, continued: index < runs.length - 1 };
      if (index === 0) document.text(run.text, left + indent, document.y, options);
      else document.text(run.text, options);
    }
  };

  write(`${storeDetails.name} run sheet`, 'bold', 18);
  write(longDay.format(new Date(`${sheet.date}T12:00:00.000Z`)), 'regular', 12);
  write(`${plural(sheet.stop_count, 'stop')} · Cash to collect ${jmd(sheet.cash_to_collect)}`, 'bold', 12);
  if (sheet.stop_count === 0) write('No deliveries on this day.', 'regular', 11);
  let number = 0;
  for (const group of sheet.parishes) {
    document.moveDown(0.8);
    if (document.y > 700) document.addPage();
    write(`${group.parish} · ${plural(group.stops.length, 'stop')} · cash ${jmd(group.cash_to_collect)}`, 'bold', 14);
    document
      .moveTo(left, document.y + 2)
      .lineTo(left + width, document.y + 2)
      .strokeColor('#999')
      .stroke();
    for (const stop of group.stops) {
      number += 1;
      document.moveDown(0.6);
      // Keep a stop together: most take under 130 points.
      if (document.y > 690) document.addPage();
      write(`${number}. ${stop.order_number} · ${stop.customer_name} · ${stop.phone}`, 'bold', 11);
      write(addressLine(stop), 'regular', 10, 14);
      if (stop.landmark) write(`Landmark: ${stop.landmark}`, 'regular', 10, 14);
      if (stop.promised_by)
        write(
          `Expected by ${shortDay.format(new Date(`${stop.promised_by}T12:00:00.000Z`))}${stop.late ? ' (LATE)' : ''}`,
          stop.late ? 'bold' : 'regular',
          10,
          14,
        );
      for (const item of stop.items)
        write(`${item.quantity} × ${lineLabel({ name: item.name, variant: variantText(item) })}`, 'regular', 10, 14);
      write(moneyLine(stop), 'bold', 10, 14);
      write(
        stop.delivery
          ? `Delivered at ${clock.format(new Date(stop.delivery.delivered_at))}, received by ${stop.delivery.received_by}${stop.delivery.cash_collected ? ', cash collected' : ''}`
          : 'Received by ______________________ Time ________',
        'regular',
        10,
        14,
      );
    }
  }
  document.end();
  return finished;
}
