// Checkout under load, shared by the benches that measure it: shoppers with one item each in their
// cart, checked out through the real API `concurrency` at a time, for a variant with fewer units
// than shoppers (so the oversell check means something).
import type { BenchVariant } from './spawn-shop.ts';
import { newShopper } from './shop-fixture.ts';

const form = {
  first_name: 'Load',
  last_name: 'Tester',
  phone: '876 555 0000',
  address_line1: '1 Bench Street',
  city: 'Kingston',
  // A delivery in Jamaica names its parish (KINGSTON.md §3).
  parish: 'Kingston',
  country: 'Jamaica',
  shipping_method: 'delivery',
  payment_method: 'cash_on_delivery',
  currency: 'JMD',
};

export interface CheckoutShopper {
  headers: Record<string, string>;
  email: string;
}

/** `count` new shoppers, each with one unit of `variant` in the cart; `parallel` of them at a time (setup, not measured). */
export async function shoppersWithCarts(origin: string, variant: BenchVariant, count: number, parallel = 1): Promise<CheckoutShopper[]> {
  const shoppers: CheckoutShopper[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        const shopper = await newShopper(origin);
        const added = await fetch(`${origin}/api/orders/cart/`, {
          method: 'POST',
          headers: shopper.headers,
          body: JSON.stringify({ product_id: variant.product_id, quantity: 1, variant_size: variant.size, variant_color: variant.color }),
        });
        if (!added.ok) throw new Error(`add failed: ${await added.text()}`);
        shoppers.push({ headers: shopper.headers, email: `load${index}@example.com` });
      }
    }),
  );
  return shoppers;
}

/** Checks every shopper out, `concurrency` at a time, and returns the answers' statuses, latencies (ms) and the wall time (s). */
export async function checkOutAll(
  origin: string,
  shoppers: CheckoutShopper[],
  concurrency: number,
): Promise<{ statuses: Map<number, number>; latencies: number[]; seconds: number }> {
  // Open the keep-alive connections before the clock starts: under this load the server was seen
  // to take a new connection off its accept queue only every 100-200 ms, so connections opened
  // during the run measured seconds of that wait instead of checkouts.
  await Promise.all(Array.from({ length: concurrency }, async () => (await fetch(`${origin}/api/health/`)).arrayBuffer()));

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
        const response = await fetch(`${origin}/api/orders/checkout/`, {
          method: 'POST',
          headers: shopper.headers,
          body: JSON.stringify({ ...form, email: shopper.email }),
        });
        const answer = await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        // A refusal other than sold out means the bench's own request is wrong: measuring on would measure nothing.
        if (response.status !== 200 && response.status !== 409)
          throw new Error(`checkout answered ${response.status}: ${Buffer.from(answer).toString('utf8').slice(0, 300)}`);
      }
    }),
  );
  return { statuses, latencies, seconds: (performance.now() - started) / 1000 };
}

/** The units of the variant the shop says are left. */
export async function variantStock(origin: string, productId: number, variantId: number): Promise<number> {
  const detail = (await (await fetch(`${origin}/api/product/${productId}/`)).json()) as { variants: { id: number; stock: number }[] };
  return detail.variants.find((entry) => entry.id === variantId)?.stock ?? -1;
}
