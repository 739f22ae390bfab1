import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnActionResponse, ReturnRefundRequest, ReturnStatusRequest } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export type ReturnAction =
  | { kind: 'status'; change: ReturnStatusRequest }
  | { kind: 'refund'; refund: ReturnRefundRequest }
  | { kind: 'exchange' };

const send = (id: number, action: ReturnAction) => {
  if (action.kind === 'status') return apiSend<ReturnActionResponse>('POST', `/admin/returns/${id}/status/`, action.change);
  if (action.kind === 'refund') return apiSend<ReturnActionResponse>('POST', `/admin/returns/${id}/refund/`, action.refund);
  return apiSend<ReturnActionResponse>('POST', `/admin/returns/${id}/exchange/`);
};

/** Approves, rejects, receives, refunds or exchanges a return; every back-office list reads again, since its status may move it out of one. */
export function useReturnAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ReturnAction }) => send(id, action),
    // Not awaited: the return's card is replaced once the list is read again, and its caller's own
    // callbacks (the notice) must run while it is still on the page.
    onSuccess: () => void client.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
