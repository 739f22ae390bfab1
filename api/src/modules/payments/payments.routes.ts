import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelOrderResponseSchema,
  cardPaymentConfigSchema,
  cardSessionResponseSchema,
  idParamsSchema as idParams,
  messages,
  orderLinkQuerySchema,
  paymentProofResponseSchema,
  verifySessionRequestSchema,
  verifySessionResponseSchema,
  webhookReceivedSchema,
} from '@threadline/contracts';
import { badRequest, ShopError } from '../../errors.ts';
import { describeApiCall } from '../../plugins/api-docs.ts';
import { orderViewerOf } from '../orders/order-viewer.ts';
import type { PaymentProofs } from './payment-proofs.service.ts';
import { powertranzPagePath, powertranzResponsePath, type PaymentsService } from './payments.service.ts';
import { proofMaxMegabytes } from './proof-files.ts';

const powertranzPageParams = z.object({ transaction: z.uuid() });
// The gateway's SPI response as its hosted page posts it: a JSON text, read by the service.
const powertranzResponseSchema = z
  .object({ Response: z.string().max(20_000) })
  .describe(
    "PowerTranz's SPI response (IsoResponseCode HP0, SpiToken, TransactionIdentifier, OrderIdentifier), as the form field Response",
  );
const confirmationRedirect = z
  .undefined()
  .describe("To the order's confirmation page /order-confirmation/{order_id}, or to the shop's home for a sale it did not make");

export interface PaymentRouteOptions {
  payments: PaymentsService;
  proofs: PaymentProofs;
  /** The shop's configured address: where the card provider sends the shopper back to. */
  publicUrl: string;
}

// The provider's event, checked by its SDK against the Stripe-Signature header: described for the reference only.
const webhookEvent = z
  .object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.string(), z.unknown()) }) })
  .describe('A Stripe event (checkout.session.completed and the like), signed in the Stripe-Signature header');
const describedWebhookEvent: SwaggerTransform = (document) =>
  describeApiCall({ ...document, schema: { ...document.schema, body: webhookEvent } });

// The multipart form is read by proofUpload, so the route describes it for the reference only.
const describedProofUpload: SwaggerTransform = (document) =>
  describeApiCall({
    ...document,
    schema: {
      ...document.schema,
      body: z.object({
        file: z.file().describe(`A screenshot (PNG, JPEG or WebP) or a PDF of the transfer, at most ${proofMaxMegabytes} MB`),
      }),
      consumes: ['multipart/form-data'],
    },
  });

/**
 * The proof's bytes from the form's `file` field, whole: a file past the limit is 413 (the parser
 * stops reading it), a form cut off or without the field is 400.
 */
async function proofUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(messages.proofFileMissing);
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: proofMaxMegabytes * 1024 * 1024, files: 1, fields: 5 } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') file = bytes;
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ShopError(413, messages.proofFileTooLarge(proofMaxMegabytes));
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && error instanceof Error)
      throw new ShopError(statusCode, error.message);
    throw badRequest(messages.proofFileMissing);
  }
  if (file === null) throw badRequest(messages.proofFileMissing);
  return file;
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (app, { payments, proofs, publicUrl }) => {
  // The order's owner, or whoever holds the order's signed link (as for the order itself), sends a proof of a transfer.
  app.post(
    '/orders/:id/payment-proof/',
    {
      config: { swaggerTransform: describedProofUpload },
      schema: { params: idParams, querystring: orderLinkQuerySchema, response: { 200: paymentProofResponseSchema } },
    },
    async (request) => proofs.upload(await orderViewerOf(request), request.params.id, request.query.token, await proofUpload(request)),
  );

  // Giving up an unpaid card order closes its card sessions first: payments decides it.
  app.post('/orders/:id/cancel/', { schema: { params: idParams, response: { 200: cancelOrderResponseSchema } } }, async (request) =>
    payments.cancelOrder(await orderViewerOf(request), request.params.id),
  );

  app.get('/orders/payment/stripe/config/', { schema: { response: { 200: cardPaymentConfigSchema } } }, () => payments.config());

  app.post('/orders/payment/stripe/:id/', { schema: { params: idParams, response: { 200: cardSessionResponseSchema } } }, async (request) =>
    payments.startCheckout(await orderViewerOf(request), request.params.id, publicUrl),
  );

  app.post(
    '/orders/payment/stripe/verify-session/',
    { schema: { body: verifySessionRequestSchema, response: { 200: verifySessionResponseSchema } } },
    async (request) => payments.verify(await orderViewerOf(request), request.body.session_id),
  );

  app.post(
    '/orders/payment/powertranz/:id/',
    { schema: { params: idParams, response: { 200: cardSessionResponseSchema } } },
    async (request) => payments.startPowerTranz(await orderViewerOf(request), request.params.id),
  );

  // MerchantResponseUrl: the Hosted Payment Page has the shopper's browser post the gateway's
  // response here, as the form field `Response` (JSON). It comes from the gateway's page with no
  // session or CSRF token: the gateway's payment completion is what it is checked against. The
  // shopper is then sent on to the order's confirmation page.
  await app.register(async (gatewayResponse) => {
    gatewayResponse.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    gatewayResponse
      .withTypeProvider<ZodTypeProvider>()
      .post(
        powertranzResponsePath.slice('/api'.length),
        { config: { csrf: false }, schema: { body: powertranzResponseSchema, response: { 303: confirmationRedirect } } },
        async (request, reply) => {
          const orderId = await payments.settlePowerTranzResponse(request.body.Response);
          return reply.redirect(orderId === null ? `${publicUrl}/` : `${publicUrl}/order-confirmation/${orderId}`, 303);
        },
      );
  });

  await app.register(async (webhook) => {
    // The signature covers the exact bytes sent, so this route keeps the body raw.
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/orders/payment/stripe/webhook/',
      { config: { csrf: false, swaggerTransform: describedWebhookEvent }, schema: { response: { 200: webhookReceivedSchema } } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return payments.webhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
};

/**
 * The shop's page for a PowerTranz sale, outside the API (it is a page): the gateway's
 * RedirectData, which shows the shopper the Hosted Payment Page. Its scripts are the gateway's,
 * inline, and its form posts to the gateway.
 */
export const powertranzPageRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (app, { payments, publicUrl }) => {
  app.get(powertranzPagePath(':transaction'), { schema: { params: powertranzPageParams } }, async (request, reply) => {
    const page = await payments.powertranzPage(request.params.transaction);
    const gateway = payments.powertranzOrigin() ?? "'none'";
    reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'unsafe-inline' ${gateway}; style-src 'unsafe-inline' ${gateway}; img-src data: ${gateway}; ` +
          `frame-src ${gateway}; connect-src ${gateway}; form-action ${gateway} 'self'; frame-ancestors 'none'; base-uri 'none'`,
      )
      .type('text/html; charset=utf-8');
    if (page === null) {
      return reply
        .status(404)
        .send(
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>Payment not found</title><p>This payment page has expired or was already used. <a href="${publicUrl}/">Back to the shop</a></p></html>`,
        );
    }
    return reply.send(page);
  });
};
