import { useMutation } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client.ts';

/** The card session answer of SPEC §3. */
export interface CardSessionResponse {
  success: boolean;
  checkout_url?: string;
  error?: string;
}

export const startCardPayment = (orderId: string) =>
  apiSend<CardSessionResponse>('POST', `/orders/payment/stripe/${encodeURIComponent(orderId)}/`);

/** Creates the provider's hosted checkout session for an order. */
export const useStartCardPayment = () => useMutation({ mutationFn: startCardPayment });
