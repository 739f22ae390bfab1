import { hash } from '@node-rs/argon2';
import {
  adminMessages,
  type AdminList,
  type AdminPageQuery,
  type NewStaff,
  type StaffAccount,
  type StaffChange,
} from '@threadline/contracts';
import { adminList, pageWindow } from '../../admin-list.ts';
import { isUniqueViolation, type DatabaseHandle } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { StaffAccountsService } from '../customers/staff-accounts.service.ts';
import type { StaffRow } from '../customers/staff-accounts.repository.ts';

const staffView = (row: StaffRow): StaffAccount => ({
  id: row.id,
  email: row.email,
  name: `${row.first_name} ${row.last_name}`.trim(),
  role: row.role === 'owner' ? 'owner' : 'staff',
  two_factor_enabled: row.totp_enabled === 1,
  disabled: row.disabled_at !== null,
  last_sign_in: row.last_sign_in ?? null,
});

/** The owner's staff accounts (issue 17): who is on the staff, with which role, and who is disabled. */
export function createStaffService(database: DatabaseHandle, accounts: StaffAccountsService, audit: AuditService) {
  async function viewOf(id: number, executor = database.db) {
    const row = await accounts.findStaff(id, executor);
    if (!row) throw notFound(adminMessages.staffNotFound);
    return staffView(row);
  }

  return {
    async list(query: AdminPageQuery): Promise<AdminList<StaffAccount>> {
      const { limit, offset } = pageWindow(query);
      const { rows, count } = await accounts.page(limit, offset);
      return adminList('/api/admin/staff/', query, count, rows.map(staffView));
    },

    /** Makes a new staff account, or gives an existing customer's account the role (its password kept). */
    async create(owner: StaffMember, input: NewStaff): Promise<StaffAccount> {
      const passwordHash = input.password === undefined ? null : await hash(input.password);
      try {
        return await database.writeTransaction(async (trx) => {
          const existing = await accounts.findAccountByEmail(input.email, trx);
          let id: number;
          if (existing) {
            if (existing.role !== 'customer') throw conflict(adminMessages.staffAlreadyExists);
            await accounts.setAccess(existing.id, { role: input.role, disabledAt: existing.disabled_at }, trx);
            id = existing.id;
          } else {
            if (passwordHash === null) throw badRequest(adminMessages.staffPasswordRequired);
            const names = { firstName: (input.first_name ?? '').trim(), lastName: (input.last_name ?? '').trim() };
            id = await accounts.createStaff({ email: input.email.trim(), passwordHash, role: input.role, ...names }, trx);
          }
          const created = await viewOf(id, trx);
          const before = existing ? { role: 'customer' } : null;
          await audit.record(
            owner,
            { action: existing ? 'promote' : 'create', entity: 'staff', entityId: id, before, after: created },
            trx,
          );
          return created;
        });
      } catch (error) {
        // Two owners adding one e-mail at once: the unique index decides, the second hears why.
        if (isUniqueViolation(error)) throw conflict(adminMessages.staffAlreadyExists);
        throw error;
      }
    },

    /**
     * Changes a role, disables (or enables) an account, or resets its second factor. The shop always
     * keeps one active owner: owners are locked in turn, so two owners demoting each other at once
     * cannot both succeed. An owner's own second factor goes off only with a code (two-factor.service).
     */
    async change(owner: StaffMember, id: number, change: StaffChange): Promise<StaffAccount> {
      if (change.two_factor_enabled === false && id === owner.id) throw conflict(adminMessages.ownSecondFactorReset);
      return database.writeTransaction(async (trx) => {
        await accounts.lockOwners(id, trx);
        const row = await accounts.findStaff(id, trx);
        if (!row) throw notFound(adminMessages.staffNotFound);
        const before = staffView(row);
        const role = change.role ?? before.role;
        const disabledAt =
          change.disabled === undefined ? row.disabled_at : change.disabled ? (row.disabled_at ?? new Date().toISOString()) : null;
        const wasActiveOwner = before.role === 'owner' && !before.disabled;
        const staysActiveOwner = role === 'owner' && disabledAt === null;
        if (wasActiveOwner && !staysActiveOwner && (await accounts.activeOwnersBesides(id, trx)) === 0)
          throw conflict(adminMessages.lastActiveOwner);
        await accounts.setAccess(id, { role, disabledAt }, trx);
        if (change.two_factor_enabled === false && before.two_factor_enabled) await accounts.resetSecondFactor(id, trx);
        const after = await viewOf(id, trx);
        await audit.record(owner, { action: 'update', entity: 'staff', entityId: id, before, after }, trx);
        return after;
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
