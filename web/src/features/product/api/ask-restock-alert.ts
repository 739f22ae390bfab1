import { useMutation } from '@tanstack/react-query';
import type { RestockAlertRequest, SuccessMessage } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';

/** KINGSTON.md §5: one e-mail to this address when the sold-out option is back in stock. */
export const useAskRestockAlert = (productId: number) =>
  useMutation({ mutationFn: (request: RestockAlertRequest) => apiSend<SuccessMessage>('POST', `/product/${productId}/notify/`, request) });
