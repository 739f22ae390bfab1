import fastifyPlugin from 'fastify-plugin';
import type { ShopModuleOptions } from '../shop-module.ts';
import { createAddressesRepository } from './addresses.repository.ts';
import { createAddressesService, type AddressesService } from './addresses.service.ts';
import { createAuthService, type AuthService } from './auth.service.ts';
import { createCustomerDirectoryRepository } from './customer-directory.repository.ts';
import { customerDirectoryRoutes } from './customer-directory.routes.ts';
import { createCustomerDirectoryService } from './customer-directory.service.ts';
import { createCustomersRepository } from './customers.repository.ts';
import { customerRoutes, googleRoutes } from './customers.routes.ts';
import { createGoogleSignIn } from './google-sign-in.ts';
import { createProfileService, type ProfileService } from './profile.service.ts';
import { createStaffAccountsRepository } from './staff-accounts.repository.ts';
import { createStaffAccountsService, type StaffAccountsService } from './staff-accounts.service.ts';
import { createAccessTokens } from './tokens.ts';
import { createWishlistRepository } from './wishlist.repository.ts';
import { createWishlistService } from './wishlist.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    profile: ProfileService;
    savedAddresses: AddressesService;
    /** Staff accounts and their second factor, for the back office's staff module. */
    staffAccounts: StaffAccountsService;
  }
}

/** Accounts: sign-up and sign-in (also with Google), the profile, saved addresses and the wishlist; staff look customers up. */
export const customersModule = fastifyPlugin<ShopModuleOptions>(
  async (app, { config, database }) => {
    const repository = createCustomersRepository(database.db);
    const auth = createAuthService({
      database,
      repository,
      tokens: createAccessTokens(config.secretKey),
      mailer: app.mail.mailer,
      storeContact: app.settings.contact,
      adoptGuestCart: (sessionId, userId) => app.cart.adoptGuestCart(sessionId, userId),
      log: (message, error) => app.log.error({ err: error }, message),
      publicUrl: config.publicUrl,
      mediaUrls: app.media.urls,
    });
    app.mail.waitOnClose(() => auth.resetEmailsSent());
    const google = createGoogleSignIn(config.google, auth, repository, (message, error) => app.log.warn({ err: error }, message));
    const profile = createProfileService(repository, app.media, database.db);
    const addresses = createAddressesService(database, createAddressesRepository(database.db, database.dialect));
    const wishlist = createWishlistService(createWishlistRepository(database.db), app.catalog);
    app.decorate('auth', auth);
    app.decorate('profile', profile);
    app.decorate('savedAddresses', addresses);
    app.decorate('staffAccounts', createStaffAccountsService(repository, createStaffAccountsRepository(database.db, database.dialect)));
    await app.register(customerRoutes, { prefix: '/api', auth, profile, addresses, wishlist });
    await app.register(googleRoutes, { prefix: '/api', google });
    const directory = createCustomerDirectoryService(createCustomerDirectoryRepository(database.db, database.dialect));
    await app.register(customerDirectoryRoutes, { prefix: '/api/admin', directory });
  },
  { name: 'customers', dependencies: ['mail', 'settings', 'cart', 'catalog', 'media'] },
);
