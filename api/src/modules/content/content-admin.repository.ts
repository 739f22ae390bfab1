import { sql } from 'kysely';
import type { MessageListQuery, NewsletterQuery } from '@threadline/contracts';
import { pageWindow } from '../../admin-list.ts';
import type { DbExecutor } from '../../db/database.ts';

const messageColumns = ['id', 'name', 'email', 'subject', 'message', 'created_at', 'read_at'] as const;
const subscriberColumns = ['id', 'email', 'first_name', 'created_at', 'unsubscribed_at'] as const;

/** The back office's side of contact messages and newsletter subscribers. */
export function createContentAdminRepository(db: DbExecutor) {
  return {
    async messagePage(query: MessageListQuery) {
      let filtered = db.selectFrom('contact_messages');
      if (query.status === 'unread') filtered = filtered.where('read_at', 'is', null);
      if (query.status === 'read') filtered = filtered.where('read_at', 'is not', null);
      const { limit, offset } = pageWindow(query);
      const [rows, total, unread] = await Promise.all([
        filtered
          .select(messageColumns)
          .orderBy(sql`case when read_at is null then 0 else 1 end`)
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
        db
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('read_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count), unread: Number(unread.count) };
    },

    findMessage: (id: number, executor: DbExecutor = db) =>
      executor.selectFrom('contact_messages').select(messageColumns).where('id', '=', id).executeTakeFirst(),

    /** Marks the message read or unread; false when it already was (so two staff opening it at once make one change). */
    async markMessage(id: number, read: boolean, executor: DbExecutor = db): Promise<boolean> {
      const result = await executor
        .updateTable('contact_messages')
        .set({ read_at: read ? new Date().toISOString() : null })
        .where('id', '=', id)
        .where('read_at', read ? 'is' : 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async subscriberPage(query: NewsletterQuery) {
      let filtered = db.selectFrom('newsletter_subscribers');
      if (query.status === 'subscribed') filtered = filtered.where('unsubscribed_at', 'is', null);
      if (query.status === 'unsubscribed') filtered = filtered.where('unsubscribed_at', 'is not', null);
      const { limit, offset } = pageWindow(query);
      const [rows, total] = await Promise.all([
        filtered.select(subscriberColumns).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        filtered.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count) };
    },

    /** Subscribers after `afterId`, oldest first: an export reads the whole list a batch at a time. */
    subscribersAfter(afterId: number, status: NewsletterQuery['status'], batch: number) {
      let filtered = db.selectFrom('newsletter_subscribers').select(subscriberColumns).where('id', '>', afterId);
      if (status === 'subscribed') filtered = filtered.where('unsubscribed_at', 'is', null);
      if (status === 'unsubscribed') filtered = filtered.where('unsubscribed_at', 'is not', null);
      return filtered.orderBy('id').limit(batch).execute();
    },
  };
}

export type ContentAdminRepository = ReturnType<typeof createContentAdminRepository>;
