import type { PaymentRefundReason } from '@threadline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { orderQueryKey } from '@/lib/queries/orders.ts';
import { verifyCardSession } from '../api/verify-card-session.ts';

export const returnCheckEveryMs = 1500;
export const returnCheckForMs = 20_000;

/**
 * 'processing': settling the payment the provider returned with; 'waiting': the provider has not
 * confirmed it within the wait (its webhook may still come); 'done': settled, or nothing to settle.
 */
export type PaymentReturnState = 'processing' | 'waiting' | 'done';

/**
 * SPEC §4: the provider returns with session_id, which the server settles the payment from; the
 * order is then reloaded. A payment still PENDING is checked again every 1.5 s for up to 20 s,
 * because a slow provider is not a failed payment.
 */
export function usePaymentReturn(orderId: string, sessionId: string | null) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PaymentReturnState>(sessionId ? 'processing' : 'done');
  // Set when the payment came for an order that no longer took it, and was given back.
  const [refunded, setRefunded] = useState<PaymentRefundReason | null>(null);
  // When this round of checks began; asking again starts a new round.
  const [since, setSince] = useState(() => Date.now());

  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const check = async () => {
      let pending: boolean;
      try {
        const answer = await verifyCardSession(sessionId);
        pending = answer.payment_status === 'PENDING';
        if (answer.payment_status === 'REFUNDED' && !stopped) setRefunded(answer.refund_reason ?? 'already_paid');
      } catch (error) {
        // SPEC §8: problems with the return are only logged; the order page says where the payment stands.
        console.error('Could not confirm the card payment', error);
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
        pending = !refused;
      }
      if (stopped) return;
      if (pending && Date.now() - since + returnCheckEveryMs <= returnCheckForMs) {
        timer = setTimeout(() => void check(), returnCheckEveryMs);
        return;
      }
      // A read of the order still on its way may have been made before the payment settled; its
      // answer must not stand for the order now, and a refetch would only wait for it.
      await queryClient.cancelQueries({ queryKey: orderQueryKey(orderId) });
      await queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
      if (!stopped) setState(pending ? 'waiting' : 'done');
    };

    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, sessionId, since, queryClient]);

  return {
    state,
    refunded,
    /** Asks the provider again after the wait ran out. */
    checkAgain: () => {
      setState('processing');
      setSince(Date.now());
    },
  };
}
