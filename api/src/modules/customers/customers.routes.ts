import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addressChangeResponseSchema,
  addressInputSchema,
  addressListResponseSchema,
  authResponseSchema,
  googleCodeRequestSchema,
  googleConfigResponseSchema,
  googleIdTokenRequestSchema,
  identityProviderResponseSchema,
  idParamsSchema as idParams,
  loginRequestSchema,
  logoutRequestSchema,
  serverMessages,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profilePictureLimits,
  profileUpdateSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  registerRequestSchema,
  successMessageSchema,
  userSchema,
  wishlistResponseSchema,
  wishlistToggleRequestSchema,
  wishlistToggleResponseSchema,
} from '@threadline/contracts';
import { badRequest, ShopError } from '../../errors.ts';
import { describeApiCall } from '../../plugins/api-docs.ts';
import { requireCustomer } from '../../plugins/shopper.ts';
import { addressOf, emailInBody } from '../../plugins/rate-limit.ts';
import type { AddressesService } from './addresses.service.ts';
import type { AuthService } from './auth.service.ts';
import type { GoogleSignIn } from './google-sign-in.ts';
import type { ProfileChange, ProfileService } from './profile.service.ts';
import type { WishlistService } from './wishlist.service.ts';

export interface CustomerRouteOptions {
  auth: AuthService;
  profile: ProfileService;
  addresses: AddressesService;
  wishlist: WishlistService;
}

const tenMinutes = 10 * 60 * 1000;
/** The guest session the call carries, whose cart joins the account at sign-in. */
const guestSessionIdOf = async (request: FastifyRequest) => (await request.shopper.guestSession())?.id ?? null;
const oneHour = 60 * 60 * 1000;
const profileAnswer = successMessageSchema.extend({ user: userSchema });
const profileForm = profileUpdateSchema.extend({
  profile_picture: z.file().optional().describe('A picture (JPEG, PNG, WebP, GIF, AVIF or HEIF), in a multipart form only'),
});
// The body, JSON or a multipart form with the picture, is read by readProfileChange and checked in
// the service (empty fields dropped first), so the route describes it for the reference only.
const describedProfileForm: SwaggerTransform = (document) =>
  describeApiCall({
    ...document,
    schema: { ...document.schema, body: profileForm, consumes: ['application/json', 'multipart/form-data'] },
  });

/** JSON, or multipart with text fields and a `profile_picture` file (SPEC §7). */
async function readProfileChange(request: FastifyRequest): Promise<ProfileChange> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, picture: null };
  const fields: Record<string, unknown> = {};
  let picture: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'profile_picture') picture = await part.toBuffer();
        else await part.toBuffer();
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadProblem(error);
  }
  return { fields, picture };
}

/** A form the client cut off or malformed is the client's problem (400), as is one over a limit (413). */
function uploadProblem(error: unknown): ShopError {
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new ShopError(413, serverMessages.profilePictureTooLarge(profilePictureLimits.megabytes, profilePictureLimits.megapixels));
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && error instanceof Error) {
    return new ShopError(statusCode, error.message);
  }
  return badRequest(serverMessages.profilePictureIncomplete);
}

export const customerRoutes: FastifyPluginAsyncZod<CustomerRouteOptions> = async (app, { auth, profile, addresses, wishlist }) => {
  app.post(
    '/users/auth/register/',
    {
      config: {
        rateLimit: { max: 60, timeWindow: tenMinutes },
        shopperLimits: [{ per: 'email', of: emailInBody, max: 5, timeWindow: oneHour }],
      },
      schema: { body: registerRequestSchema, response: { 201: authResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await auth.register(request.body, await guestSessionIdOf(request))),
  );

  app.post('/users/auth/login/', { schema: { body: loginRequestSchema, response: { 200: authResponseSchema } } }, async (request) =>
    auth.login(request.body.email, request.body.password, addressOf(request), await guestSessionIdOf(request)),
  );

  app.post('/users/auth/refresh/', { schema: { body: refreshRequestSchema, response: { 200: refreshResponseSchema } } }, (request) =>
    auth.refresh(request.body.refresh),
  );

  app.post('/auth/logout/', { schema: { body: logoutRequestSchema.optional(), response: { 200: successMessageSchema } } }, (request) =>
    auth.logout(request.body?.refresh, request.shopper.customer?.signInId ?? null),
  );

  app.post(
    '/users/auth/password-reset/',
    {
      config: {
        rateLimit: { max: 30, timeWindow: tenMinutes },
        shopperLimits: [{ per: 'email', of: emailInBody, max: 3, timeWindow: oneHour }],
      },
      schema: { body: passwordResetRequestSchema, response: { 200: successMessageSchema } },
    },
    (request) => auth.requestPasswordReset(request.body.email),
  );

  app.post(
    '/users/auth/password-reset/confirm/',
    {
      config: { rateLimit: { max: 60, timeWindow: tenMinutes } },
      schema: { body: passwordResetConfirmSchema, response: { 200: successMessageSchema } },
    },
    (request) => auth.resetPassword(request.body.token, request.body.password1, request.body.password2),
  );

  app.get('/users/profile/', { schema: { response: { 200: userSchema } } }, (request) => profile.get(requireCustomer(request)));

  app.put(
    '/users/profile/',
    { config: { swaggerTransform: describedProfileForm }, schema: { response: { 200: profileAnswer } } },
    async (request) => profile.update(requireCustomer(request), await readProfileChange(request)),
  );

  app.get('/users/addresses/', { schema: { response: { 200: addressListResponseSchema } } }, (request) =>
    addresses.list(requireCustomer(request)),
  );

  app.post(
    '/users/addresses/',
    { schema: { body: addressInputSchema, response: { 201: addressChangeResponseSchema } } },
    async (request, reply) => reply.status(201).send(await addresses.create(requireCustomer(request), request.body)),
  );

  app.put(
    '/users/addresses/:id/',
    { schema: { params: idParams, body: addressInputSchema, response: { 200: addressChangeResponseSchema } } },
    (request) => addresses.update(requireCustomer(request), request.params.id, request.body),
  );

  app.delete('/users/addresses/:id/', { schema: { params: idParams, response: { 200: addressChangeResponseSchema } } }, (request) =>
    addresses.remove(requireCustomer(request), request.params.id),
  );

  app.post(
    '/users/addresses/:id/set-default/',
    { schema: { params: idParams, response: { 200: addressChangeResponseSchema } } },
    (request) => addresses.setDefault(requireCustomer(request), request.params.id),
  );

  app.get('/users/wishlist/', { schema: { response: { 200: wishlistResponseSchema } } }, (request) =>
    wishlist.list(requireCustomer(request)),
  );

  app.post(
    '/users/wishlist/toggle/',
    { schema: { body: wishlistToggleRequestSchema, response: { 200: wishlistToggleResponseSchema } } },
    (request) => wishlist.toggle(requireCustomer(request), request.body.product_id),
  );
};

export const googleRoutes: FastifyPluginAsyncZod<{ google: GoogleSignIn }> = async (app, { google }) => {
  app.get('/auth/google/config/', { schema: { response: { 200: googleConfigResponseSchema } } }, () => google.publicConfig());

  app.post(
    '/auth/google/',
    {
      config: { rateLimit: { max: 120, timeWindow: tenMinutes } },
      schema: { body: googleCodeRequestSchema, response: { 200: identityProviderResponseSchema } },
    },
    async (request) => ({ success: true, ...(await google.signInWithCode(request.body, await guestSessionIdOf(request))) }),
  );

  app.post(
    '/auth/google/login/',
    {
      config: { rateLimit: { max: 120, timeWindow: tenMinutes } },
      schema: { body: googleIdTokenRequestSchema, response: { 200: identityProviderResponseSchema } },
    },
    async (request) => ({ success: true, ...(await google.signInWithIdToken(request.body.id_token, await guestSessionIdOf(request))) }),
  );
};
