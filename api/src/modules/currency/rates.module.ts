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
    const rates = createRatesService(createRatesRepository(database.db), config.ratesUrl, (message, error) =>
      app.log.warn({ err: error }, message),
    );
    app.decorate('rates', rates);
    await app.register(ratesRoutes, { prefix: '/api', rates });
    if (config.ratesUrl) {
      runEvery(app, ratesCheckIntervalMs, 'could not refresh the exchange rates', oneProcessAtATime(database, 'refresh-rates', () => rates.refreshIfDue()), {
        alsoAtStart: true,
      });
    }
  },
  { name: 'rates' },
);
