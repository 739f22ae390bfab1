import type { DbExecutor } from '../../db/database.ts';
import type { ContactRequest } from '@threadline/contracts';

export interface NewsletterSubscriber {
  id: number;
  email: string;
  email_normalized: string;
  first_name: string;
}

export function createContentRepository(db: DbExecutor) {
  return {
    async saveContactMessage(message: ContactRequest, ip: string): Promise<number> {
      const row = await db
        .insertInto('contact_messages')
        .values({ ...message, ip, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The subscriber when the address is new or comes back after unsubscribing; undefined for an
     * address already subscribed (any case), which changes nothing.
     */
    subscribe(email: string, firstName: string): Promise<NewsletterSubscriber | undefined> {
      return db
        .insertInto('newsletter_subscribers')
        .values({
          email,
          email_normalized: email.toLowerCase(),
          first_name: firstName,
          created_at: new Date().toISOString(),
        })
        .onConflict((conflict) =>
          conflict
            .column('email_normalized')
            .doUpdateSet({ email, first_name: firstName, unsubscribed_at: null })
            .where('newsletter_subscribers.unsubscribed_at', 'is not', null),
        )
        .returning(['id', 'email', 'email_normalized', 'first_name'])
        .executeTakeFirst();
    },

    findSubscriber(id: number): Promise<NewsletterSubscriber | undefined> {
      return db
        .selectFrom('newsletter_subscribers')
        .select(['id', 'email', 'email_normalized', 'first_name'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Marks the subscriber unsubscribed; one already unsubscribed keeps the time it first was. */
    async unsubscribe(id: number): Promise<void> {
      await db
        .updateTable('newsletter_subscribers')
        .set({ unsubscribed_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('unsubscribed_at', 'is', null)
        .execute();
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
