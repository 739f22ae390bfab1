// Checkout throughput and correctness under load, on SQLite and PostgreSQL: N shoppers with one item
// each check out through the real API, 50 at a time, for a variant with fewer units than shoppers.
// Prints orders/s and latency percentiles, and checks that exactly the stock was sold.
import { readFileSync } from 'node:fs';
import { newShopper, percentile } from './shop-fixture.ts';
import { spawnBenchShop } from './spawn-shop.ts';

const shoppersCount = Number(process.env.BENCH_SHOPPERS ?? 1500);
const stock = Math.floor(shoppersCount * 0.8);
const concurrency = 50;
const kinds = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];

const form = {
  first_name: 'Load',
  last_name: 'Tester',
  phone: '876 555 0000',
  address_line1: '1 Bench Street',
  city: 'Kingston',
  country: 'Jamaica',
  shipping_method: 'delivery',
  payment_method: 'cash_on_delivery',
  currency: 'JMD',
};

for (const kind of kinds) {
  const shop = await spawnBenchShop(kind, stock);
  try {
    const { variant } = shop;
    if (!variant) throw new Error('the bench shop gave no variant');

    const shoppers: { headers: Record<string, string>; email: string }[] = [];
    for (let index = 0; index < shoppersCount; index += 1) {
      const shopper = await newShopper(shop.origin);
      const added = await fetch(`${shop.origin}/api/orders/cart/`, {
        method: 'POST',
        headers: shopper.headers,
        body: JSON.stringify({ product_id: variant.product_id, quantity: 1, variant_size: variant.size, variant_color: variant.color }),
      });
      if (!added.ok) throw new Error(`add failed: ${await added.text()}`);
      shoppers.push({ ...shopper, email: `load${index}@example.com` });
    }

    // Open the 50 keep-alive connections before the clock starts: under this load the server was seen
    // to take a new connection off its accept queue only every 100-200 ms, so connections opened
    // during the run measured seconds of that wait instead of checkouts.
    await Promise.all(Array.from({ length: concurrency }, async () => (await fetch(`${shop.origin}/api/health/`)).arrayBuffer()));

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const cpuBefore = serverCpuMs(shop.pid);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < shoppers.length) {
          const shopper = shoppers[next];
          next += 1;
          if (!shopper) break;
          const sent = performance.now();
          const response = await fetch(`${shop.origin}/api/orders/checkout/`, {
            method: 'POST',
            headers: shopper.headers,
            body: JSON.stringify({ ...form, email: shopper.email }),
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - sent);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = serverCpuMs(shop.pid);
    const cpuSettled = await settledServerCpuMs(shop.pid);
    const orders = statuses.get(200) ?? 0;
    const left = await variantStock(shop.origin, variant.product_id, variant.id);
    const correct = orders === stock && left === 0;
    console.log(`\ncheckout on ${kind}: ${shoppersCount} shoppers, ${stock} in stock, ${concurrency} at a time`);
    console.log(`  answers: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`);
    console.log(`  orders/s: ${(orders / seconds).toFixed(0)} (all answers/s: ${(shoppersCount / seconds).toFixed(0)})   target ≥ 200 orders/s on SQLite`);
    console.log(`  latency ms: p50 ${percentile(latencies, 0.5).toFixed(1)}  p99 ${percentile(latencies, 0.99).toFixed(1)}`);
    if (cpuBefore !== null && cpuAfter !== null && cpuSettled !== null) {
      const perAnswer = (cpu: number) => ((cpu - cpuBefore) / shoppersCount).toFixed(2);
      console.log(`  server CPU ms per answer: ${perAnswer(cpuAfter)} while answering, ${perAnswer(cpuSettled)} with the work that trails the answers (e-mails)`);
    }
    console.log(`  oversell check: ${correct ? 'OK' : 'FAILED'} (orders ${orders} for ${stock} in stock, stock left ${left})`);
    if (!correct) process.exitCode = 1;
  } finally {
    await shop.stop();
  }
}

async function variantStock(origin: string, productId: number, variantId: number): Promise<number> {
  const detail = (await (await fetch(`${origin}/api/product/${productId}/`)).json()) as { variants: { id: number; stock: number }[] };
  return detail.variants.find((entry) => entry.id === variantId)?.stock ?? -1;
}

/** User + system CPU the server process has used, from /proc (Linux); null elsewhere. */
function serverCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th, in ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The server's CPU once it has gone quiet (at most 60 s): what the run cost, including work queued after the answers. */
async function settledServerCpuMs(pid: number | undefined): Promise<number | null> {
  let last = serverCpuMs(pid);
  for (let waited = 0; last !== null && waited < 60_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = serverCpuMs(pid);
    if (now === null || now - last <= 20) return now;
    last = now;
  }
  return last;
}
