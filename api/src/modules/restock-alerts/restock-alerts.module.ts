import fastifyPlugin from 'fastify-plugin';
import { oneProcessAtATime, runEvery } from '../../timed-job.ts';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createRestockAlertsRepository } from './restock-alerts.repository.ts';
import { restockAlertRoutes } from './restock-alerts.routes.ts';
import { createRestockAlertsService } from './restock-alerts.service.ts';

/** "Notify me" on sold-out options, and the one e-mail each when the option is back in stock. */
export const restockAlertsModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const alerts = createRestockAlertsService({
      repository: createRestockAlertsRepository(database.db),
      mailer: app.mail.mailer,
      storeContact: app.settings.contact,
      publicUrl: config.publicUrl,
    });
    await app.register(restockAlertRoutes, { prefix: '/api', alerts });
    const sendDue = oneProcessAtATime(database, 'send-restock-alerts', () => alerts.sendDue());
    // Every minute on whichever process takes the run: the alerts read the stock as any process left
    // it. Not on each stock change, which every checkout makes: a minute is soon enough for an e-mail.
    runEvery(app, 60_000, 'Sending back-in-stock e-mails failed', sendDue);
    app.mail.waitOnClose(() => alerts.sendsDone());
  },
  { name: 'restock-alerts', dependencies: ['settings', 'mail'] },
);
