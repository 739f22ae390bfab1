import { spawn } from 'node:child_process';
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
  const args = [...nodeFlags, '--import', 'tsx', join(here, 'serve-bench-shop.ts'), kind, ...(stock === undefined ? [] : ['--stock', String(stock)])];
  const child = spawn(process.execPath, args, { cwd: here, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench shop exited with ${code}`)));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((entry) => entry.startsWith('{'));
      if (!line) return;
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
    });
  });
}
