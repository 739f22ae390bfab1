import {
  contentMessages,
  storeDetails,
  type ContactRequest,
  type StoreContact,
  type NewsletterRequest,
  type SuccessMessage,
} from '@threadline/contracts';
import { badRequest } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { storeSignature } from '../../mail/store-signature.ts';
import type { ContentRepository, NewsletterSubscriber } from './content.repository.ts';
import type { UnsubscribeTokens } from './newsletter-tokens.ts';

export interface ContentDependencies {
  repository: ContentRepository;
  mailer: Mailer;
  /** The store's details as the owner set them when an e-mail is written (settings). */
  storeContact: () => Promise<StoreContact>;
  /** Where contact-form messages go. */
  shopEmail: string;
  unsubscribeTokens: UnsubscribeTokens;
  /** The shop's configured address, the only source of the links it e-mails. */
  publicUrl: string;
  log: (message: string, error: unknown) => void;
}

export function createContentService({
  repository,
  mailer,
  storeContact,
  shopEmail,
  unsubscribeTokens,
  publicUrl,
  log,
}: ContentDependencies) {
  /**
   * Every newsletter e-mail carries the unsubscribe link (to the page) and the RFC 8058 headers,
   * with which a mail client unsubscribes in one click by a POST of its own.
   */
  async function sendNewsletterEmail(subscriber: NewsletterSubscriber, subject: string, body: string) {
    const token = encodeURIComponent(unsubscribeTokens.issue(subscriber));
    const signature = storeSignature(await storeContact());
    const pageLink = `${publicUrl}/newsletter/unsubscribe?token=${token}`;
    return mailer.send({
      to: subscriber.email,
      subject,
      text: `${body}\n\nTo stop getting these e-mails, unsubscribe in one click:\n${pageLink}\n\n${signature.text}\n`,
      headers: {
        'List-Unsubscribe': `<${publicUrl}/api/newsletter/unsubscribe/?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  return {
    /** The message is kept first; a mail failure is logged and never loses it. */
    async contact(message: ContactRequest, ip: string): Promise<SuccessMessage> {
      const id = await repository.saveContactMessage(message, ip);
      try {
        await mailer.send({
          to: shopEmail,
          replyTo: `${message.name} <${message.email}>`,
          subject: `[${storeDetails.name} contact #${id}] ${message.subject}`,
          text: `From: ${message.name} <${message.email}>\nSubject: ${message.subject}\n\n${message.message}\n`,
        });
      } catch (error) {
        log(`contact message #${id} was saved but could not be e-mailed`, error);
      }
      return { success: true, message: contentMessages.contactSent };
    },

    /** A new (or returning) subscriber is welcomed by e-mail; a mail failure keeps the subscription. */
    async subscribe(request: NewsletterRequest): Promise<SuccessMessage> {
      const subscriber = await repository.subscribe(request.email, request.first_name);
      if (!subscriber) return { success: true, message: contentMessages.alreadySubscribed };
      try {
        await sendNewsletterEmail(
          subscriber,
          `You're on the ${storeDetails.name} list`,
          `Hello ${subscriber.first_name || 'there'},\n\nThanks for subscribing to the ${storeDetails.name} newsletter. We'll write when new drops land, sizes come back in stock and members-only offers start.`,
        );
      } catch (error) {
        log(`newsletter subscriber #${subscriber.id} was saved but could not be welcomed by e-mail`, error);
      }
      return { success: true, message: contentMessages.subscribed };
    },

    /** The same answer however often a link is used; a token that is not ours is refused. */
    async unsubscribe(token: string | undefined): Promise<SuccessMessage> {
      const id = token ? unsubscribeTokens.subscriberIdOf(token) : null;
      const subscriber = id === null ? undefined : await repository.findSubscriber(id);
      if (!token || !subscriber || !unsubscribeTokens.isValid(token, subscriber)) throw badRequest(contentMessages.unsubscribeLinkInvalid);
      await repository.unsubscribe(subscriber.id);
      return { success: true, message: contentMessages.unsubscribed };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
