import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createSecretSeal } from './second-factor.ts';
import { staffRoutes } from './staff.routes.ts';
import { createStaffService } from './staff.service.ts';
import { createTwoFactorService } from './two-factor.service.ts';

/** The back office's own account calls: who is signed in, their second factor, and the owner's staff accounts. */
export const staffModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const staff = createStaffService(database, app.staffAccounts, app.audit);
    const twoFactor = createTwoFactorService({
      database,
      accounts: app.staffAccounts,
      audit: app.audit,
      seal: createSecretSeal(config.secretKey),
    });
    await app.register(staffRoutes, { prefix: '/api/admin', staff, twoFactor, requireSecondFactor: config.adminRequire2fa });
  },
  { name: 'staff', dependencies: ['customers', 'audit'] },
);
