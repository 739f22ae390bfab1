import { storeDetails, type StoreSettings } from '@threadline/contracts';
import type { Mailer } from '../../mail/mailer.ts';
import { storeSignature } from '../../mail/store-signature.ts';
import { escapeHtml } from '../../markup-text.ts';
import type { ReviewsRepository } from './reviews.repository.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** Orders delivered longer ago than the wait plus this are never asked: a shop turning the job on does not write to last year's buyers. */
const askWithinDays = 30;
const requestsPerRun = 50;

export interface ReviewRequestDependencies {
  repository: ReviewsRepository;
  mailer: Mailer;
  settings: () => Promise<StoreSettings>;
  log: (message: string, error: unknown) => void;
}

/**
 * The e-mail asking a buyer to review what they bought, `review_request_days` after delivery (KINGSTON.md
 * §6). Each order's request is claimed by a row before it is sent, so two processes never send it
 * twice; a send that fails gives the claim back for the next run.
 */
export function createReviewRequests({ repository, mailer, settings, log }: ReviewRequestDependencies) {
  return {
    async sendDue(origin: string, now = new Date()): Promise<number> {
      const { review_request_days: days, store } = await settings();
      const before = new Date(now.getTime() - days * dayMs).toISOString();
      const after = new Date(now.getTime() - (days + askWithinDays) * dayMs).toISOString();
      const signature = storeSignature(store);
      let sent = 0;
      for (const order of await repository.dueReviewRequests(before, after, requestsPerRun)) {
        const products = await repository.productsToReview(order.id);
        if (!(await repository.claimReviewRequest(order.id)) || products.length === 0) continue;
        const links = products.map((product) => ({ name: product.name, url: `${origin}/product/${product.id}#reviews-heading` }));
        try {
          await mailer.send({
            to: order.email,
            subject: `How does it fit? Review your order ${order.order_number}`,
            text: [
              `Hi ${order.first_name},`,
              '',
              `Your order ${order.order_number} reached you a little while ago. How does it fit? A short review, with a star rating and whether it runs small or large, helps the next shopper choose their size:`,
              '',
              ...links.map((link) => `${link.name}: ${link.url}`),
              '',
              `Thank you for shopping with ${storeDetails.name}.`,
              '',
              signature.text,
            ].join('\n'),
            html: [
              `<p>Hi ${escapeHtml(order.first_name)},</p>`,
              `<p>Your order ${escapeHtml(order.order_number)} reached you a little while ago. How does it fit? A short review, with a star rating and whether it runs small or large, helps the next shopper choose their size:</p>`,
              `<ul>${links.map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.name)}</a></li>`).join('')}</ul>`,
              `<p>Thank you for shopping with ${escapeHtml(storeDetails.name)}.</p>`,
              `<p>${signature.html}</p>`,
            ].join('\n'),
          });
          sent += 1;
        } catch (error) {
          await repository.releaseReviewRequest(order.id);
          log(`could not send the review request of order ${order.order_number}`, error);
        }
      }
      return sent;
    },
  };
}

export type ReviewRequests = ReturnType<typeof createReviewRequests>;
