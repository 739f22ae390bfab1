import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';

/** Process entry: config, logger, database, listen, and a graceful close (drained on SIGTERM). */
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
  const database = openDatabase(config.databaseUrl, { namedStatements: config.databaseNamedStatements });
  await prepareDatabase(database, config, logger);
  const app = await buildApp({ config, database, logger });

  let closing = false;
  const close = async (signal: string, drainMs: number) => {
    if (closing) return;
    closing = true;
    const forceExit = setTimeout(() => process.exit(1), drainMs + 10_000);
    forceExit.unref();
    if (drainMs > 0) {
      // Readiness fails first while requests are still served: the load balancer's health checks
      // see it and send the next requests elsewhere before this process stops taking them.
      app.readiness.drain();
      logger.info({ signal, drainMs }, 'draining: readiness fails, requests are still served');
      await new Promise((drained) => setTimeout(drained, drainMs));
    }
    logger.info({ signal }, 'closing: finishing in-flight requests');
    await app.close();
    await database.close();
    logger.info('closed');
    process.exit(0);
  };
  // SIGTERM is how a supervisor or orchestrator stops a process behind the load balancer; Ctrl-C
  // (SIGINT) is a person at a terminal, who has nothing to drain.
  process.on('SIGINT', () => void close('SIGINT', 0));
  process.on('SIGTERM', () => void close('SIGTERM', config.shutdownDrainMs));

  await app.listen({ port: config.port, host: config.host });
  logger.info(
    { url: `http://localhost:${config.port}`, database: database.dialect, startupMs: Math.round(performance.now() - startedAt) },
    'Threadline is serving',
  );
}

await main();
