import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRemovedSchema,
  adminImageSchema,
  adminImagesSchema,
  idParamsSchema,
  imageAltTextMax,
  imageAltTextSchema,
  imageChangeSchema,
  imageColorMax,
  imageColorSchema,
  imageOrderSchema,
  productImageLimits,
  stockMessages,
} from '@threadline/contracts';
import { badRequest, ShopError } from '../../errors.ts';
import { describeApiCall } from '../../plugins/api-docs.ts';
import { staffOf } from '../../plugins/staff-access.ts';
import { pictureTooLarge } from './product-picture-files.ts';
import type { PictureUpload, ProductImagesService } from './product-images.service.ts';

const uploadForm = z.object({
  file: z.file().describe(`A picture (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF) of at most ${productImageLimits.megabytes} MB`),
  alt_text: z.string().max(imageAltTextMax).optional(),
  color: z
    .string()
    .max(imageColorMax)
    .optional()
    .describe("The colour option the picture shows, one of the product's variant colours; empty for none"),
});
// The multipart form is read by readPictureUpload, so the route describes it for the reference only.
const describedUploadForm: SwaggerTransform = (document) =>
  describeApiCall({ ...document, schema: { ...document.schema, body: uploadForm, consumes: ['multipart/form-data'] } });

/**
 * The form's `file`, `alt_text` and `color`, in any order. The file limit is this route's own (the app's
 * default is the profile picture's); a form cut off or over the limit is the caller's problem.
 */
async function readPictureUpload(request: FastifyRequest): Promise<PictureUpload> {
  if (!request.isMultipart()) throw badRequest(stockMessages.imageMissing);
  const upload: PictureUpload = { file: null, altText: '', color: '' };
  try {
    for await (const part of request.parts({ limits: { fileSize: productImageLimits.megabytes * 1024 * 1024, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file') upload.file = data;
      } else if (part.fieldname === 'alt_text') {
        const altText = imageAltTextSchema.shape.alt_text.safeParse(part.value);
        if (!altText.success) throw badRequest(`alt_text: ${altText.error.issues[0]?.message ?? 'invalid'}`);
        upload.altText = altText.data;
      } else if (part.fieldname === 'color') {
        const color = imageColorSchema.shape.color.safeParse(part.value);
        if (!color.success) throw badRequest(`color: ${color.error.issues[0]?.message ?? 'invalid'}`);
        upload.color = color.data ?? '';
      }
    }
  } catch (error) {
    if (error instanceof ShopError) throw error;
    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw pictureTooLarge();
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && error instanceof Error)
      throw new ShopError(statusCode, error.message);
    throw badRequest(stockMessages.imageIncomplete);
  }
  return upload;
}

/** Under /api/admin: a product's pictures. */
export const productImageRoutes: FastifyPluginAsyncZod<{ images: ProductImagesService }> = async (app, { images }) => {
  app.get('/products/:id/images/', { schema: { params: idParamsSchema, response: { 200: adminImagesSchema } } }, (request) => {
    staffOf(request);
    return images.list(request.params.id);
  });

  app.post(
    '/products/:id/images/',
    { config: { swaggerTransform: describedUploadForm }, schema: { params: idParamsSchema, response: { 201: adminImageSchema } } },
    async (request, reply) =>
      reply.status(201).send(await images.upload(staffOf(request), request.params.id, await readPictureUpload(request))),
  );

  app.put(
    '/products/:id/images/order/',
    { schema: { params: idParamsSchema, body: imageOrderSchema, response: { 200: adminImagesSchema } } },
    (request) => images.reorder(staffOf(request), request.params.id, request.body.ids),
  );

  app.patch(
    '/images/:id/',
    { schema: { params: idParamsSchema, body: imageChangeSchema, response: { 200: adminImageSchema } } },
    (request) => images.describe(staffOf(request), request.params.id, request.body),
  );

  app.delete('/images/:id/', { schema: { params: idParamsSchema, response: { 200: adminRemovedSchema } } }, (request) =>
    images.remove(staffOf(request), request.params.id),
  );
};
