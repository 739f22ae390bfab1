import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type ExpressionBuilder } from 'kysely';
import { Stripe } from 'stripe';
import { formatMoney, messages, shopCurrency, storeDetails } from '@threadline/contracts';
import { isUniqueViolation, type DbExecutor } from '../../db/database.ts';
import type { Database, TestPaymentSessionTable } from '../../db/tables.ts';
import { escapeHtml } from '../../markup-text.ts';
import { builtInProviderKey } from './card-provider.ts';

export interface BuiltInCardProviderOptions {
  db: DbExecutor;
  webhookSecret: string;
  /** Where the provider delivers its signed webhooks: this server's own webhook endpoint. */
  webhookUrl(): string;
  /** The shop's configured address: the hosted page's link goes to shoppers, so never a request's Host. */
  publicUrl: string;
  log: (message: string, error: unknown) => void;
}

/** What the Stripe SDK sends: form fields with bracketed keys, e.g. line_items[0][price_data][unit_amount]. */
function readForm(body: string) {
  const form = new URLSearchParams(body);
  let amount = 0;
  for (let index = 0; form.has(`line_items[${index}][quantity]`); index += 1) {
    amount +=
      Number(form.get(`line_items[${index}][price_data][unit_amount]`) ?? 0) * Number(form.get(`line_items[${index}][quantity]`) ?? 0);
  }
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return {
    amount,
    currency: (form.get('line_items[0][price_data][currency]') ?? 'jmd').toLowerCase(),
    description: form.get('line_items[0][price_data][product_data][name]') ?? 'Order',
    metadata,
    clientReferenceId: form.get('client_reference_id'),
    customerEmail: form.get('customer_email'),
    successUrl: form.get('success_url') ?? '/',
    cancelUrl: form.get('cancel_url') ?? '/',
    expiresAt: form.has('expires_at') ? Number(form.get('expires_at')) : null,
    paymentIntent: form.get('payment_intent'),
    refundAmount: form.has('amount') ? Number(form.get('amount')) : null,
  };
}

const minuteMs = 60 * 1000;
// Stripe's bounds on a session's expires_at, from the moment it is created.
const shortestSessionMs = 30 * minuteMs;
const longestSessionMs = 24 * 60 * minuteMs;

/** Open, unless its time ran out: like Stripe's, an unpaid session expires by itself. */
const statusOf = (row: TestPaymentSessionTable, now = new Date().toISOString()) =>
  row.status === 'open' && row.expires_at !== null && row.expires_at <= now ? 'expired' : row.status;

const sessionObject = (row: TestPaymentSessionTable, origin: string) => ({
  id: row.id,
  object: 'checkout.session',
  mode: 'payment',
  amount_total: row.amount_total,
  currency: row.currency,
  status: statusOf(row),
  payment_status: row.payment_status,
  payment_intent: row.payment_intent,
  expires_at: row.expires_at === null ? null : Math.floor(Date.parse(row.expires_at) / 1000),
  client_reference_id: row.client_reference_id,
  customer_email: row.customer_email,
  metadata: JSON.parse(row.metadata) as Record<string, string>,
  success_url: row.success_url,
  cancel_url: row.cancel_url,
  url: `${origin}/test-payments/checkout/${row.id}`,
  created: Math.floor(Date.parse(row.created_at) / 1000),
});

const stripeError = (reply: FastifyReply, status: number, message: string, code?: string) =>
  reply.status(status).send({ error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });

/** A session can be paid only while it is open and its time has not run out; one pay or expire wins. */
const stillOpen = (now: string) => (eb: ExpressionBuilder<Database, 'test_payment_sessions'>) =>
  eb.and([eb('status', '=', 'open'), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]);

/**
 * The built-in card provider: what takes card payments whenever no Stripe key is configured, in
 * production too (its payments are test payments and take no money; a shop on https must say
 * ALLOW_TEST_PAYMENTS=true to run it). A Stripe-shaped Checkout Session API under /v1, so the
 * official SDK talks to it unchanged, a hosted payment page with Pay and Cancel, and webhooks signed
 * the way Stripe signs them.
 */
export const builtInCardProviderRoutes: FastifyPluginAsync<BuiltInCardProviderOptions> = async (
  app,
  { db, webhookSecret, webhookUrl, publicUrl, log },
) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const signer = new Stripe(builtInProviderKey);
  // Ids are ours (cs_test_ + base64url); anything else is no session, before it reaches the database.
  const find = async (id: string) =>
    /^cs_test_[\w-]{1,100}$/.test(id)
      ? db.selectFrom('test_payment_sessions').selectAll().where('id', '=', id).executeTakeFirst()
      : undefined;
  const authorized = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization === `Bearer ${builtInProviderKey}`) return true;
    void stripeError(reply, 401, 'Invalid API key provided.');
    return false;
  };

  app.get('/test-payments/page.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(builtInCardProviderStyles),
  );

  app.post('/v1/checkout/sessions', async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const form = readForm(typeof request.body === 'string' ? request.body : '');
    if (form.amount <= 0) return stripeError(reply, 400, 'The amount must be positive.');
    const now = Date.now();
    const expiresAt = form.expiresAt === null ? now + longestSessionMs : form.expiresAt * 1000;
    if (!Number.isInteger(expiresAt) || expiresAt < now + shortestSessionMs || expiresAt > now + longestSessionMs) {
      return stripeError(reply, 400, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
    }
    const row: TestPaymentSessionTable = {
      id: `cs_test_${randomBytes(18).toString('base64url')}`,
      amount_total: form.amount,
      currency: form.currency,
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: form.clientReferenceId,
      customer_email: form.customerEmail,
      description: form.description,
      metadata: JSON.stringify(form.metadata),
      success_url: form.successUrl,
      cancel_url: form.cancelUrl,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(expiresAt).toISOString(),
      payment_intent: null,
      refunded_at: null,
      amount_refunded: 0,
    };
    await db.insertInto('test_payment_sessions').values(row).execute();
    return sessionObject(row, publicUrl);
  });

  app.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const row = await find(request.params.id);
    return row ? sessionObject(row, publicUrl) : stripeError(reply, 404, `No such checkout.session: '${request.params.id}'`);
  });

  app.post<{ Params: { id: string } }>('/v1/checkout/sessions/:id/expire', async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const expired = await db
      .updateTable('test_payment_sessions')
      .set({ status: 'expired' })
      .where('id', '=', request.params.id)
      .where(stillOpen(new Date().toISOString()))
      .returningAll()
      .executeTakeFirst();
    if (expired) return sessionObject(expired, publicUrl);
    const row = await find(request.params.id);
    if (!row) return stripeError(reply, 404, `No such checkout.session: '${request.params.id}'`);
    // Stripe's answer for a session already paid or already expired.
    return stripeError(
      reply,
      400,
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${statusOf(row)}".`,
    );
  });

  // Like Stripe's: `amount` (minor units) refunds part of the charge, and refunds add up to at
  // most the charge; without it, the rest is refunded. The guarded update decides refunds made at once.
  app.post('/v1/refunds', async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    // Like Stripe's: a refund asked again with its idempotency key is answered as the first time.
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && key.length > 0 && key.length <= 255 ? key : null;
    if (idempotencyKey) {
      const earlier = await db
        .selectFrom('test_refund_answers')
        .select('answer')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (earlier) return reply.type('application/json').send(earlier.answer);
    }
    const form = readForm(typeof request.body === 'string' ? request.body : '');
    const paymentIntent = form.paymentIntent;
    if (!paymentIntent) return stripeError(reply, 400, 'Missing required param: payment_intent.');
    const charge = await db.selectFrom('test_payment_sessions').selectAll().where('payment_intent', '=', paymentIntent).executeTakeFirst();
    if (!charge) return stripeError(reply, 404, `No such payment_intent: '${paymentIntent}'`);
    const left = charge.amount_total - charge.amount_refunded;
    if (left <= 0)
      return stripeError(reply, 400, `Charge for PaymentIntent ${paymentIntent} has already been refunded.`, 'charge_already_refunded');
    const amount = form.refundAmount ?? left;
    if (!Number.isInteger(amount) || amount < 1) return stripeError(reply, 400, 'Invalid positive integer', 'parameter_invalid_integer');
    const answer = {
      id: `re_test_${randomBytes(12).toString('base64url')}`,
      object: 'refund',
      amount,
      currency: charge.currency,
      payment_intent: paymentIntent,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    };
    // The refund and its kept answer commit together: a refund is never made without its answer.
    // The same key asked twice at once makes one refund; the other hears the key is in use, as from Stripe.
    const refunded = await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .updateTable('test_payment_sessions')
          .set((eb) => ({
            amount_refunded: eb('amount_refunded', '+', amount),
            refunded_at: sql<
              string | null
            >`case when ${eb.ref('amount_refunded')} + ${amount} >= ${eb.ref('amount_total')} then ${new Date().toISOString()} else null end`,
          }))
          .where('payment_intent', '=', paymentIntent)
          .where((eb) => eb(eb('amount_refunded', '+', amount), '<=', eb.ref('amount_total')))
          .returning('id')
          .executeTakeFirst();
        if (row && idempotencyKey) {
          await trx
            .insertInto('test_refund_answers')
            .values({ idempotency_key: idempotencyKey, answer: JSON.stringify(answer), created_at: new Date().toISOString() })
            .execute();
        }
        return row !== undefined;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return 'key in use' as const;
        throw error;
      });
    if (refunded === 'key in use') {
      return reply.status(409).send({
        error: { type: 'idempotency_error', message: 'There is currently another in-progress request using this Idempotent Key.' },
      });
    }
    if (!refunded) {
      // Another refund took the rest meanwhile: Stripe's answer to a second full refund.
      const now = await db
        .selectFrom('test_payment_sessions')
        .select(['amount_total', 'amount_refunded'])
        .where('payment_intent', '=', paymentIntent)
        .executeTakeFirst();
      if (now && now.amount_refunded >= now.amount_total) {
        return stripeError(reply, 400, `Charge for PaymentIntent ${paymentIntent} has already been refunded.`, 'charge_already_refunded');
      }
      return stripeError(
        reply,
        400,
        `Refund amount (${formatMoney(amount / 100, shopCurrency)}) is greater than unrefunded amount on charge (${formatMoney(left / 100, shopCurrency)})`,
        'amount_too_large',
      );
    }
    return answer;
  });

  app.get<{ Params: { id: string } }>('/test-payments/checkout/:id', async (request, reply) => {
    const row = await find(request.params.id);
    reply.helmet();
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!row) return reply.status(404).send(page('Payment not found', '<p>This payment link is not valid.</p>'));
    const status = statusOf(row);
    if (status !== 'open') {
      const state = row.payment_status === 'paid' ? 'paid' : status === 'expired' ? 'expired' : 'closed';
      return page(
        'Payment finished',
        `<p>This payment is already ${state}.</p><p><a href="${escapeHtml(row.cancel_url)}">Back to the shop</a></p>`,
      );
    }
    return page(
      'Test card payment',
      `<p class="note"><strong>${messages.testPaymentNotice}</strong> This page stands in for ${storeDetails.cardProvider} Checkout: no card details are asked for and no card is charged.</p>
<dl><dt>Pay to</dt><dd>${storeDetails.name}</dd><dt>For</dt><dd>${escapeHtml(row.description)}</dd><dt>Amount</dt><dd class="amount">${formatMoney(row.amount_total / 100, shopCurrency)}</dd>${row.customer_email ? `<dt>E-mail</dt><dd>${escapeHtml(row.customer_email)}</dd>` : ''}</dl>
<div class="actions"><form method="post" action="/test-payments/checkout/${row.id}/cancel"><button type="submit" class="secondary">Cancel</button></form>
<form method="post" action="/test-payments/checkout/${row.id}/pay"><button type="submit">Pay</button></form></div>`,
    );
  });

  app.post<{ Params: { id: string } }>('/test-payments/checkout/:id/pay', async (request, reply) => {
    const row = await find(request.params.id);
    if (!row) return reply.status(404).type('text/html').send(page('Payment not found', '<p>This payment link is not valid.</p>'));
    const paid = await db
      .updateTable('test_payment_sessions')
      .set({ status: 'complete', payment_status: 'paid', payment_intent: `pi_test_${randomBytes(18).toString('base64url')}` })
      .where('id', '=', row.id)
      .where(stillOpen(new Date().toISOString()))
      .returningAll()
      .executeTakeFirst();
    // Read again: a session expired (the order cancelled) between the read and the update was not paid.
    const unpaid = paid ? undefined : await find(row.id);
    if (unpaid && statusOf(unpaid) === 'expired') {
      return reply
        .status(409)
        .type('text/html')
        .send(
          page(
            'Payment expired',
            `<p>This payment has expired and cannot be paid.</p><p><a href="${escapeHtml(row.cancel_url)}">Back to the shop</a></p>`,
          ),
        );
    }
    if (paid) {
      const session = sessionObject(paid, publicUrl);
      const payload = JSON.stringify({
        id: `evt_test_${randomBytes(12).toString('base64url')}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: { object: session },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      // Delivered after the shopper is sent back, as a real provider's webhook often is.
      setTimeout(() => {
        fetch(webhookUrl(), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        }).catch((error: unknown) => log('the built-in card provider could not deliver its webhook', error));
      }, 300).unref();
    }
    return reply.redirect(row.success_url.replace('{CHECKOUT_SESSION_ID}', row.id), 303);
  });

  app.post<{ Params: { id: string } }>('/test-payments/checkout/:id/cancel', async (request, reply) => {
    const row = await find(request.params.id);
    if (!row) return reply.status(404).type('text/html').send(page('Payment not found', '<p>This payment link is not valid.</p>'));
    return reply.redirect(row.cancel_url, 303);
  });
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ${storeDetails.name}</title>
<link rel="stylesheet" href="/test-payments/page.css"></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const builtInCardProviderStyles = `body{margin:0;font-family:system-ui,sans-serif;background:#f5f5f4;color:#1c1917;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(0,0,0,.08);padding:32px;max-width:420px;width:calc(100% - 32px)}
h1{font-size:1.4rem;margin:0 0 12px}.note{background:#fef3c7;color:#78350f;padding:10px 12px;border-radius:8px;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:20px 0}dt{color:#57534e}dd{margin:0;font-weight:600}.amount{font-size:1.25rem}
.actions{display:flex;gap:12px;justify-content:flex-end}button{font:inherit;font-weight:600;border:0;border-radius:999px;padding:12px 24px;min-height:44px;cursor:pointer;background:#166534;color:#fff}
button.secondary{background:#e7e5e4;color:#1c1917}button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}`;
