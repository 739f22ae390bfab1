import fastifyPlugin from 'fastify-plugin';
import { oneProcessAtATime, runEvery } from '../../timed-job.ts';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createReviewRequests } from './review-requests.ts';
import { reviewAdminRoutes } from './reviews-admin.routes.ts';
import { createReviewsRepository } from './reviews.repository.ts';
import { reviewRoutes } from './reviews.routes.ts';
import { createReviewsService } from './reviews.service.ts';

const fifteenMinutes = 15 * 60 * 1000;

/** Buyers' reviews with fit (KINGSTON.md §6), their moderation, and the e-mail asking for them. */
export const reviewsModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const repository = createReviewsRepository(database.db);
    const reviews = createReviewsService({
      database,
      repository,
      audit: app.audit,
      media: app.media,
      productChanged: (productId) => app.changes.publish('catalog', [productId]),
    });
    await app.register(reviewRoutes, { prefix: '/api', reviews });
    await app.register(reviewAdminRoutes, { prefix: '/api/admin', reviews });
    const requests = createReviewRequests({
      repository,
      mailer: app.mail.mailer,
      settings: () => app.settings.current(),
      log: (message, error) => app.log.error({ err: error }, message),
    });
    runEvery(
      app,
      fifteenMinutes,
      'could not send review requests',
      oneProcessAtATime(database, 'send-review-requests', () => requests.sendDue(config.publicUrl)),
    );
  },
  { name: 'reviews', dependencies: ['audit', 'shop-changes', 'media', 'mail', 'settings'] },
);
