import { randomBytes } from 'node:crypto';
import { awaitsTransfer, messages, type PaymentProofResponse } from '@threadline/contracts';
import { badRequest, conflict, notFound, ShopError } from '../../errors.ts';
import { privateMediaPrefix, type MediaStore } from '../../media/media-store.ts';
import type { OrdersService, OrderViewer } from '../orders/orders.service.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import { proofKindOf } from './proof-files.ts';

/** Enough for a customer who sent the wrong screenshot a few times; more is someone filling the store. */
export const proofsPerOrder = 10;

export interface PaymentProofsDependencies {
  repository: PaymentsRepository;
  orders: OrdersService;
  store: MediaStore;
  /** The shop's configured address, for the link in the shop's notice. */
  publicUrl: string;
}

/**
 * Proofs of bank transfers (KINGSTON.md §1): sent by the order's owner, or a guest through the
 * order's signed link, for an unpaid transfer; kept in the media store under a private, random key;
 * read back by staff only (the admin route's guard decides who is staff).
 */
export function createPaymentProofs({ repository, orders, store, publicUrl }: PaymentProofsDependencies) {
  return {
    async upload(viewer: OrderViewer, orderId: number, token: string | undefined, file: Buffer): Promise<PaymentProofResponse> {
      const order = await orders.linkedOrder(viewer, orderId, token);
      if (!awaitsTransfer(order)) throw conflict(messages.proofNotNeeded);
      if (file.length === 0) throw badRequest(messages.proofFileEmpty);
      const kind = proofKindOf(file);
      if (!kind) throw new ShopError(415, messages.proofFileType);
      if ((await repository.proofCount(order.id)) >= proofsPerOrder) throw conflict(messages.proofsTooMany(proofsPerOrder));
      const key = `${privateMediaPrefix}payment-proofs/${order.id}/${randomBytes(16).toString('hex')}.${kind.extension}`;
      await store.put(key, file, kind.contentType);
      await repository.insertProof({
        order_id: order.id,
        storage_key: key,
        content_type: kind.contentType,
        size: file.length,
        uploaded_at: new Date().toISOString(),
      });
      const shown = await orders.view(order);
      void orders.tellShopOfProof(shown, publicUrl);
      return { success: true, order: shown };
    },

    /** The proof's bytes for staff (at most 10 MB), with the type they were found to be; 404 for a proof that is not this order's. */
    async open(orderId: number, proofId: number): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
      const proof = await repository.findProof(orderId, proofId);
      const file = proof ? await store.get(proof.storage_key) : null;
      if (!proof || !file) throw notFound(messages.proofNotFound);
      const bytes = Buffer.concat((await file.body.toArray()) as Buffer[]);
      const extension = proof.storage_key.slice(proof.storage_key.lastIndexOf('.') + 1);
      return { bytes, contentType: proof.content_type, fileName: `payment-proof-${orderId}-${proofId}.${extension}` };
    },
  };
}

export type PaymentProofs = ReturnType<typeof createPaymentProofs>;
