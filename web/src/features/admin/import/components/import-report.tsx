import { CircleCheck } from 'lucide-react';
import type { CatalogImportReport } from '@threadline/contracts';
import { ErrorBox } from '@/components/ui/error-box.tsx';

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** What a check or an import found: the counts, or every bad row with its column and the reason. */
export function ImportReport({ report }: { report: CatalogImportReport }) {
  if (report.errors.length > 0) {
    // A file that passed its check stops partway only when the catalogue changed while it was written.
    const written = report.dry_run ? 0 : report.created + report.updated + report.unchanged;
    return (
      <div className="space-y-3">
        <ErrorBox>
          <p className="font-semibold">
            {plural(report.errors.length, 'problem')} in {plural(report.rows, 'row')}.{' '}
            {written > 0 ? `The import stopped after ${plural(written, 'product')}.` : 'Nothing was imported.'}
          </p>
          <p>
            {written > 0
              ? 'Import the file again once these are fixed: the products already written stay as they are.'
              : 'Fix these rows in the spreadsheet, save it as CSV again and check the file again.'}
          </p>
        </ErrorBox>
        {/* Cells wrap instead of scrolling sideways, so the report reads on a phone without a scroll box. */}
        <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Problems in the file</caption>
            <thead className="bg-stone-100 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="w-16 px-3 py-3 sm:w-20 sm:px-4">
                  Row
                </th>
                <th scope="col" className="w-32 px-3 py-3 sm:w-44 sm:px-4">
                  Column
                </th>
                <th scope="col" className="px-3 py-3 sm:px-4">
                  Problem
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {report.errors.map((error, index) => (
                <tr key={`${error.row}-${error.field}-${index}`} className="align-top">
                  <td className="px-3 py-2.5 font-medium tabular-nums sm:px-4">{error.row}</td>
                  <td className="px-3 py-2.5 font-mono break-words sm:px-4">{error.field || '—'}</td>
                  <td className="px-3 py-2.5 break-words sm:px-4">{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    );
  }
  const counts = `${plural(report.created, 'product')} ${report.dry_run ? 'to create' : 'created'}, ${report.updated.toLocaleString('en')} ${
    report.dry_run ? 'to update' : 'updated'
  }, ${report.unchanged.toLocaleString('en')} unchanged`;
  return (
    <output className="flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
      <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">
          {report.dry_run ? `The file is ready to import: ${plural(report.rows, 'row')} checked.` : 'Imported.'}
        </p>
        <p>{counts}.</p>
      </div>
    </output>
  );
}
