import { postalAddress, storeDetails, type StoreContact } from '@threadline/contracts';
import { escapeHtml } from '../markup-text.ts';

/**
 * How every e-mail to a customer ends: the shop's name, address, e-mail and phone as the owner set
 * them when it is sent (the settings), so a customer can write, call or come by.
 */
export function storeSignature(store: StoreContact): { text: string; html: string } {
  const lines = [storeDetails.name, postalAddress(store), `${store.email} · ${store.phone}`];
  return { text: lines.join('\n'), html: lines.map(escapeHtml).join('<br>') };
}
