import { apiGetFile } from '@/lib/api-client.ts';

/** Fetches the order's PDF invoice with the staff member's sign-in and hands it to the browser as a download. */
export async function downloadInvoice(id: number, orderNumber: string): Promise<void> {
  const pdf = await apiGetFile(`/admin/orders/${id}/invoice/`);
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = `invoice-${orderNumber}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
