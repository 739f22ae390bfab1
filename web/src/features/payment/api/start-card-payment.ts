import { useMutation } from '@tanstack/react-query';
import type { CardPaymentMethod } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';

/** The card session answer of SPEC §3. */
export interface CardSessionResponse {
  success: boolean;
  checkout_url?: string;
  error?: string;
}

export const startCardPayment = ({ orderId, method }: { orderId: string; method: CardPaymentMethod }) =>
  apiSend<CardSessionResponse>('POST', `/orders/payment/${method}/${encodeURIComponent(orderId)}/`);

/** Opens the order's card provider's hosted page (a Stripe Checkout session, or PowerTranz's Hosted Payment Page). */
export const useStartCardPayment = () => useMutation({ mutationFn: startCardPayment });
