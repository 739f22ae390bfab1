import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcesses, type ServerProcesses } from './server-processes.ts';

const deployConfig = resolve(dirname(fileURLToPath(import.meta.url)), '../../deploy/haproxy.cfg');
const hasHaproxy = spawnSync('haproxy', ['-v']).status === 0;
const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ?? false;
if (!hasHaproxy) console.warn('load-balancer.test.ts skipped: haproxy is not installed (apt-get install haproxy; CI installs it)');

let processes: ServerProcesses;
let haproxy: ChildProcess | undefined;
let directory = '';
let shopUrl = '';
let statsUrl = '';
let haproxyOutput = '';

/** HAProxy's view of each shop process: its state (UP, DOWN, …) and the requests sent to it. */
async function backendServers(): Promise<Record<string, { status: string; requests: number }>> {
  const csv = await (await fetch(`${statsUrl}/stats;csv`)).text();
  const [header = '', ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  const servers: Record<string, { status: string; requests: number }> = {};
  for (const row of rows.map((line) => line.split(','))) {
    if (row[at('pxname')] !== 'shop' || !row[at('svname')]?.startsWith('shop')) continue;
    servers[row[at('svname')] ?? ''] = { status: row[at('status')] ?? '', requests: Number(row[at('stot')]) };
  }
  return servers;
}

// Two processes on PostgreSQL, as deployed; SQLite serves one process and needs no load balancer.
describe.skipIf(!hasHaproxy || !onPostgres)('HAProxy with deploy/haproxy.cfg in front of two shop processes', () => {
  beforeAll(async () => {
    // Drain longer than HAProxy takes to see a failing readiness (two checks 300 ms apart).
    processes = await startServerProcesses(2, { TRUST_PROXY: 'loopback', SHUTDOWN_DRAIN_SECONDS: '2' });
    directory = mkdtempSync(join(tmpdir(), 'threadline-haproxy-'));
    const [shopPort, statsPort] = [await freePort(), await freePort()];
    shopUrl = `http://127.0.0.1:${shopPort}`;
    statsUrl = `http://127.0.0.1:${statsPort}`;
    // The deploy file as run-local.sh uses it: one server line per process appended to its backend,
    // here with checks faster than production's; then a stats page to read HAProxy's view from.
    const servers = processes.urls.map((url, index) => `  server shop${index + 1} ${new URL(url).host} inter 300ms fall 2 rise 1`);
    const config = [
      readFileSync(deployConfig, 'utf8'),
      ...servers,
      '',
      'listen stats',
      `  bind 127.0.0.1:${statsPort}`,
      '  stats enable',
      '  stats uri /stats',
      '',
    ].join('\n');
    writeFileSync(join(directory, 'haproxy.cfg'), config);
    haproxy = spawn('haproxy', ['-db', '-f', join(directory, 'haproxy.cfg')], {
      env: { ...process.env, SHOP_BIND: `127.0.0.1:${shopPort}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    haproxy.stdout?.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
    const deadline = Date.now() + 20_000;
    const bothUp = async () =>
      Object.values(await backendServers().catch(() => ({}))).filter((server) => server.status === 'UP').length === 2;
    while (!(await bothUp())) {
      if (Date.now() > deadline || haproxy.exitCode !== null)
        throw new Error(`HAProxy did not see both processes ready:\n${haproxyOutput}`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }, 120_000);

  afterAll(async () => {
    if (haproxy && haproxy.exitCode === null) {
      const exited = new Promise((done) => haproxy?.once('exit', done));
      haproxy.kill('SIGTERM');
      await exited;
    }
    await processes?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it('sends requests to both processes, with a request id and without the metrics', async () => {
    const before = await backendServers();
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${shopUrl}/api/shop/?page_size=1`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    // HAProxy's own id (hex), which its log line and the shop's carry alike.
    expect(answers[0]?.headers.get('x-request-id')).toMatch(/^[0-9A-F]{20,64}$/);
    const after = await backendServers();
    for (const name of ['shop1', 'shop2']) expect(after[name]?.requests ?? 0, haproxyOutput).toBeGreaterThan(before[name]?.requests ?? 0);

    const sent = await fetch(`${shopUrl}/api/nowhere/`, { headers: { 'x-request-id': 'from-the-cdn-42' } });
    expect(await sent.json()).toMatchObject({ request_id: 'from-the-cdn-42' });
    for (const spelling of [`/metrics`, `/%6Detrics`, `/%6detrics/`, `/METRICS`])
      expect((await fetch(`${shopUrl}${spelling}`)).status, spelling).toBe(404);
  });

  it('takes a stopping process out before it stops serving: no request fails, and the rest go to the other', async () => {
    const statuses: number[] = [];
    const stopSending = new AbortController();
    const traffic = (async () => {
      while (!stopSending.signal.aborted) {
        statuses.push((await fetch(`${shopUrl}/api/health/`).catch(() => ({ status: 0 }))).status);
        await new Promise((wait) => setTimeout(wait, 20));
      }
    })();

    await processes.stop(0, 'SIGTERM');
    const down = await backendServers();
    expect(down.shop1?.status).toMatch(/^DOWN/);
    expect(down.shop2?.status).toBe('UP');
    stopSending.abort();
    await traffic;

    const answers = await Promise.all(Array.from({ length: 10 }, () => fetch(`${shopUrl}/api/health/`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const after = await backendServers();
    expect(after.shop1?.requests).toBe(down.shop1?.requests);
    expect(after.shop2?.requests).toBeGreaterThanOrEqual((down.shop2?.requests ?? 0) + 10);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 30_000);
});
