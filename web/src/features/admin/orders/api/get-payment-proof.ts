import { useQuery } from '@tanstack/react-query';
import { apiGetFile } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

/** One proof of a bank transfer, fetched with the staff member's sign-in (no public address serves it). */
export const getPaymentProof = (orderId: number, proofId: number, signal?: AbortSignal) =>
  apiGetFile(`/admin/orders/${orderId}/payment-proofs/${proofId}/`, signal ? { signal } : {});

/** The proof's file, fetched once staff ask to see it; kept while the order is open. */
export const usePaymentProof = (orderId: number, proofId: number, open: boolean) =>
  useQuery({
    queryKey: [...adminQueryKey, 'payment-proof', orderId, proofId],
    queryFn: ({ signal }) => getPaymentProof(orderId, proofId, signal),
    enabled: open,
    staleTime: Infinity,
  });
