import { useMutation } from '@tanstack/react-query';
import { apiGetFile } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/save-file.ts';

/** Downloads the subscribers the filter covers as CSV and hands the file to the browser to save. */
export async function exportSubscribers(status: string) {
  const query = new URLSearchParams({ format: 'csv' });
  if (status) query.set('status', status);
  const file = await apiGetFile(`/admin/newsletter/?${query.toString()}`);
  saveFile(file.blob, file.fileName ?? 'threadline-newsletter.csv');
}

export const useExportSubscribers = () => useMutation({ mutationFn: exportSubscribers });
