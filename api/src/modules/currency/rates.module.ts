import fastifyPlugin from 'fastify-plugin';
import { oneProcessAtATime, runEvery } from '../../timed-job.ts';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createRatesRepository } from './rates.repository.ts';
import { ratesRoutes } from './rates.routes.ts';
import { createRatesService, type RatesService } from './rates.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    rates: RatesService;
  }
}

const ratesCheckIntervalMs = 60 * 60 * 1000;

/** Exchange rates: served to pages, and refreshed from RATES_URL at most once a Kingston day. */
export const ratesModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const rates = createRatesService({
      repository: createRatesRepository(database.db),
      ratesUrl: config.ratesUrl,
      log: (message, error) => app.log.warn({ err: error }, message),
      publish: () => app.changes.publish('rates'),
    });
    app.decorate('rates', rates);
    app.changes.subscribe('rates', () => rates.forget());
    await app.register(ratesRoutes, { prefix: '/api', rates });
    if (config.ratesUrl) {
      runEvery(
        app,
        ratesCheckIntervalMs,
        'could not refresh the exchange rates',
        oneProcessAtATime(database, 'refresh-rates', () => rates.refreshIfDue()),
        {
          alsoAtStart: true,
        },
      );
    }
  },
  { name: 'rates', dependencies: ['shop-changes'] },
);
