import { lineLabel, serverMessages, storeDetails, variantText, type RestockAlertRequest, type StoreContact } from '@threadline/contracts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { storeSignature } from '../../mail/store-signature.ts';
import { escapeHtml } from '../../markup-text.ts';
import { chooseVariant } from '../cart/variant-choice.ts';
import type { DueRestockAlert, RestockAlertsRepository } from './restock-alerts.repository.ts';

/** Minutes before each next try while the mail server refuses, as the order e-mails wait (ADR 33). */
const retryMinutes = [1, 5, 15, 60, 120, 240, 480];
/** How long a claimed attempt is held from other processes' runs. */
const holdMinutes = 2;
const minuteMs = 60_000;

/**
 * Jamaica keeps UTC−5 all year. Win-back messages are not sent from 21:00 to 08:00 there
 * (KINGSTON.md §5): a shopper is not woken by a shop.
 */
export function inQuietHours(now: Date): boolean {
  const jamaicaHour = (now.getUTCHours() + 24 - 5) % 24;
  return jamaicaHour >= 21 || jamaicaHour < 8;
}

const itemOf = (line: { name: string; size: string | null; color: string | null }) =>
  lineLabel({ name: line.name, variant: variantText(line) });

export function createRestockAlertsService(deps: {
  repository: RestockAlertsRepository;
  mailer: Mailer;
  storeContact: () => Promise<StoreContact>;
  publicUrl: string;
}) {
  const { repository, mailer, storeContact, publicUrl } = deps;
  const sends = new Set<Promise<unknown>>();

  async function mail(alert: DueRestockAlert) {
    const item = itemOf(alert);
    const link = `${publicUrl}/product/${alert.product_id}`;
    const signature = storeSignature(await storeContact());
    await mailer.send({
      to: alert.email,
      subject: `Back in stock: ${item}`,
      text: `Hello,\n\nYou asked us to tell you when ${item} was back. It is in stock again at ${storeDetails.name}, while it lasts:\n\n${link}\n\nThis is the only e-mail we send you about it.\n\n${signature.text}\n`,
      html: `<p>Hello,</p><p>You asked us to tell you when ${escapeHtml(item)} was back. It is in stock again at ${storeDetails.name}, while it lasts:</p><p><a href="${escapeHtml(link)}">See ${escapeHtml(alert.name)}</a></p><p>This is the only e-mail we send you about it.</p><p>${signature.html}</p>`,
    });
  }

  return {
    /** A shopper's "Notify me" on a sold-out option; an option in stock is to be bought instead. */
    async ask(productId: number, request: RestockAlertRequest, now = new Date()) {
      const product = await repository.productOnSale(productId);
      if (!product) throw notFound(serverMessages.productNotFound);
      const choice = chooseVariant(product.variants, request.variant_size, request.variant_color);
      if ('error' in choice) throw badRequest(choice.error);
      const item = itemOf({ name: product.name, ...choice.variant });
      if (choice.variant.stock > 0) throw conflict(serverMessages.restockAlertInStock(item));
      await repository.keep(product.id, choice.variant.id, request.email.toLowerCase(), now.toISOString());
      return { success: true, message: serverMessages.restockAlertKept(item) };
    },

    /**
     * E-mails every waiting shopper whose option is back in stock, once each; none at night in
     * Jamaica (they go at 08:00). Each attempt is claimed first, so two processes never send one
     * twice; a refused send is tried again later. Answers how many were sent.
     */
    async sendDue(now = new Date(), limit = 100): Promise<number> {
      if (inQuietHours(now)) return 0;
      let sent = 0;
      for (const alert of await repository.due(now.toISOString(), limit)) {
        if (!(await repository.claim(alert, new Date(now.getTime() + holdMinutes * minuteMs).toISOString()))) continue;
        const attempt = mail(alert).then(
          async () => {
            await repository.markSent(alert.id, new Date().toISOString());
            sent += 1;
          },
          async (error: unknown) => {
            const wait = retryMinutes[Math.min(alert.attempts, retryMinutes.length - 1)] ?? 480;
            await repository.markFailed(
              alert.id,
              error instanceof Error ? error.message : String(error),
              new Date(now.getTime() + wait * minuteMs).toISOString(),
            );
          },
        );
        sends.add(attempt);
        await attempt.finally(() => sends.delete(attempt));
      }
      return sent;
    },

    /** For a graceful close: the sends under way. */
    async sendsDone() {
      await Promise.all(sends);
    },
  };
}

export type RestockAlertsService = ReturnType<typeof createRestockAlertsService>;
