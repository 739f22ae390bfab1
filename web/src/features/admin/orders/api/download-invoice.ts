import { apiGetFile } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/save-file.ts';

/** Fetches the order's PDF invoice with the staff member's sign-in and hands it to the browser as a download. */
export async function downloadInvoice(id: number, orderNumber: string): Promise<void> {
  const pdf = await apiGetFile(`/admin/orders/${id}/invoice/`);
  saveFile(pdf.blob, `invoice-${orderNumber}.pdf`);
}
