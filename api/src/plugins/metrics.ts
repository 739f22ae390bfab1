import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { DatabaseHandle } from '../db/database.ts';
import { ShopError } from '../errors.ts';

/** How a card payment attempt ended, as the payments counter tells them apart. */
export type PaymentOutcome = 'started' | 'start_failed' | 'paid' | 'refunded' | 'refund_failed' | 'mismatched';

/** What modules report to the metrics; nothing when the metrics are off. */
export interface ShopMetrics {
  orderPlaced(paymentMethod: string): void;
  payment(outcome: PaymentOutcome): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ShopMetrics;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries the token; compared in constant time, by digest so lengths may differ. */
function presentsToken(authorization: string | undefined, token: string): boolean {
  const given = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics of this process at `/metrics`: request rate and latency per route pattern,
 * orders placed, card payments by outcome, the PostgreSQL pool, event-loop delay and the process's
 * own (CPU, memory, handles). They are kept and served only when METRICS_TOKEN is set, and answer
 * only to `Authorization: Bearer <METRICS_TOKEN>`: Prometheus scrapes each process on its own port,
 * never through the load balancer, which refuses the path (deploy/haproxy.cfg).
 */
export const metrics = fastifyPlugin(
  async (app: FastifyInstance, { token, database }: { token: string | null; database: DatabaseHandle }) => {
    if (token === null) {
      app.decorate('metrics', { orderPlaced: () => undefined, payment: () => undefined });
      return;
    }
    // Loaded only here: a process without metrics need not hold the library (about 12 MiB).
    const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = await import('prom-client');
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requestDuration = new Histogram({
      name: 'threadline_http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    });
    const ordersPlaced = new Counter({
      name: 'threadline_orders_placed_total',
      help: 'Orders placed through this process, by payment method',
      labelNames: ['payment_method'] as const,
      registers: [registry],
    });
    const payments = new Counter({
      name: 'threadline_payments_total',
      help: 'Card payment events on this process, by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
    if (database.poolStats() !== null) {
      registry.registerMetric(
        new Gauge({
          name: 'threadline_db_pool_connections',
          help: 'Connections of the PostgreSQL pool, by state (total, idle)',
          labelNames: ['state'] as const,
          registers: [],
          collect() {
            const stats = database.poolStats();
            this.set({ state: 'total' }, stats?.total ?? 0);
            this.set({ state: 'idle' }, stats?.idle ?? 0);
          },
        }),
      );
      registry.registerMetric(
        new Gauge({
          name: 'threadline_db_pool_waiting',
          help: 'Queries waiting for a PostgreSQL connection',
          registers: [],
          collect() {
            this.set(database.poolStats()?.waiting ?? 0);
          },
        }),
      );
    }

    app.decorate('metrics', {
      orderPlaced: (paymentMethod: string) => ordersPlaced.inc({ payment_method: paymentMethod }),
      payment: (outcome: PaymentOutcome) => payments.inc({ outcome }),
    });

    // By route pattern, never the raw URL: one series per route, whatever ids and queries are sent.
    app.addHook('onResponse', (request, reply, done) => {
      requestDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? 'not found', status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!presentsToken(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw new ShopError(401, 'The metrics need the bearer token of METRICS_TOKEN');
      }
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  },
);
