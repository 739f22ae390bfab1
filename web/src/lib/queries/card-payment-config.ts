import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardPaymentConfig } from '@threadline/contracts';
import { apiGet } from '@/lib/api-client.ts';

export const getCardPaymentConfig = (signal?: AbortSignal) =>
  apiGet<CardPaymentConfig>('/orders/payment/stripe/config/', { ...(signal ? { signal } : {}), sessionFree: true });

// The answer is the server's configuration: it does not change while the page is open.
export const cardPaymentConfigQueryOptions = () =>
  queryOptions({ queryKey: ['card-payment-config'], queryFn: ({ signal }) => getCardPaymentConfig(signal), staleTime: Infinity });

/**
 * True when card payments go through the shop's built-in test provider and take no money; the
 * pages then say so instead of naming the card provider. Until the server answers, false.
 */
export const useTestPayments = () => useQuery(cardPaymentConfigQueryOptions()).data?.test_payments === true;
