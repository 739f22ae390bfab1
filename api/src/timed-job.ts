import type { FastifyInstance } from 'fastify';

/**
 * Runs a module's job every `everyMs` while the server runs, on every server process (each job is
 * safe to run on several at once); a failure is logged and the next run tries again. With
 * `alsoAtStart` it also runs once as the server is ready, without holding up the start.
 */
export function runEvery(
  app: FastifyInstance,
  everyMs: number,
  failure: string,
  job: () => Promise<unknown>,
  { alsoAtStart = false }: { alsoAtStart?: boolean } = {},
) {
  let timer: NodeJS.Timeout | undefined;
  const run = () => void job().catch((error: unknown) => app.log.error({ err: error }, failure));
  app.addHook('onReady', async () => {
    if (alsoAtStart) run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
