import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { adminMessages, messages, secondFactorRequiredFlag, type StaffRole } from '@threadline/contracts';
import { forbidden, ShopError, unauthorized } from '../errors.ts';

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
/** A route of the back office, by the path it was registered under (never by the URL asked for). */
const isAdminRoute = (routeUrl: string) => routeUrl === adminPrefix || routeUrl.startsWith(`${adminPrefix}/`);

/**
 * The owner's calls (BACKOFFICE.md "Who": staff accounts and settings), by path prefix, in this one
 * place: the door refuses staff on them whatever their handlers do, and the guard test walks every
 * registered route under them, so a route added there later is covered without an edit.
 */
export const ownerOnlyPaths = [`${adminPrefix}/staff/`, `${adminPrefix}/settings/`] as const;
export const isOwnerOnly = (path: string) => ownerOnlyPaths.some((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix));

/** What a sign-in that owes its second factor may still call: who am I, and the code itself. */
const beforeSecondFactor = new Set([`${adminPrefix}/me/`, `${adminPrefix}/two-factor/verify/`]);
/** What a staff member without a second factor may call while the shop requires one: enrolment. */
const beforeEnrolment = new Set([`${adminPrefix}/me/`, `${adminPrefix}/two-factor/setup/`, `${adminPrefix}/two-factor/confirm/`]);

/** A registered path with its trailing slash (`/api/admin/staff/:id/`), as the sets above hold them. */
const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

export interface StaffAccessOptions {
  /** ADMIN_REQUIRE_2FA: staff without a second factor reach only enrolment. */
  requireSecondFactor: boolean;
}

/**
 * The back office's door, in one place so no admin route can be added without it: it is made part of
 * every route registered under /api/admin/ as that route is added, so it decides on the route that
 * matched, whatever spelling of the path the request used (`/api/%61dmin/…` is routed to the same
 * handler as `/api/admin/…` and meets the same door). A call needs a staff member's live sign-in (401
 * for guests and stale tokens, 403 for customers), whose second factor, if the account has one, was
 * given on this sign-in (401 with `second_factor_required: true` until then); owner-only paths refuse
 * staff (403). All before the body is even read. A path that matches no route is a 404 for everyone.
 */
export const staffAccess = fastifyPlugin<StaffAccessOptions>(
  async (app: FastifyInstance, { requireSecondFactor }) => {
    app.decorateRequest('staff', null);
    const admitStaff = async (request: FastifyRequest) => {
      const { customer, bearerRejected } = request.shopper;
      if (customer === null) throw unauthorized(bearerRejected ? messages.signInExpired : messages.signInRequired);
      if (customer.role === 'customer') throw forbidden(adminMessages.staffOnly);
      const path = withSlash(request.routeOptions.url ?? '');
      const { enabled, given } = customer.secondFactor;
      if (enabled && !given && !beforeSecondFactor.has(path)) {
        throw new ShopError(401, adminMessages.secondFactorRequired, { [secondFactorRequiredFlag]: true });
      }
      if (requireSecondFactor && !enabled && !beforeEnrolment.has(path)) throw forbidden(adminMessages.secondFactorCompulsory);
      if (customer.role !== 'owner' && isOwnerOnly(path)) throw forbidden(adminMessages.ownerOnly);
      request.staff = { id: customer.id, email: customer.email, role: customer.role };
    };
    app.addHook('onRoute', (route) => {
      if (!isAdminRoute(route.url)) return;
      const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [admitStaff, ...own];
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
  if (staff.role !== 'owner') throw forbidden(adminMessages.ownerOnly);
  return staff;
}

/** The sign-in this admin call came with: the second factor is given per sign-in. */
export function staffSignInOf(request: FastifyRequest): { id: string; twoFactorEnabled: boolean; secondFactorGiven: boolean } {
  staffOf(request);
  const customer = request.shopper.customer;
  if (customer === null) throw unauthorized(messages.signInRequired);
  return { id: customer.signInId, twoFactorEnabled: customer.secondFactor.enabled, secondFactorGiven: customer.secondFactor.given };
}
