import { randomBytes } from 'node:crypto';
import { deliveryMessages, type DeliveredForm, type OrderActionResponse, type RunSheet } from '@threadline/contracts';
import type { DatabaseHandle } from '../../db/database.ts';
import { badRequest, conflict, notFound, ShopError } from '../../errors.ts';
import { privateMediaPrefix, type MediaStore } from '../../media/media-store.ts';
import { reencodePhoto } from '../../media/photo-upload.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import { addDays, dayStart, jamaicaDay } from '../../shop-days.ts';
import type { AdminOrdersService } from '../admin-orders/admin-orders.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { deliveryRefusal, type OrdersService } from '../orders/orders.service.ts';
import { buildRunSheet } from './run-sheet.ts';
import { runSheetPdf } from './run-sheet-pdf.ts';

/** A phone camera's photo: up to 50 megapixels (decoded shrinking as it loads), kept at most 1600 pixels a side. */
export const deliveryPhotoLimits = { megabytes: 15, megapixels: 50, side: 1600 } as const;

export interface DeliveriesDependencies {
  database: DatabaseHandle;
  orders: OrdersService;
  adminOrders: AdminOrdersService;
  audit: AuditService;
  store: MediaStore;
  /** The shop's configured address, for the link in the customer's delivered e-mail. */
  publicUrl: string;
}

/**
 * The driver's day (KINGSTON.md §3): the run sheet of a Jamaican day, and a delivery marked done in
 * one step from the driver's phone: delivered with its proof, and paid when the cash was collected,
 * through the orders' own status change and the back office's mark-paid, in one transaction.
 */
export function createDeliveriesService({ database, orders, adminOrders, audit, store, publicUrl }: DeliveriesDependencies) {
  async function runSheet(date: string | undefined, now = new Date()): Promise<RunSheet> {
    const day = date ?? jamaicaDay(now);
    return buildRunSheet(day, await orders.runSheetOrders(dayStart(day), dayStart(addDays(day, 1))));
  }

  /** The photo re-encoded (upright, no metadata, WebP) and stored privately; its key. */
  async function keepPhoto(orderId: number, upload: Buffer): Promise<string> {
    const photo = await reencodePhoto(upload, deliveryPhotoLimits.megapixels * 1_000_000, deliveryPhotoLimits.side);
    if (photo === 'too-large')
      throw new ShopError(413, deliveryMessages.photoTooLarge(deliveryPhotoLimits.megabytes, deliveryPhotoLimits.megapixels));
    if (photo === 'invalid') throw badRequest(deliveryMessages.photoInvalid);
    const key = `${privateMediaPrefix}delivery-photos/${orderId}/${randomBytes(16).toString('hex')}.webp`;
    await store.put(key, photo.data, 'image/webp');
    return key;
  }

  return {
    runSheet,

    async runSheetPdf(date: string | undefined): Promise<{ fileName: string; pdf: Buffer }> {
      const sheet = await runSheet(date);
      return { fileName: `run-sheet-${sheet.date}.pdf`, pdf: await runSheetPdf(sheet) };
    },

    /**
     * Delivered in one step: the order moves to delivered with its proof, and, cash collected, is
     * marked paid as Mark paid does (its invoice number, the day's figures, the audit); the customer
     * gets the delivered e-mail. Checked first so a refused order costs no photo; checked again in
     * the transaction, which decides two taps at once.
     */
    async markDelivered(staff: StaffMember, orderId: number, form: DeliveredForm, photo: Buffer | null): Promise<OrderActionResponse> {
      const refused = deliveryRefusal(await orders.staffOrder(orderId), form.cash_collected);
      if (refused) throw conflict(refused);
      const photoKey = photo ? await keepPhoto(orderId, photo) : null;
      let told;
      try {
        told = await database.writeTransaction(async (trx) => {
          const { before, after } = await orders.deliverInOneStep(
            orderId,
            { receivedBy: form.received_by, photoKey, cashCollected: form.cash_collected },
            staff,
            trx,
          );
          await audit.record(
            staff,
            {
              action: 'delivered',
              entity: 'order',
              entityId: orderId,
              before: adminOrders.auditState(before),
              after: {
                ...adminOrders.auditState(after),
                received_by: form.received_by,
                cash_collected: form.cash_collected,
                photo: photoKey !== null,
              },
            },
            trx,
          );
          if (form.cash_collected)
            await adminOrders.markPaidWithin(trx, staff, orderId, `Cash collected on delivery, received by ${form.received_by}`);
          return orders.recordUpdate(orderId, { kind: 'delivered' }, trx);
        });
      } catch (error) {
        // Refused or failed: the photo of a delivery that was not recorded is not kept.
        if (photoKey) await store.remove(photoKey).catch(() => undefined);
        throw error;
      }
      await orders.sendUpdate(told, publicUrl);
      return { order: await adminOrders.detail(orderId), notice: null };
    },

    /** The delivery's photo for staff; 404 when the order has none. */
    async openPhoto(orderId: number): Promise<Buffer> {
      const proof = await orders.deliveryProofOf(orderId);
      const file = proof?.photo_key ? await store.get(proof.photo_key) : null;
      if (!file) throw notFound(deliveryMessages.photoNotFound);
      return Buffer.concat((await file.body.toArray()) as Buffer[]);
    },
  };
}

export type DeliveriesService = ReturnType<typeof createDeliveriesService>;
