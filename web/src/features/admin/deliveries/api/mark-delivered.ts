import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderActionResponse } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export interface DeliveredInput {
  orderId: number;
  receivedBy: string;
  /** From the phone's camera; none when the driver took no photo. */
  photo: File | null;
  cashCollected: boolean;
}

/** POST /api/admin/orders/{id}/delivered/ as multipart, the photo only when one was taken. */
export const markDelivered = ({ orderId, receivedBy, photo, cashCollected }: DeliveredInput) => {
  const form = new FormData();
  form.append('received_by', receivedBy);
  form.append('cash_collected', cashCollected ? 'true' : 'false');
  if (photo) form.append('photo', photo);
  return apiSend<OrderActionResponse>('POST', `/admin/orders/${orderId}/delivered/`, form);
};

/** Marks a stop delivered in one tap; the run sheet, the order and the lists read again. */
export function useMarkDelivered() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markDelivered,
    onSuccess: () => void client.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
