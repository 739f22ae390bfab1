import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorSetup, TwoFactorState } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminMeQueryOptions } from '../../api/get-admin-me.ts';

// One file for the four calls of one small resource (the account's second factor): each is a line.
export const setUpSecondFactor = () => apiSend<TwoFactorSetup>('POST', '/admin/two-factor/setup/');
const sendCode = (step: 'confirm' | 'disable' | 'verify') => (code: string) =>
  apiSend<TwoFactorState>('POST', `/admin/two-factor/${step}/`, { code });

/** POST /admin/two-factor/setup/: a new secret and its QR code; the factor is on only once confirmed. */
export const useSetUpSecondFactor = () => useMutation({ mutationFn: setUpSecondFactor });

/** A code call whose answer changes where the account's second factor stands, so `me` is read again. */
function useCodeCall(step: 'confirm' | 'disable' | 'verify') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCode(step),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminMeQueryOptions().queryKey }),
  });
}

export const useConfirmSecondFactor = () => useCodeCall('confirm');
export const useTurnOffSecondFactor = () => useCodeCall('disable');
export const useVerifySecondFactor = () => useCodeCall('verify');
