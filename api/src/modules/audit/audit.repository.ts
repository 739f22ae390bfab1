import type { Insertable } from 'kysely';
import type { AuditQuery } from '@threadline/contracts';
import { pageWindow } from '../../admin-list.ts';
import type { Db, DbExecutor } from '../../db/database.ts';
import type { AuditEntryTable } from '../../db/tables.ts';

/** The audit log is append-only: this repository inserts and reads, nothing else. */
export function createAuditRepository(db: Db) {
  return {
    async insert(entry: Insertable<AuditEntryTable>, executor: DbExecutor = db): Promise<void> {
      await executor.insertInto('audit_entries').values(entry).execute();
    },

    async page(query: AuditQuery) {
      let filtered = db.selectFrom('audit_entries');
      if (query.entity) filtered = filtered.where('entity', '=', query.entity);
      if (query.entity_id) filtered = filtered.where('entity_id', '=', query.entity_id);
      if (query.staff) filtered = filtered.where('staff_id', '=', query.staff);
      const { limit, offset } = pageWindow(query);
      const [rows, total] = await Promise.all([
        filtered.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        filtered.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count) };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
