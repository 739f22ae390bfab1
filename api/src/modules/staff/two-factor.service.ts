import { renderSVG } from 'uqr';
import { adminMessages, type TwoFactorSetup, type TwoFactorState } from '@threadline/contracts';
import type { DatabaseHandle } from '../../db/database.ts';
import { badRequest, conflict, ShopError } from '../../errors.ts';
import { countHit } from '../../plugins/rate-limit.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { StaffAccountsService } from '../customers/staff-accounts.service.ts';
import { newTotpSecret, stepOfCode, totpOf, type SecretSeal } from './second-factor.ts';

/**
 * Codes tried per account in a window, right or wrong, counted before each is checked: a burst of
 * guesses at a 6-digit code (3 in a million right, with the window) is refused beyond the limit.
 */
const maxCodesPerWindow = 5;
const codeWindowMs = 15 * 60 * 1000;

export interface TwoFactorDependencies {
  database: DatabaseHandle;
  accounts: StaffAccountsService;
  audit: AuditService;
  seal: SecretSeal;
  /** The clock codes are checked against (tests move it). */
  now?: () => number;
}

/** A staff member's TOTP second factor: enrol (set up, confirm), turn off, and give it on a sign-in. */
export function createTwoFactorService({ database, accounts, audit, seal, now = Date.now }: TwoFactorDependencies) {
  const db = database.db;

  /** The account's secret and the step of its code, once the attempt is counted; 400 for a wrong code. */
  async function checkCode(staff: StaffMember, code: string, want: 'pending' | 'enabled') {
    const at = now();
    const { count } = await countHit(db, `second-factor:account:${staff.id}`, codeWindowMs, at);
    if (Number(count) > maxCodesPerWindow) throw new ShopError(429, adminMessages.tooManySecondFactorAttempts);
    const account = await accounts.secondFactorOf(staff.id);
    const enabled = account?.totp_enabled === 1;
    if (want === 'pending' && enabled) throw conflict(adminMessages.secondFactorAlreadyOn);
    if (want === 'enabled' && !enabled) throw conflict(adminMessages.secondFactorNotOn);
    if (!account?.totp_secret) throw conflict(adminMessages.secondFactorNotStarted);
    const step = stepOfCode(openSecret(account.totp_secret), code, at);
    if (step === null) throw badRequest(adminMessages.secondFactorWrongCode);
    return step;
  }

  /** A secret sealed under another SECRET_KEY cannot be opened: a rule the caller cannot get past, not a crash. */
  function openSecret(sealed: string): string {
    try {
      return seal.open(sealed);
    } catch {
      throw conflict(adminMessages.secondFactorUnreadable);
    }
  }

  const state = (enabled: boolean): TwoFactorState => ({ two_factor_enabled: enabled, second_factor_verified: enabled });

  return {
    /** A new secret, kept (sealed) until a code from it confirms the app has it; the factor is not on yet. */
    async setup(staff: StaffMember): Promise<TwoFactorSetup> {
      const account = await accounts.secondFactorOf(staff.id);
      if (account?.totp_enabled === 1) throw conflict(adminMessages.secondFactorAlreadyOn);
      const secret = newTotpSecret();
      await accounts.saveSecondFactor(staff.id, { sealedSecret: seal.seal(secret), enabled: false });
      const uri = totpOf(secret, staff.email).toString();
      return { secret, uri, qr_svg: renderSVG(uri, { pixelSize: 6, whiteColor: '#ffffff', blackColor: '#1c1917' }) };
    },

    /** Turns the factor on with a first code; this sign-in counts as having given it. */
    async confirm(staff: StaffMember, signInId: string, code: string): Promise<TwoFactorState> {
      const step = await checkCode(staff, code, 'pending');
      return database.writeTransaction(async (trx) => {
        if (!(await accounts.acceptStep(staff.id, step, trx))) throw badRequest(adminMessages.secondFactorWrongCode);
        const account = await accounts.secondFactorOf(staff.id, trx);
        await accounts.saveSecondFactor(staff.id, { sealedSecret: account?.totp_secret ?? null, enabled: true }, trx);
        await accounts.markSecondFactorGiven(signInId, trx);
        await audit.record(
          staff,
          {
            action: 'two_factor_on',
            entity: 'staff',
            entityId: staff.id,
            before: { two_factor_enabled: false },
            after: { two_factor_enabled: true },
          },
          trx,
        );
        return state(true);
      });
    },

    /** Turns the factor off; a current code proves the app is at hand, not only a stolen token. */
    async disable(staff: StaffMember, code: string): Promise<TwoFactorState> {
      const step = await checkCode(staff, code, 'enabled');
      return database.writeTransaction(async (trx) => {
        if (!(await accounts.acceptStep(staff.id, step, trx))) throw badRequest(adminMessages.secondFactorWrongCode);
        await accounts.saveSecondFactor(staff.id, { sealedSecret: null, enabled: false }, trx);
        await audit.record(
          staff,
          {
            action: 'two_factor_off',
            entity: 'staff',
            entityId: staff.id,
            before: { two_factor_enabled: true },
            after: { two_factor_enabled: false },
          },
          trx,
        );
        return state(false);
      });
    },

    /** Gives the second factor on this sign-in: from now on its tokens reach the whole back office. */
    async verify(staff: StaffMember, signInId: string, code: string): Promise<TwoFactorState> {
      const step = await checkCode(staff, code, 'enabled');
      if (!(await accounts.acceptStep(staff.id, step))) throw badRequest(adminMessages.secondFactorWrongCode);
      await accounts.markSecondFactorGiven(signInId);
      return state(true);
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
