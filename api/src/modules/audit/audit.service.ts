import type { AdminList, AuditEntry, AuditQuery } from '@threadline/contracts';
import { adminList } from '../../admin-list.ts';
import type { DbExecutor } from '../../db/database.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditRepository } from './audit.repository.ts';

/** One change to record: what was done to which record, and the record before and after it. */
export interface AuditChange {
  action: string;
  entity: string;
  entityId: string | number;
  /** The record as it was; null when it did not exist (a create). */
  before: unknown;
  /** The record as it is now; null when it is gone (a delete). */
  after: unknown;
}

const asJson = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const fromJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export function createAuditService(repository: AuditRepository) {
  return {
    /**
     * Records a change made by a staff member. Pass the transaction that makes the change, so the
     * entry is kept exactly when the change is.
     */
    record(staff: Pick<StaffMember, 'id' | 'email'>, change: AuditChange, executor?: DbExecutor): Promise<void> {
      return repository.insert(
        {
          staff_id: staff.id,
          staff_email: staff.email,
          action: change.action,
          entity: change.entity,
          entity_id: String(change.entityId),
          before: asJson(change.before),
          after: asJson(change.after),
          created_at: new Date().toISOString(),
        },
        executor,
      );
    },

    async list(query: AuditQuery): Promise<AdminList<AuditEntry>> {
      const { rows, count } = await repository.page(query);
      const results = rows.map((row) => ({
        id: row.id,
        staff: { id: row.staff_id, email: row.staff_email },
        action: row.action,
        entity: row.entity,
        entity_id: row.entity_id,
        before: fromJson(row.before),
        after: fromJson(row.after),
        created_at: row.created_at,
      }));
      return adminList('/api/admin/audit/', query, count, results);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
