import { loadConfig } from '../../config.ts';
import { openMediaStore } from '../../media/open-media-store.ts';
import { openDatabase } from '../database.ts';
import { migrateToLatest, resetDatabase } from '../migrate.ts';
import { catalogueProducts } from './catalogue.ts';
import { ensureSeedMedia } from './media.ts';
import { seedDatabase } from './seed.ts';

/**
 * `npm run seed [-- --reset]`: migrates, seeds an empty database with the demo catalogue and renders
 * its missing images. `--reset` drops every table first.
 */
const { databaseUrl, media } = loadConfig();
const reset = process.argv.includes('--reset');

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

const handle = openDatabase(databaseUrl);
const store = await openMediaStore(media.store);
try {
  if (reset) {
    await resetDatabase(handle.db);
    say('Dropped all tables.');
  }
  await migrateToLatest(handle.db);

  const seedStarted = performance.now();
  const { seeded } = await seedDatabase(handle.db);
  if (seeded) {
    say(`Seeded ${catalogueProducts.length} products in ${Math.round(performance.now() - seedStarted)} ms.`);
  } else {
    say('Database already has a catalogue; nothing to do. Use --reset to start over.');
  }

  const mediaStarted = performance.now();
  const images = await ensureSeedMedia(store, handle.db);
  const seconds = ((performance.now() - mediaStarted) / 1000).toFixed(1);
  const place = media.store.kind === 'disk' ? media.store.directory : `bucket ${media.store.bucket}`;
  say(`Rendered ${images.rendered} images (${images.upToDate} already present) into ${place} in ${seconds} s.`);
} finally {
  await store.close();
  await handle.close();
}
