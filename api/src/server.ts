import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';

/** Process entry: config, logger, database, listen, and a graceful close on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel });
  const database = openDatabase(config.databaseUrl);
  await prepareDatabase(database, config, logger);
  const app = await buildApp({ config, database, logger });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'closing: finishing in-flight requests');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    await app.close();
    await database.close();
    logger.info('closed');
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  logger.info(
    { url: `http://localhost:${config.port}`, database: database.dialect, startupMs: Math.round(performance.now() - startedAt) },
    'Threadline is serving',
  );
}

await main();
