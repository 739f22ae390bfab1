import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveredFormSchema,
  deliveryMessages,
  orderActionResponseSchema,
  orderIdParamsSchema as params,
  runSheetQuerySchema,
  runSheetSchema,
  type DeliveredForm,
} from '@threadline/contracts';
import { badRequest, ShopError } from '../../errors.ts';
import { describeApiCall } from '../../plugins/api-docs.ts';
import { staffOf } from '../../plugins/staff-access.ts';
import { deliveryPhotoLimits, type DeliveriesService } from './deliveries.service.ts';

const pdf = z.instanceof(Buffer).describe('application/pdf');
const webp = z.instanceof(Buffer).describe('image/webp');
const deliveredForm = z.object({
  received_by: z.string().max(100).describe('Who took the parcel (required, at most 100 characters)'),
  photo: z.file().optional().describe('A photo from the camera (JPEG, PNG, WebP, HEIF…); re-encoded, kept privately'),
  cash_collected: z.enum(['true', 'false']).optional().describe('true when the driver collected the cash of an unpaid cash order'),
});
// The multipart form is read by readDeliveredForm, so the route describes it for the reference only.
const describedDeliveredForm: SwaggerTransform = (document) =>
  describeApiCall({ ...document, schema: { ...document.schema, body: deliveredForm, consumes: ['multipart/form-data'] } });

/** The form's fields and its `photo` (none when empty), checked; a form cut off or over the limit is the caller's problem. */
async function readDeliveredForm(request: FastifyRequest): Promise<{ form: DeliveredForm; photo: Buffer | null }> {
  const fields: Record<string, unknown> = {};
  let photo: Buffer | null = null;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts({ limits: { fileSize: deliveryPhotoLimits.megabytes * 1024 * 1024, files: 1, fields: 10 } })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'photo' && bytes.length > 0) photo = bytes;
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
      if (code === 'FST_REQ_FILE_TOO_LARGE')
        throw new ShopError(413, deliveryMessages.photoTooLarge(deliveryPhotoLimits.megabytes, deliveryPhotoLimits.megapixels));
      if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && error instanceof Error)
        throw new ShopError(statusCode, error.message);
      throw badRequest(deliveryMessages.formIncomplete);
    }
  } else if (request.body && typeof request.body === 'object') {
    // A JSON body (no photo) is taken too: a booleans' true reads as 'true'.
    for (const [name, value] of Object.entries(request.body)) fields[name] = typeof value === 'boolean' ? String(value) : value;
  }
  const parsed = deliveredFormSchema.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? deliveryMessages.receivedByRequired);
  return { form: parsed.data, photo };
}

/** Under /api/admin: the run sheet, and a delivery marked done from the driver's phone. */
export const deliveryRoutes: FastifyPluginAsyncZod<{ deliveries: DeliveriesService }> = async (app, { deliveries }) => {
  app.get(
    '/deliveries/run-sheet/',
    {
      schema: {
        description: "The day's deliveries by the shop's driver, grouped by parish: a PDF, or JSON with format=json.",
        querystring: runSheetQuerySchema,
        response: { 200: z.union([runSheetSchema, pdf]) },
      },
    },
    async (request, reply) => {
      staffOf(request);
      if (request.query.format === 'json')
        return reply.header('cache-control', 'no-store').send(await deliveries.runSheet(request.query.date));
      const { fileName, pdf: document } = await deliveries.runSheetPdf(request.query.date);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(document);
    },
  );

  app.post(
    '/orders/:id/delivered/',
    { config: { swaggerTransform: describedDeliveredForm }, schema: { params, response: { 200: orderActionResponseSchema } } },
    async (request) => {
      const staff = staffOf(request);
      const { form, photo } = await readDeliveredForm(request);
      return deliveries.markDelivered(staff, request.params.id, form, photo);
    },
  );

  // Who received a parcel at their gate is the customer's business: only staff see the photo.
  app.get('/orders/:id/delivery-photo/', { schema: { params, response: { 200: webp } } }, async (request, reply) => {
    staffOf(request);
    const photo = await deliveries.openPhoto(request.params.id);
    return reply
      .type('image/webp')
      .header('content-disposition', `inline; filename="delivery-${request.params.id}.webp"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(photo);
  });
};
