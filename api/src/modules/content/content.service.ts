import { contentMessages, storeDetails, type ContactRequest, type NewsletterRequest } from '@threadline/contracts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ContentRepository } from './content.repository.ts';

export function createContentService(
  repository: ContentRepository,
  mailer: Mailer,
  shopEmail: string,
  log: (message: string, error: unknown) => void,
) {
  return {
    /** The message is kept first; a mail failure is logged and never loses it. */
    async contact(message: ContactRequest, ip: string) {
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

    async subscribe(request: NewsletterRequest) {
      const isNew = await repository.subscribe(request.email, request.first_name);
      return { success: true, message: isNew ? contentMessages.subscribed : contentMessages.alreadySubscribed };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
