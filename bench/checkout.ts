// Checkout throughput and correctness under load, on SQLite and PostgreSQL: N shoppers with one item
// each check out through the real API, 50 at a time, for a variant with fewer units than shoppers.
// Prints orders/s and latency percentiles, and checks that exactly the stock was sold.
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

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
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
    const orders = statuses.get(200) ?? 0;
    const left = await variantStock(shop.origin, variant.product_id, variant.id);
    const correct = orders === stock && left === 0;
    console.log(`\ncheckout on ${kind}: ${shoppersCount} shoppers, ${stock} in stock, ${concurrency} at a time`);
    console.log(`  answers: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`);
    console.log(`  orders/s: ${(orders / seconds).toFixed(0)} (all answers/s: ${(shoppersCount / seconds).toFixed(0)})   target ≥ 200 orders/s on SQLite`);
    console.log(`  latency ms: p50 ${percentile(latencies, 0.5).toFixed(1)}  p99 ${percentile(latencies, 0.99).toFixed(1)}`);
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
