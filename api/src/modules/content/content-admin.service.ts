import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  contactMessageMessages,
  type AdminContactMessage,
  type AdminList,
  type AdminMessageList,
  type AdminSubscriber,
  type MessageListQuery,
  type NewsletterQuery,
} from '@threadline/contracts';
import { adminList } from '../../admin-list.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { spreadsheetCell } from '../../spreadsheet-cells.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ContentAdminRepository } from './content-admin.repository.ts';

export interface ContentAdminDependencies {
  database: DatabaseHandle;
  repository: ContentAdminRepository;
  audit: AuditService;
}

type MessageRow = NonNullable<Awaited<ReturnType<ContentAdminRepository['findMessage']>>>;
type SubscriberRow = Awaited<ReturnType<ContentAdminRepository['subscribersAfter']>>[number];

const toMessage = (row: MessageRow): AdminContactMessage => ({ ...row, read: row.read_at !== null });

const toSubscriber = (row: SubscriberRow): AdminSubscriber => ({
  id: row.id,
  email: row.email,
  first_name: row.first_name,
  subscribed_at: row.created_at,
  unsubscribed_at: row.unsubscribed_at,
  subscribed: row.unsubscribed_at === null,
});

const exportBatch = 500;

/** Contact-form messages and newsletter subscribers as staff see them. */
export function createContentAdminService({ database, repository, audit }: ContentAdminDependencies) {
  async function* subscriberRows(status: NewsletterQuery['status']) {
    let afterId = 0;
    for (;;) {
      const rows = await repository.subscribersAfter(afterId, status, exportBatch);
      for (const row of rows) {
        const subscriber = toSubscriber(row);
        yield [
          spreadsheetCell(subscriber.email),
          spreadsheetCell(subscriber.first_name),
          subscriber.subscribed ? 'subscribed' : 'unsubscribed',
          subscriber.subscribed_at,
          subscriber.unsubscribed_at ?? '',
        ];
      }
      const last = rows.at(-1);
      if (!last || rows.length < exportBatch) return;
      afterId = last.id;
    }
  }

  return {
    /** Unread first, then newest first; `unread` counts every unread message, whatever the filter. */
    async messages(query: MessageListQuery): Promise<AdminMessageList> {
      const { rows, count, unread } = await repository.messagePage(query);
      return { ...adminList('/api/admin/messages/', query, count, rows.map(toMessage)), unread };
    },

    /** Opening a message marks it read; staff may mark it unread again. A change that changes nothing is not recorded. */
    async markMessage(staff: StaffMember, id: number, read: boolean): Promise<AdminContactMessage> {
      const message = await database.writeTransaction(async (trx) => {
        if (!(await repository.findMessage(id, trx))) throw notFound(contactMessageMessages.notFound);
        if (await repository.markMessage(id, read, trx)) {
          await audit.record(
            staff,
            { action: read ? 'mark_read' : 'mark_unread', entity: 'message', entityId: id, before: { read: !read }, after: { read } },
            trx,
          );
        }
        return repository.findMessage(id, trx);
      });
      if (!message) throw notFound(contactMessageMessages.notFound);
      return toMessage(message);
    },

    async subscribers(query: NewsletterQuery): Promise<AdminList<AdminSubscriber>> {
      const { rows, count } = await repository.subscriberPage(query);
      const { format: _format, ...links } = query;
      return adminList('/api/admin/newsletter/', links, count, rows.map(toSubscriber));
    },

    /** Every subscriber the filter covers as CSV, read and written a batch at a time so a long list never sits in memory. */
    subscribersCsv(query: NewsletterQuery): Readable {
      return Readable.from(subscriberRows(query.status)).pipe(
        stringify({ header: true, columns: ['email', 'first_name', 'status', 'subscribed_at', 'unsubscribed_at'] }),
      );
    },

    /** The export's file name, dated so successive exports sort and never overwrite each other. */
    csvFileName: (query: NewsletterQuery) =>
      `threadline-newsletter${query.status ? `-${query.status}` : ''}-${new Date().toISOString().slice(0, 10)}.csv`,
  };
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;
