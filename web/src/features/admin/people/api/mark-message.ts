import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminContactMessage } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const markMessage = ({ id, read }: { id: number; read: boolean }) =>
  apiSend<AdminContactMessage>('PATCH', `/admin/messages/${id}/`, { read });

/** Marks a contact message read (on opening it) or unread again; the list is fetched again for its order and count. */
export function useMarkMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
