import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreSettings } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { storeSettingsQueryKey } from '@/lib/queries/store-settings.ts';
import { adminSettingsQueryKey } from './get-settings.ts';

export const saveSettings = (settings: StoreSettings) => apiSend<StoreSettings>('PUT', '/admin/settings/', settings);

/** Saves the settings; this tab's storefront (footer, checkout) shows them at once. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsQueryKey, saved);
      queryClient.setQueryData(storeSettingsQueryKey, saved);
    },
  });
}
