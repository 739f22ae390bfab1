import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { openMediaStore } from '../media/open-media-store.ts';
import type { DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { ensureSeedMedia } from './seed/media.ts';
import { seedDatabase } from './seed/seed.ts';

/** Brings the database to the latest schema and, on a fresh one, the demo catalogue with its images. */
export async function prepareDatabase(database: DatabaseHandle, config: Config, logger: Logger): Promise<void> {
  await migrateToLatest(database.db);
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
