import type { DatabaseHandle } from '../src/db/database.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { createMediaUrls } from '../src/media/media-urls.ts';
import { createAuditRepository } from '../src/modules/audit/audit.repository.ts';
import { createAuditService } from '../src/modules/audit/audit.service.ts';
import { createCatalogRepository } from '../src/modules/catalog/catalog.repository.ts';
import { createCatalogService } from '../src/modules/catalog/catalog.service.ts';
import { createInventoryRepository } from '../src/modules/inventory/inventory.repository.ts';
import { createInventoryService } from '../src/modules/inventory/inventory.service.ts';
import { createProductStockRepository } from '../src/modules/inventory/product-stock.repository.ts';
import { createOrderLinks } from '../src/modules/orders/order-links.ts';
import { createOrdersRepository } from '../src/modules/orders/orders.repository.ts';
import { createOrdersService } from '../src/modules/orders/orders.service.ts';
import { createPromotionsRepository } from '../src/modules/promotions/promotions.repository.ts';
import { createPromotionsService } from '../src/modules/promotions/promotions.service.ts';
import { createSettingsRepository } from '../src/modules/settings/settings.repository.ts';
import { createSettingsService } from '../src/modules/settings/settings.service.ts';

/**
 * The orders service as the app builds it, on a test shop's database, for tests that run its jobs
 * (as another server process would) or its e-mail queue with a mailer of their own.
 */
export function ordersServiceOn(database: DatabaseHandle, secretKey: string, mailer: Mailer) {
  // Another process reads the settings from the database as the app does.
  const settings = createSettingsService({
    database,
    repository: createSettingsRepository(database.db, database.dialect),
    audit: createAuditService(createAuditRepository(database.db)),
    // What a server without a card provider's key takes: the built-in test card, cash and transfers.
    takenMethods: ['stripe', 'cash_on_delivery', 'bank_transfer'],
    publish: async () => undefined,
  });
  return createOrdersService({
    database,
    repository: createOrdersRepository(database.db, database.dialect),
    inventory: createInventoryService(createInventoryRepository(database.db), createProductStockRepository(database.db)),
    promotions: createPromotionsService(createPromotionsRepository(database.db)),
    catalog: createCatalogService(createCatalogRepository(database.db, database.dialect), createMediaUrls(null)),
    mailer,
    storeContact: settings.contact,
    pickupPoints: async () => (await settings.current()).pickup_points,
    bankTransfer: settings.bankTransfer,
    storeTax: settings.tax,
    log: () => undefined,
    links: createOrderLinks(secretKey),
  });
}
