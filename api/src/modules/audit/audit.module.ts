import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createAuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService, type AuditService } from './audit.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditService;
  }
}

/** The audit log of every back-office change: modules record through `app.audit`, staff read it. */
export const auditModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { database }) => {
    const audit = createAuditService(createAuditRepository(database.db));
    app.decorate('audit', audit);
    await app.register(auditRoutes, { prefix: '/api/admin', audit });
  },
  { name: 'audit' },
);
