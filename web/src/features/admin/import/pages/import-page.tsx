import { Download, FileCheck, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { catalogCsvColumns, catalogImportMaxMegabytes } from '@threadline/contracts';
import { buttonClass } from '@/components/ui/button-styles.ts';
import { ErrorBox } from '@/components/ui/error-box.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { useDownloadCatalogue } from '../api/download-catalogue.ts';
import { isImportRun, useImportCatalogue } from '../api/import-catalogue.ts';
import { ImportProgress } from '../components/import-progress.tsx';
import { ImportReport } from '../components/import-report.tsx';

const reasonOf = (error: unknown) =>
  error instanceof ApiError && error.status !== 0 ? error.message : 'Could not reach the shop. Check your connection and try again.';

/** What each column holds, as docs/back-office.md documents it; shown before a file is checked. */
const columnHelp: Record<(typeof catalogCsvColumns)[number], string> = {
  slug: 'the product’s key, like island-tee; an existing slug updates that product',
  name: 'required',
  description: 'may be empty',
  category: 'a category’s slug, like tshirts',
  price: 'JMD, like 2500 or 2,500.50',
  sale_price: 'empty, or below the price',
  wholesale_price: 'empty or JMD',
  status: 'active, draft or archived (empty is active)',
  is_new_arrival: 'yes or no',
  is_featured: 'yes or no',
  features: 'separated by |, like Cotton|Breathable (write \\| for a | inside one)',
  specifications: 'Key: value separated by |, like Material: Cotton|Fit: Regular (write \\: for a : inside a key)',
  size: 'may be empty',
  color: 'may be empty',
  sku: 'the variant’s key, unique in the shop',
  stock: 'sets the stock; empty keeps an existing variant’s stock',
};

/** Import & export: download the catalogue as CSV, check a file, then import it all or nothing. */
export function ImportPage() {
  const fileFieldId = useId();
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportCatalogue();
  const download = useDownloadCatalogue();
  const checking = upload.isPending && upload.variables.dryRun;
  const importing = upload.isPending && !upload.variables.dryRun;

  return (
    <AdminPage
      title="Import & export"
      actions={
        <button type="button" className={buttonClass('secondary')} disabled={download.isPending} onClick={() => download.mutate()}>
          <Download className="size-4" aria-hidden="true" />
          {download.isPending ? 'Preparing the file…' : 'Download catalogue (CSV)'}
        </button>
      }
    >
      {download.isError ? (
        <ErrorBox>
          <p>The catalogue could not be downloaded: {reasonOf(download.error)}</p>
        </ErrorBox>
      ) : null}

      <section aria-labelledby={`${fileFieldId}-heading`} className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
        <div className="space-y-1">
          <h2 id={`${fileFieldId}-heading`} className="text-lg font-semibold text-stone-900">
            Import a catalogue file
          </h2>
          <p className="text-sm text-stone-600">
            One row per variant, in the columns of the downloaded file. Check the file first: an import is all or nothing, so nothing is
            written while any row has a problem. Up to {catalogImportMaxMegabytes} MB.
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={fileFieldId} className="text-sm font-medium text-stone-900">
            CSV file
          </label>
          <input
            id={fileFieldId}
            type="file"
            accept=".csv,text/csv"
            className="block w-full max-w-md text-sm text-stone-700 file:mr-3 file:rounded-full file:border-0 file:bg-stone-100 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-stone-900 hover:file:bg-stone-200"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              upload.reset();
            }}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={file === null || upload.isPending}
            onClick={() => file && upload.mutate({ file, dryRun: true })}
          >
            <FileCheck className="size-4" aria-hidden="true" />
            {checking ? 'Checking…' : 'Check file'}
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={file === null || upload.isPending}
            onClick={() => file && upload.mutate({ file, dryRun: false })}
          >
            <Upload className="size-4" aria-hidden="true" />
            {importing ? 'Importing…' : 'Import'}
          </button>
        </div>
        <output className="sr-only">{checking ? 'Checking the file…' : importing ? 'Importing the file…' : ''}</output>
      </section>

      {upload.isError ? (
        <ErrorBox>
          <p>{reasonOf(upload.error)}</p>
        </ErrorBox>
      ) : upload.isSuccess ? (
        isImportRun(upload.data) ? (
          <ImportProgress run={upload.data} />
        ) : (
          <ImportReport report={upload.data} />
        )
      ) : (
        <details className="rounded-2xl bg-white p-5 text-sm ring-1 ring-stone-200">
          <summary className="cursor-pointer font-semibold text-stone-900">The columns</summary>
          <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {catalogCsvColumns.map((column) => (
              <div key={column} className="contents">
                <dt className="font-mono text-stone-900">{column}</dt>
                <dd className="mb-2 text-stone-600 sm:mb-0">{columnHelp[column]}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </AdminPage>
  );
}
