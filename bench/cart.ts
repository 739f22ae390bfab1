// Cart speed with 1,000 distinct guest sessions on SQLite: GET /api/orders/cart/ and adding to the
// cart under autocannon, the shop in its own process, beside a bare node:http server (also its own
// process) answering the same cart bytes: the ceiling, measured in the same run.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { newShopper } from './shop-fixture.ts';
import { spawnBenchShop } from './spawn-shop.ts';

const sessions = Number(process.env.BENCH_SESSIONS ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

const shop = await spawnBenchShop('sqlite', 10_000_000);
try {
  const { variant } = shop;
  if (!variant) throw new Error('no variant');
  const add = { product_id: variant.product_id, quantity: 1, variant_size: variant.size, variant_color: variant.color };
  const shoppers: Awaited<ReturnType<typeof newShopper>>[] = [];
  for (let index = 0; index < sessions; index += 1) {
    const shopper = await newShopper(shop.origin);
    await fetch(`${shop.origin}/api/orders/cart/`, { method: 'POST', headers: shopper.headers, body: JSON.stringify(add) });
    shoppers.push(shopper);
  }
  const sample = await (await fetch(`${shop.origin}/api/orders/cart/`, { headers: shoppers[0]?.headers })).text();

  const rotate = (method: 'GET' | 'POST') => {
    let next = 0;
    return [
      {
        method,
        setupRequest: (request: autocannon.Request) => {
          next = (next + 1) % shoppers.length;
          const shopper = shoppers[next];
          return {
            ...request,
            method,
            path: '/api/orders/cart/',
            headers: shopper?.headers ?? {},
            ...(method === 'POST' ? { body: JSON.stringify(add) } : {}),
          };
        },
      },
    ];
  };
  const run = async (url: string, method: 'GET' | 'POST') => {
    const result = await autocannon({ url, connections: 50, duration: seconds, requests: rotate(method) });
    return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
  };

  const bare = spawn(
    process.execPath,
    [
      '-e',
      `const b=${JSON.stringify(sample)};require('node:http').createServer((q,s)=>{q.resume();q.on('end',()=>{s.writeHead(200,{'content-type':'application/json'});s.end(b)})}).listen(4481,'127.0.0.1',()=>console.log('up'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => bare.stdout.once('data', resolve));
  const ceiling = await run('http://127.0.0.1:4481', 'GET');
  bare.kill();
  const read = await run(shop.origin, 'GET');
  const write = await run(shop.origin, 'POST');

  console.log(`\ncart with ${sessions} sessions (SQLite, 50 connections, ${seconds} s per run)`);
  console.log('                         req/s      p99 ms   errors');
  const row = (name: string, figures: { rps: number; p99: number; errors: number }) =>
    console.log(
      `${name.padEnd(24)} ${Math.round(figures.rps).toString().padStart(6)}   ${String(figures.p99).padStart(8)}   ${figures.errors}`,
    );
  row('bare node:http ceiling', ceiling);
  row('GET /api/orders/cart/', read);
  row('POST /api/orders/cart/', write);
  console.log(
    `GET cart: ${Math.round(read.rps)} req/s, ${((read.rps / ceiling.rps) * 100).toFixed(0)}% of the ceiling; target ≥ 2000 req/s: ${read.rps >= 2000 ? 'met' : 'MISSED'}`,
  );
} finally {
  await shop.stop();
}
