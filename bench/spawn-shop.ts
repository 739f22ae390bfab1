import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export interface BenchVariant {
  id: number;
  product_id: number;
  size: string | null;
  color: string | null;
}

/** Starts serve-bench-shop.ts in a child process and resolves once it listens. */
export function spawnBenchShop(
  kind: 'sqlite' | 'postgres',
  stock?: number,
): Promise<{ origin: string; pid: number | undefined; variant: BenchVariant | null; stop(): Promise<void> }> {
  // Node 20 refuses --cpu-prof in NODE_OPTIONS, so profiling flags for the server come this way.
  const nodeFlags = (process.env.BENCH_SHOP_NODE_FLAGS ?? '').split(' ').filter((flag) => flag.length > 0);
  const args = [
    ...nodeFlags,
    '--import',
    'tsx',
    join(here, 'serve-bench-shop.ts'),
    kind,
    ...(stock === undefined ? [] : ['--stock', String(stock)]),
  ];
  const child = spawn(process.execPath, args, { cwd: here, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench shop exited with ${code}`)));
    let output = '';
    const readReadyLine = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((entry) => entry.startsWith('{"port"'));
      if (!line) return;
      // What the shop logs from then on (BENCH_LOG_LEVEL) goes to this bench's stderr.
      child.stdout.off('data', readReadyLine);
      child.stdout.pipe(process.stderr);
      const ready = JSON.parse(line) as { port: number; variant: BenchVariant | null };
      resolve({
        origin: `http://127.0.0.1:${ready.port}`,
        pid: child.pid,
        variant: ready.variant,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout.on('data', readReadyLine);
  });
}

/**
 * Starts the whole shop as `npm start` does (web build included, a fresh data folder) on `port`,
 * from the working tree or from `rootDir` (a baseline checkout), and resolves once it answers;
 * `stop` ends it and removes its data.
 */
export async function startBuiltShop(
  port: number,
  name: string,
  rootDir = join(here, '..'),
): Promise<{ origin: string; dataDir: string; stop(): Promise<void> }> {
  const origin = `http://127.0.0.1:${port}`;
  // Another shop already on the port would answer in this one's place and be measured instead.
  if (
    await fetch(`${origin}/api/health/`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is already taken`);
  const dataDir = join(tmpdir(), `threadline-${name}-${Date.now()}`);
  const server = spawn(process.execPath, ['--max-old-space-size=512', 'scripts/start.mjs'], {
    cwd: rootDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      MEDIA_DIR: process.env.MEDIA_DIR ?? join(dataDir, 'media'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A stale web build is rebuilt before the shop listens, which on a busy two-core machine takes
  // minutes; a shop that exits meanwhile has failed and is not waited for.
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline && server.exitCode === null && server.signalCode === null) {
    if (
      await fetch(`${origin}/api/health/`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { origin, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exitCode = server.exitCode;
  await stop();
  throw new Error(exitCode === null ? `shop ${name} did not start` : `shop ${name} exited with ${exitCode} before it answered`);
}
