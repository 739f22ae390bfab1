import type { FastifyInstance } from 'fastify';

/**
 * Runs a module's job every `everyMs` while the server runs, on every server process (each job is
 * safe to run on several at once); a failure is logged and the next run tries again.
 */
export function runEvery(app: FastifyInstance, everyMs: number, failure: string, job: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => job().catch((error: unknown) => app.log.error({ err: error }, failure)), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
