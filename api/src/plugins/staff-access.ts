import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { messages, type StaffRole } from '@threadline/contracts';
import { forbidden, unauthorized } from '../errors.ts';

/** A signed-in member of the shop's staff (the owner included), as the audit log names them. */
export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api/admin/ call that got past the door; null everywhere else. */
    staff: StaffMember | null;
  }
}

const adminPrefix = '/api/admin';
const isAdminCall = (url: string) => url === adminPrefix || url.startsWith(`${adminPrefix}/`) || url.startsWith(`${adminPrefix}?`);

/**
 * The back office's door, in one place so no admin route can be added without it: every call under
 * /api/admin/ needs a staff member's live sign-in (401 for guests and stale tokens, 403 for
 * customers), before its body is even read.
 */
export const staffAccess = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.decorateRequest('staff', null);
    app.addHook('onRequest', async (request) => {
      if (!isAdminCall(request.url)) return;
      const { customer, bearerRejected } = request.shopper;
      if (customer === null) throw unauthorized(bearerRejected ? messages.signInExpired : messages.signInRequired);
      if (customer.role === 'customer') throw forbidden(messages.staffOnly);
      request.staff = { id: customer.id, email: customer.email, role: customer.role };
    });
  },
  { name: 'staff-access' },
);

/** The staff member making this admin call. */
export function staffOf(request: FastifyRequest): StaffMember {
  if (request.staff === null) throw unauthorized(messages.signInRequired);
  return request.staff;
}

/** The owner making this admin call; staff get 403 (staff accounts and settings are the owner's). */
export function requireOwner(request: FastifyRequest): StaffMember {
  const staff = staffOf(request);
  if (staff.role !== 'owner') throw forbidden(messages.ownerOnly);
  return staff;
}
