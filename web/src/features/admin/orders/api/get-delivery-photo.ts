import { useQuery } from '@tanstack/react-query';
import { apiGetFile } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

/** The photo the driver took at the door, fetched with the staff member's sign-in (no public address serves it). */
export const useDeliveryPhoto = (orderId: number, open: boolean) =>
  useQuery({
    queryKey: [...adminQueryKey, 'delivery-photo', orderId],
    queryFn: ({ signal }) => apiGetFile(`/admin/orders/${orderId}/delivery-photo/`, { signal }),
    enabled: open,
    staleTime: Infinity,
  });
