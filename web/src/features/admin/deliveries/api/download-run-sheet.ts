import { apiGetFile } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/save-file.ts';

/** Fetches the day's run sheet as a PDF with the staff member's sign-in and hands it to the browser, for printing. */
export async function downloadRunSheet(date: string): Promise<void> {
  const pdf = await apiGetFile(`/admin/deliveries/run-sheet/?date=${encodeURIComponent(date)}`);
  saveFile(pdf.blob, pdf.fileName ?? `run-sheet-${date}.pdf`);
}
