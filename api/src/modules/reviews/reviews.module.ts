import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { reviewAdminRoutes } from './reviews-admin.routes.ts';
import { createReviewsRepository } from './reviews.repository.ts';
import { reviewRoutes } from './reviews.routes.ts';
import { createReviewsService } from './reviews.service.ts';

/** Buyers' reviews with fit (KINGSTON.md §6), their moderation, and the e-mail asking for them. */
export const reviewsModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { database }) => {
    const reviews = createReviewsService({
      database,
      repository: createReviewsRepository(database.db),
      audit: app.audit,
      media: app.media,
      productChanged: (productId) => app.changes.publish('catalog', [productId]),
    });
    await app.register(reviewRoutes, { prefix: '/api', reviews });
    await app.register(reviewAdminRoutes, { prefix: '/api/admin', reviews });
  },
  { name: 'reviews', dependencies: ['audit', 'shop-changes', 'media'] },
);
