import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminListSchema,
  adminMeSchema,
  idParamsSchema,
  newStaffSchema,
  staffAccountSchema,
  staffChangeSchema,
  staffListQuerySchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
  twoFactorStateSchema,
} from '@threadline/contracts';
import { requireOwner, staffOf, staffSignInOf } from '../../plugins/staff-access.ts';
import type { StaffService } from './staff.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

export interface StaffRouteOptions {
  staff: StaffService;
  twoFactor: TwoFactorService;
  /** ADMIN_REQUIRE_2FA, told to the back office so it sends staff without a second factor to set one up. */
  requireSecondFactor: boolean;
}

export const staffRoutes: FastifyPluginAsyncZod<StaffRouteOptions> = async (app, { staff, twoFactor, requireSecondFactor }) => {
  app.get('/me/', { schema: { response: { 200: adminMeSchema } } }, (request) => {
    const signIn = staffSignInOf(request);
    return {
      ...staffOf(request),
      two_factor_enabled: signIn.twoFactorEnabled,
      second_factor_verified: signIn.secondFactorGiven,
      two_factor_required: requireSecondFactor,
    };
  });

  app.post('/two-factor/setup/', { schema: { response: { 200: twoFactorSetupSchema } } }, (request) => twoFactor.setup(staffOf(request)));

  const code = { body: twoFactorCodeSchema, response: { 200: twoFactorStateSchema } };
  app.post('/two-factor/confirm/', { schema: code }, (request) =>
    twoFactor.confirm(staffOf(request), staffSignInOf(request).id, request.body.code),
  );
  app.post('/two-factor/disable/', { schema: code }, (request) => twoFactor.disable(staffOf(request), request.body.code));
  app.post('/two-factor/verify/', { schema: code }, (request) =>
    twoFactor.verify(staffOf(request), staffSignInOf(request).id, request.body.code),
  );

  app.get('/staff/', { schema: { querystring: staffListQuerySchema, response: { 200: adminListSchema(staffAccountSchema) } } }, (request) =>
    staff.list((requireOwner(request), request.query)),
  );

  app.post('/staff/', { schema: { body: newStaffSchema, response: { 201: staffAccountSchema } } }, async (request, reply) =>
    reply.status(201).send(await staff.create(requireOwner(request), request.body)),
  );

  app.patch(
    '/staff/:id/',
    { schema: { params: idParamsSchema, body: staffChangeSchema, response: { 200: staffAccountSchema } } },
    (request) => staff.change(requireOwner(request), request.params.id, request.body),
  );
};
