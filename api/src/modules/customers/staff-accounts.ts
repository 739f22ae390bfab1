import { hash } from '@node-rs/argon2';
import { passwordMinLength, staffRoles, type StaffRole } from '@threadline/contracts';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { createCustomersRepository } from './customers.repository.ts';

export interface StaffAccountInput {
  email: string;
  password: string;
  role: StaffRole;
}

const inputShape = z.object({
  email: z.email('Enter a valid email address').max(254),
  password: z.string().min(passwordMinLength, `The password needs at least ${passwordMinLength} characters`).max(128),
  role: z.enum(staffRoles, 'The role is owner or staff'),
});

/** What `admin:create` did: made a new account, or gave an existing one the role (its password kept). */
export type StaffAccountOutcome = { id: number; created: true } | { id: number; created: false };

/**
 * Creates a staff account, or gives an existing account (a customer's, say) the role. The only way
 * to make the first owner (BACKOFFICE.md), so it runs from the command line, not over HTTP.
 */
export async function createOrPromoteStaff(db: Db, input: StaffAccountInput): Promise<StaffAccountOutcome> {
  const parsed = inputShape.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '));
  const { email, password, role } = parsed.data;
  const repository = createCustomersRepository(db);
  const existing = await repository.findByEmail(email);
  if (existing) {
    await repository.update(existing.id, { role });
    return { id: existing.id, created: false };
  }
  const id = await repository.create({
    email,
    password_hash: await hash(password),
    first_name: '',
    last_name: '',
    phone: '',
    email_verified: 0,
    role,
  });
  return { id, created: true };
}
