import { useMutation } from '@tanstack/react-query';
import type { CheckoutRequest, CheckoutResponse } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';

export interface PlaceOrderInput {
  request: CheckoutRequest;
  /** One per Place Order attempt: a retry of the same attempt answers the order it already made. */
  idempotencyKey: string;
}

export const placeOrder = ({ request, idempotencyKey }: PlaceOrderInput) =>
  apiSend<CheckoutResponse>('POST', '/orders/checkout/', request, { 'Idempotency-Key': idempotencyKey });

export const usePlaceOrder = () => useMutation({ mutationFn: placeOrder });
