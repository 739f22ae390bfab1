import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { openMediaStore } from '../media/open-media-store.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { ensureSeedMedia } from './seed/media.ts';
import { seedDatabase } from './seed/seed.ts';

/** Brings the database to the latest schema and, on a fresh one, the demo catalogue with its images. */
export async function prepareDatabase(database: DatabaseHandle, config: Config, logger: Logger): Promise<void> {
  await migrateDirectly(database, config);
  if (!config.seedDemoCatalogue) return;
  const { seeded } = await seedDatabase(database.db);
  if (seeded) logger.info('seeded the demo catalogue');
  const started = performance.now();
  const store = await openMediaStore(config.media.store);
  const { rendered } = await ensureSeedMedia(store, database.db).finally(() => store.close());
  if (rendered > 0) {
    logger.info({ images: rendered, ms: Math.round(performance.now() - started) }, 'rendered catalogue images');
  }
}

/**
 * Migrations through DATABASE_DIRECT_URL when it names another address than DATABASE_URL (a pooler
 * in between): a long schema change then meets none of the pooler's timeouts. They run in one
 * transaction under a transaction-scoped lock, so through a transaction-mode pooler they work too.
 */
async function migrateDirectly(database: DatabaseHandle, config: Config): Promise<void> {
  if (database.dialect !== 'postgres' || config.databaseDirectUrl === config.databaseUrl) return migrateToLatest(database.db);
  const direct = openDatabase(config.databaseDirectUrl);
  try {
    await migrateToLatest(direct.db);
  } finally {
    await direct.close();
  }
}
