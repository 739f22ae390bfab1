import type { StaffRole } from '@threadline/contracts';
import type { DbExecutor } from '../../db/database.ts';
import type { CustomersRepository } from './customers.repository.ts';
import type { StaffAccountsRepository } from './staff-accounts.repository.ts';

/**
 * What the back office may do to accounts and sign-ins, which this module owns: each call takes the
 * caller's transaction, so the staff module's rules (one active owner, audit beside every change)
 * hold together with the change.
 */
export function createStaffAccountsService(accounts: CustomersRepository, staff: StaffAccountsRepository) {
  return {
    page: staff.page,
    findStaff: staff.findStaff,
    findAccountByEmail: staff.findAccountByEmail,
    lockOwners: staff.lockOwners,
    activeOwnersBesides: staff.activeOwnersBesides,
    secondFactorOf: staff.secondFactorOf,
    saveSecondFactor: staff.saveSecondFactor,
    acceptStep: staff.acceptStep,
    markSecondFactorGiven: staff.markSecondFactorGiven,

    createStaff: (
      values: { email: string; passwordHash: string; firstName: string; lastName: string; role: StaffRole },
      executor?: DbExecutor,
    ) =>
      accounts.create(
        {
          email: values.email,
          password_hash: values.passwordHash,
          first_name: values.firstName,
          last_name: values.lastName,
          phone: '',
          email_verified: 0,
          role: values.role,
        },
        executor,
      ),

    /** Gives the account its role and state; a disabled account's every sign-in ends in the same transaction. */
    async setAccess(id: number, access: { role: StaffRole; disabledAt: string | null }, executor?: DbExecutor) {
      await staff.setAccess(id, access, executor);
      if (access.disabledAt !== null) await accounts.endAllSignInsOf(id, executor);
    },

    /** Takes an account's second factor away (its phone is lost) and ends its sign-ins, which had given the old one. */
    async resetSecondFactor(id: number, executor?: DbExecutor) {
      await staff.saveSecondFactor(id, { sealedSecret: null, enabled: false }, executor);
      await accounts.endAllSignInsOf(id, executor);
    },
  };
}

export type StaffAccountsService = ReturnType<typeof createStaffAccountsService>;
