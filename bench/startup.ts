// Measures how long the shop takes from process start to answering /api/health/: cold (fresh
// database: migrate, seed, render images) and warm (same data again), beside a bare node:http
// server started the same way, the floor of what any Node process costs here.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

async function timeUntilServing(args: string[], env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health/`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error('server did not start within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const bareServer = `require('node:http').createServer((q,s)=>s.end('{"status":"ok"}')).listen(process.env.PORT)`;
const dataDir = mkdtempSync(join(tmpdir(), 'threadline-bench-'));
const shopEnv = { DATA_DIR: dataDir };
try {
  const bare = await timeUntilServing(['-e', bareServer], {}, 4401);
  const cold = await timeUntilServing(['scripts/start.mjs'], shopEnv, 4402);
  const warm = await timeUntilServing(['scripts/start.mjs'], shopEnv, 4403);
  const row = (name: string, ms: number, target: string) =>
    console.log(`${name.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(7)} s   ${target}`);
  console.log('startup until /api/health/ answers (web build already fresh)');
  row('bare node:http (floor)', bare, '');
  row('shop, cold (fresh database)', cold, 'target < 30 s');
  row('shop, warm restart', warm, 'target < 3 s');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
