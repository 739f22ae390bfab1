import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogImportReport, CatalogImportRun } from '@threadline/contracts';
import { apiSend } from '@/lib/api-client.ts';
import { adminQueryKey } from '@/lib/queries/query-keys.ts';

export interface CatalogueUpload {
  file: File;
  /** Only checks the file and reports what an import would do. */
  dryRun: boolean;
}

/**
 * What the upload answers: the report, or (202) the run of an import still being written, to be
 * polled with useImportRun.
 */
export type CatalogueUploadAnswer = CatalogImportReport | CatalogImportRun;

export const isImportRun = (answer: CatalogueUploadAnswer): answer is CatalogImportRun => 'status' in answer;

/** POST /admin/products/import/: the file as multipart, `?dry_run=true` to check it only. */
export function importCatalogue({ file, dryRun }: CatalogueUpload): Promise<CatalogueUploadAnswer> {
  const form = new FormData();
  form.append('file', file);
  return apiSend('POST', `/admin/products/import/${dryRun ? '?dry_run=true' : ''}`, form);
}

/** Checks or imports a catalogue file; an import that wrote something makes the back office's lists stale. */
export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogue,
    onSuccess: (answer) => {
      if (!isImportRun(answer) && !answer.dry_run && answer.created + answer.updated > 0)
        void queryClient.invalidateQueries({ queryKey: adminQueryKey });
    },
  });
}
