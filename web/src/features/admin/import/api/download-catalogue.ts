import { useMutation } from '@tanstack/react-query';
import { apiGetFile } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/save-file.ts';

/** The file name the export is saved under, dated so several downloads do not overwrite each other. */
export const catalogueFileName = (today = new Date()) => `threadline-catalogue-${today.toISOString().slice(0, 10)}.csv`;

/**
 * GET /admin/products/export/ and saves it: fetched with the sign-in's token (a plain link carries
 * no Authorization header), then handed to the browser as a download.
 */
export async function downloadCatalogue(): Promise<void> {
  const file = await apiGetFile('/admin/products/export/');
  saveFile(file.blob, catalogueFileName());
}

export const useDownloadCatalogue = () => useMutation({ mutationFn: downloadCatalogue });
