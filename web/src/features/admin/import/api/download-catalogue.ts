import { apiGetFile } from '@/lib/api-client.ts';
import { useMutation } from '@/lib/mutation.ts';

/** The file name the export is saved under, dated so several downloads do not overwrite each other. */
export const catalogueFileName = (today = new Date()) => `threadline-catalogue-${today.toISOString().slice(0, 10)}.csv`;

/**
 * GET /admin/products/export/ and saves it: fetched with the sign-in's token (a plain link carries
 * no Authorization header), then handed to the browser as a download.
 */
export async function downloadCatalogue(): Promise<void> {
  const blob = await apiGetFile('/admin/products/export/');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = catalogueFileName();
  document.body.append(link);
  link.click();
  link.remove();
  // The click hands the file to the browser at once; the URL is freed after it has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadCatalogue = () => useMutation({ mutationFn: downloadCatalogue });
