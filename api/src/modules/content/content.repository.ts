import type { DbExecutor } from '../../db/database.ts';
import type { ContactRequest } from '@threadline/contracts';

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

    /** True when the address is new; an address already subscribed (any case) changes nothing. */
    async subscribe(email: string, firstName: string): Promise<boolean> {
      const result = await db
        .insertInto('newsletter_subscribers')
        .values({
          email,
          email_normalized: email.toLowerCase(),
          first_name: firstName,
          created_at: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.column('email_normalized').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
