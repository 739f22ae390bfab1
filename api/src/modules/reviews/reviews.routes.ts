import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  profilePictureLimits,
  reviewEligibilitySchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewMessages,
  reviewPhotoSchema,
  reviewSchema,
  serverMessages,
} from '@threadline/contracts';
import { badRequest, ShopError } from '../../errors.ts';
import { describeApiCall } from '../../plugins/api-docs.ts';
import type { ShopperLimit } from '../../plugins/rate-limit.ts';
import { requireCustomer } from '../../plugins/shopper.ts';
import type { ReviewsService } from './reviews.service.ts';

const photoForm = z.object({ photo: z.file().describe('A picture (JPEG, PNG, WebP, GIF, AVIF or HEIF)') });
// The multipart form is read by readPhoto, so the route describes it for the reference only.
const describedPhotoForm: SwaggerTransform = (document) =>
  describeApiCall({ ...document, schema: { ...document.schema, body: photoForm, consumes: ['multipart/form-data'] } });

const oneHour = 60 * 60 * 1000;
const customerOf = (request: FastifyRequest) => (request.shopper.customer ? String(request.shopper.customer.id) : null);
// Counted per account, not per address: many Jamaican phones share one carrier address. Each photo
// costs a decode, so uploads are bounded beyond the four a review holds.
const postsPerCustomer: ShopperLimit = { per: 'review-customer', of: customerOf, max: 30, timeWindow: oneHour };
const photosPerCustomer: ShopperLimit = { per: 'review-photo-customer', of: customerOf, max: 30, timeWindow: oneHour };

/** The form's `photo` file; a form cut off or over the app's file limit is the caller's problem. */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(reviewMessages.photoMissing);
  let photo: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === 'photo') photo = data;
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ShopError(413, serverMessages.profilePictureTooLarge(profilePictureLimits.megabytes, profilePictureLimits.megapixels));
    }
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && error instanceof Error)
      throw new ShopError(statusCode, error.message);
    throw badRequest(reviewMessages.photoInvalid);
  }
  if (!photo) throw badRequest(reviewMessages.photoMissing);
  return photo;
}

/** Under /api: a product's reviews, posting one, and its photos. */
export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.get(
    '/product/:id/reviews/',
    { schema: { params: idParamsSchema, querystring: reviewListQuerySchema, response: { 200: reviewListSchema } } },
    (request) => reviews.list(request.params.id, request.query),
  );

  app.post(
    '/product/:id/reviews/',
    {
      config: { shopperLimits: [postsPerCustomer] },
      schema: { params: idParamsSchema, body: reviewInputSchema, response: { 201: reviewSchema } },
    },
    async (request, reply) => reply.status(201).send(await reviews.create(requireCustomer(request), request.params.id, request.body)),
  );

  app.get(
    '/product/:id/reviews/eligibility/',
    {
      schema: {
        description: 'Whether the signed-in shopper may review the product, and if not, why.',
        params: idParamsSchema,
        response: { 200: reviewEligibilitySchema },
      },
    },
    (request) => reviews.eligibility(request.shopper.customer?.id ?? null, request.params.id),
  );

  app.post(
    '/reviews/:id/photos/',
    {
      config: { swaggerTransform: describedPhotoForm, shopperLimits: [photosPerCustomer] },
      schema: { params: idParamsSchema, response: { 201: reviewPhotoSchema } },
    },
    async (request, reply) => {
      const userId = requireCustomer(request);
      return reply.status(201).send(await reviews.addPhoto(userId, request.params.id, await readPhoto(request)));
    },
  );
};
