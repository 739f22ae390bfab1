import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  messages,
  serverMessages,
  passwordMinLength,
  storeDetails,
  type AccountRole,
  type AuthResponse,
  type StoreContact,
  type User,
} from '@threadline/contracts';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.ts';
import { badRequest, ShopError, unauthorized } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { escapeHtml } from '../../markup-text.ts';
import { storeSignature } from '../../mail/store-signature.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import { countHit, counterKey } from '../../plugins/rate-limit.ts';
import type { CustomersRepository, UserRow } from './customers.repository.ts';
import { hashToken, lastUseWriteMs, newOpaqueToken, signInDays, staffIdleMs, type AccessTokens } from './tokens.ts';

const signInWindowMs = 15 * 60 * 1000;
/** Sign-in attempts, right or wrong, in a window: per account, and per address, generously, because
 * many shoppers reach us through one mobile carrier's shared (NAT) address. */
const maxAttemptsPerAccount = 10;
const maxAttemptsPerAddress = 300;
const resetTokenMinutes = 60;
// Verifying against this keeps a sign-in for an unknown e-mail as slow as one with a wrong password.
const decoyHash = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Z3Vlc3Mgd2hhdCwgbm90IGEgcmVhbCBoYXNo';

const emailShape = z.email();

/** A customer signed in by a bearer token of a live sign-in. */
export interface SignedInCustomer {
  id: number;
  email: string;
  /** The sign-in the token belongs to: signing out ends it. */
  signInId: string;
  /** 'staff' and 'owner' may use the back office. */
  role: AccountRole;
  /** The account's TOTP second factor: whether it is on, and whether this sign-in has given it. */
  secondFactor: { enabled: boolean; given: boolean };
}

export interface SignUpInput {
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | undefined;
  password1?: string | undefined;
  password2?: string | undefined;
}

/** SPEC §5 sign-up rules, checked in the spec's order so the shopper sees the spec's message. */
export function signUpProblem(input: SignUpInput): string | null {
  const fields = [input.first_name, input.last_name, input.email, input.password1, input.password2];
  if (fields.some((field) => !field || field.trim() === '')) return messages.signUpAllRequired;
  if (input.password1 !== input.password2) return messages.signUpPasswordsMismatch;
  if ((input.password1 ?? '').length < passwordMinLength) return messages.signUpPasswordTooShort;
  if (!emailShape.safeParse(input.email?.trim()).success) return messages.emailInvalid;
  return null;
}

export function userView(row: UserRow, mediaUrls: MediaUrls): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    date_of_birth: row.date_of_birth,
    profile_picture: row.profile_picture ? mediaUrls.file(row.profile_picture) : null,
    date_joined: row.date_joined,
  };
}

export interface AuthDependencies {
  database: DatabaseHandle;
  repository: CustomersRepository;
  tokens: AccessTokens;
  mailer: Mailer;
  /** The store's details as the owner set them when an e-mail is written (settings). */
  storeContact: () => Promise<StoreContact>;
  /** Moves a guest session's cart into the customer's cart at sign-in. */
  adoptGuestCart(sessionId: number, userId: number): Promise<void>;
  log: (message: string, error: unknown) => void;
  /** The shop's configured address, the only source of the links it e-mails. */
  publicUrl: string;
  mediaUrls: MediaUrls;
}

export function createAuthService({
  database,
  repository,
  tokens,
  mailer,
  storeContact,
  adoptGuestCart,
  log,
  publicUrl,
  mediaUrls,
}: AuthDependencies) {
  const db = database.db;

  /** Every refresh token of a sign-in runs out when the sign-in does, however often it is rotated. */
  async function issueTokens(userId: number, signIn: { id: string; expiresAt: string }) {
    const refresh = newOpaqueToken();
    await repository.saveRefreshToken({ userId, tokenHash: hashToken(refresh), familyId: signIn.id, expiresAt: signIn.expiresAt });
    return { token: await tokens.issue({ userId, signInId: signIn.id }), refresh };
  }

  async function startSignIn(userId: number) {
    const signIn = { id: randomUUID(), expiresAt: new Date(Date.now() + signInDays * 86_400_000).toISOString() };
    await repository.startSignIn({ ...signIn, userId });
    return issueTokens(userId, signIn);
  }

  async function signedIn(user: UserRow, sessionId: number | null): Promise<AuthResponse> {
    if (user.disabled_at !== null) throw unauthorized(messages.accountDisabled);
    if (sessionId !== null) {
      try {
        await adoptGuestCart(sessionId, user.id);
      } catch (error) {
        log('could not move the guest cart into the account', error);
      }
    }
    return { user: userView(user, mediaUrls), ...(await startSignIn(user.id)) };
  }

  /**
   * The sign-in while it is live. A staff or owner sign-in also ends once idle for 12 hours (and is
   * ended then, so its refresh token is refused too); each of its calls records its use, at most once
   * a minute.
   */
  async function liveSignIn(signInId: string, userId: number, now: Date) {
    const live = await repository.liveSignIn(signInId, userId, now.toISOString());
    if (live === undefined || live.role === 'customer') return live;
    const lastUsed = Date.parse(live.last_used_at ?? now.toISOString());
    if (now.getTime() - lastUsed > staffIdleMs) {
      await database.writeTransaction((trx) => repository.endSignIn(signInId, trx));
      return undefined;
    }
    if (live.last_used_at === null || now.getTime() - lastUsed >= lastUseWriteMs) {
      await repository.touchSignIn(signInId, now.toISOString(), new Date(now.getTime() - lastUseWriteMs).toISOString());
    }
    return live;
  }

  const resetsInProgress = new Set<Promise<void>>();

  async function mailResetLink(email: string) {
    const user = await repository.findByEmail(email);
    if (!user) return;
    const token = newOpaqueToken();
    await repository.saveResetToken(user.id, hashToken(token), new Date(Date.now() + resetTokenMinutes * 60_000).toISOString());
    const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const signature = storeSignature(await storeContact());
    await mailer.send({
      to: user.email,
      subject: `Reset your ${storeDetails.name} password`,
      text: `Hello ${user.first_name || 'there'},\n\nSomeone asked to reset the password of your ${storeDetails.name} account. To choose a new password, open this link within ${resetTokenMinutes} minutes:\n\n${link}\n\nIf it wasn't you, ignore this e-mail: your password stays as it is.\n\n${signature.text}\n`,
      html: `<p>Hello ${escapeHtml(user.first_name || 'there')},</p><p>Someone asked to reset the password of your ${storeDetails.name} account. To choose a new password, open this link within ${resetTokenMinutes} minutes:</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>If it wasn't you, ignore this e-mail: your password stays as it is.</p><p>${signature.html}</p>`,
    });
  }

  return {
    signedIn,

    /** Whether an account has this e-mail (whatever its case): a guest may not check out with it. */
    hasAccount: (email: string) => repository.hasAccount(email),

    /** The customer of a bearer token whose sign-in is still live, with the account's e-mail, else null. */
    async customerOf(accessToken: string, now = new Date()): Promise<SignedInCustomer | null> {
      const claims = await tokens.verify(accessToken);
      if (!claims) return null;
      const live = await liveSignIn(claims.signInId, claims.userId, now);
      if (live === undefined) return null;
      return {
        id: claims.userId,
        email: live.email,
        role: live.role,
        signInId: claims.signInId,
        secondFactor: { enabled: live.totp_enabled === 1, given: live.second_factor_at !== null },
      };
    },

    async register(input: SignUpInput, sessionId: number | null): Promise<AuthResponse> {
      const problem = signUpProblem(input);
      if (problem) throw badRequest(problem);
      const email = (input.email ?? '').trim();
      if (await repository.findByEmail(email)) throw badRequest(messages.emailTaken);
      const id = await repository
        .create({
          email,
          password_hash: await hash(input.password1 ?? ''),
          first_name: (input.first_name ?? '').trim(),
          last_name: (input.last_name ?? '').trim(),
          phone: '',
          date_of_birth: null,
          profile_picture: null,
          google_subject: null,
          email_verified: 0,
        })
        .catch(async (error: unknown) => {
          // Two sign-ups with one e-mail at once: the unique index decides, the loser gets the message.
          if (await repository.findByEmail(email)) throw badRequest(messages.emailTaken);
          throw error;
        });
      const user = await repository.findById(id);
      if (!user) throw new Error('created user not found');
      return signedIn(user, sessionId);
    },

    /**
     * Each attempt is counted, in one atomic update per counter, before its password is checked: a
     * burst of guesses sent at once is checked only up to the limit and refused with 429 beyond it,
     * the right password included. Wrong passwords also slow down as the attempts add up. `callerAddress`
     * is the caller's as every per-address limit counts it (an IPv6 address by its /64).
     */
    async login(email: string, password: string, callerAddress: string, sessionId: number | null): Promise<AuthResponse> {
      const normalized = email.trim().toLowerCase();
      if (!normalized || !password) throw unauthorized(messages.signInFailed);
      const [account, address] = await Promise.all([
        countHit(db, counterKey('signin:account:', normalized), signInWindowMs),
        countHit(db, `signin:address:${callerAddress}`, signInWindowMs),
      ]);
      const attempts = Number(account.count);
      if (attempts > maxAttemptsPerAccount || Number(address.count) > maxAttemptsPerAddress) {
        throw new ShopError(429, serverMessages.tooManySignInAttempts);
      }
      const user = await repository.findByEmail(normalized);
      // A stored hash argon2 cannot read is the shop's fault (logged, 500), never a wrong password.
      const valid = await verify(user?.password_hash ?? decoyHash, password);
      if (!user || !user.password_hash || !valid) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 50 * attempts)));
        throw unauthorized(messages.signInFailed);
      }
      return signedIn(user, sessionId);
    },

    /** Rotation: each refresh token works once; presenting a used one ends its sign-in. */
    async refresh(refreshToken: string, at = new Date()) {
      const row = await repository.findRefreshToken(hashToken(refreshToken));
      const now = at.toISOString();
      if (!row || row.revoked_at || row.expires_at <= now || (await liveSignIn(row.family_id, row.user_id, at)) === undefined) {
        throw unauthorized(messages.refreshInvalid);
      }
      if (row.rotated_at || !(await repository.markRotated(row.id))) {
        await database.writeTransaction((trx) => repository.endSignIn(row.family_id, trx));
        throw unauthorized(messages.refreshInvalid);
      }
      return issueTokens(row.user_id, { id: row.family_id, expiresAt: row.expires_at });
    },

    /** Ends the sign-in of the refresh token sent, and of the access token the call came with. */
    async logout(refreshToken: string | undefined, signInId: string | null) {
      const row = refreshToken ? await repository.findRefreshToken(hashToken(refreshToken)) : undefined;
      const ended = new Set([row?.family_id, signInId].filter((id) => id !== undefined && id !== null));
      if (ended.size > 0) {
        await database.writeTransaction(async (trx) => {
          for (const id of ended) await repository.endSignIn(id, trx);
        });
      }
      return { success: true, message: serverMessages.signedOut };
    },

    /**
     * Always the same answer, given before the account is even looked up: the e-mail goes out in the
     * background, so neither the answer nor its timing tells whether an e-mail has an account.
     */
    requestPasswordReset(email: string) {
      if (email.trim()) {
        const job: Promise<void> = mailResetLink(email)
          .catch((error: unknown) => log('could not send the password reset e-mail', error))
          .finally(() => resetsInProgress.delete(job));
        resetsInProgress.add(job);
      }
      return { success: true, message: messages.passwordResetSent };
    },

    /** Settles once the reset e-mails asked for so far are sent (or failed): a graceful stop waits for it. */
    async resetEmailsSent(): Promise<void> {
      await Promise.all(resetsInProgress);
    },

    async resetPassword(token: string, password1: string, password2: string) {
      if (!password1 || !password2) throw badRequest(messages.signUpAllRequired);
      if (password1 !== password2) throw badRequest(messages.signUpPasswordsMismatch);
      if (password1.length < passwordMinLength) throw badRequest(messages.signUpPasswordTooShort);
      const passwordHash = await hash(password1);
      return database.writeTransaction(async (trx) => {
        const userId = await repository.claimResetToken(hashToken(token), new Date().toISOString(), trx);
        if (userId === null) throw badRequest(messages.passwordResetInvalid);
        await repository.update(userId, { password_hash: passwordHash }, trx);
        // Whoever knew the old password is signed out everywhere, at once.
        await repository.endAllSignInsOf(userId, trx);
        return { success: true, message: messages.passwordResetDone };
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
