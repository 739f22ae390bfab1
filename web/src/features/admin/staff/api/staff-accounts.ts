import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewStaff, StaffAccount, StaffChange } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export const staffListPath = '/admin/staff/';

export const addStaff = (values: NewStaff) => apiSend<StaffAccount>('POST', staffListPath, values);
export const changeStaff = ({ id, change }: { id: number; change: StaffChange }) =>
  apiSend<StaffAccount>('PATCH', `${staffListPath}${id}/`, change);

/** After a change the staff list (every page of it) is read again. */
function useStaffCall<Variables>(mutationFn: (variables: Variables) => Promise<StaffAccount>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminQueryKey, staffListPath] }),
  });
}

/** POST /admin/staff/: a new account, or an existing customer's account given the role. */
export const useAddStaff = () => useStaffCall(addStaff);
/** PATCH /admin/staff/{id}/: a role, disabled, or a second factor reset (both sign the account out everywhere). */
export const useChangeStaff = () => useStaffCall(changeStaff);
