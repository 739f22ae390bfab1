// Checkout throughput and correctness under load, on SQLite and PostgreSQL: N shoppers with one item
// each check out through the real API, 50 at a time, for a variant with fewer units than shoppers.
// Prints orders/s and latency percentiles, and checks that exactly the stock was sold and that a real
// SMTP server (run here, as a hosted shop's mail relay) took every order's confirmation. The baseline
// of the same run: a bare node:http server answering every checkout with a placed order's bytes,
// through the same client at the same concurrency (the ceiling of this load generator and machine).
import { availableParallelism } from 'node:os';
import { startSmtpSink } from '../api/test/smtp-sink.ts';
import { startBareServer } from './bare-server.ts';
import { checkOutAll, shoppersWithCarts, variantStock } from './checkout-load.ts';
import { backendsCpuSpentMs, benchDatabaseBackendsCpuMs, processCpuMs } from './proc-stats.ts';
import { percentile } from './shop-fixture.ts';
import { spawnBenchShop } from './spawn-shop.ts';

const shoppersCount = Number(process.env.BENCH_SHOPPERS ?? 1500);
const stock = Math.floor(shoppersCount * 0.8);
const concurrency = 50;
/** How long the bench waits for one more order's confirmation before it counts the rest as lost. */
const confirmationStallMs = Number(process.env.BENCH_MAIL_STALL_MS ?? 30_000);
const kinds = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];

for (const kind of kinds) {
  const mailServer = await startSmtpSink();
  // The shop process is spawned with this environment.
  process.env.BENCH_SMTP_URL = mailServer.url;
  const shop = await spawnBenchShop(kind, stock);
  try {
    const { variant } = shop;
    if (!variant) throw new Error('the bench shop gave no variant');

    const shoppers = await shoppersWithCarts(shop.origin, variant, shoppersCount);
    const cpuBefore = processCpuMs(shop.pid);
    const databaseBefore = kind === 'postgres' ? await benchDatabaseBackendsCpuMs() : null;
    const loadBefore = process.cpuUsage();
    const { statuses, latencies, seconds } = await checkOutAll(shop.origin, shoppers, concurrency);
    const load = process.cpuUsage(loadBefore);
    const answeredAt = performance.now();
    const cpuAfter = processCpuMs(shop.pid);
    const databaseAfter = databaseBefore ? await benchDatabaseBackendsCpuMs() : null;
    const orders = statuses.get(200) ?? 0;
    // The shop's own alerts (a variant sold out) go to the shop, not to a shopper.
    const shopperEmails = new Set(shoppers.map((shopper) => shopper.email));
    // Waited for before the settled CPU is read, so that CPU holds the work of sending them.
    const confirmations = await confirmationsArrived(mailServer.received, shopperEmails, orders, answeredAt);
    const cpuSettled = await settledServerCpuMs(shop.pid);
    const left = await variantStock(shop.origin, variant.product_id, variant.id);
    const correct = orders === stock && left === 0;
    console.log(`\ncheckout on ${kind}: ${shoppersCount} shoppers, ${stock} in stock, ${concurrency} at a time`);
    console.log(`  answers: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`);
    console.log(
      `  orders/s: ${(orders / seconds).toFixed(0)} (all answers/s: ${(shoppersCount / seconds).toFixed(0)})   target ≥ 500 orders/s on PostgreSQL, ≥ 300 on SQLite`,
    );
    console.log(`  latency ms: p50 ${percentile(latencies, 0.5).toFixed(1)}  p99 ${percentile(latencies, 0.99).toFixed(1)}`);
    if (cpuBefore !== null && cpuAfter !== null && cpuSettled !== null) {
      const perAnswer = (cpu: number) => ((cpu - cpuBefore) / shoppersCount).toFixed(2);
      console.log(
        `  server CPU ms per answer: ${perAnswer(cpuAfter)} while answering, ${perAnswer(cpuSettled)} with the work that trails the answers (e-mails)`,
      );
    }
    const mailed = confirmations.arrived;
    console.log(
      `  e-mail: ${mailed} of ${orders} orders' confirmations taken by the SMTP server ${(confirmations.waitedMs / 1000).toFixed(1)} s after the last answer` +
        `${mailed === orders ? '' : ` (none more for ${confirmationStallMs / 1000} s: gave up)`}, over ${mailServer.connections()} connections (${mailServer.received.length} e-mails in all)`,
    );
    if (mailed !== orders) process.exitCode = 1;
    const databasePerAnswer =
      databaseBefore && databaseAfter && databaseAfter.size > 0 ? backendsCpuSpentMs(databaseBefore, databaseAfter) / shoppersCount : 0;
    if (databaseAfter && databaseAfter.size > 0)
      console.log(`  PostgreSQL CPU ms per answer: ${databasePerAnswer.toFixed(2)} (its ${databaseAfter.size} backends for the shop)`);
    if (cpuBefore !== null && cpuAfter !== null) {
      // The shop, its database and this load generator share the machine's cores: their CPU per
      // answer bounds the answers a second this machine can give, whatever the code's latency.
      const shopPerAnswer = (cpuAfter - cpuBefore) / shoppersCount;
      const loadPerAnswer = (load.user + load.system) / 1000 / shoppersCount;
      const cores = availableParallelism();
      const answersCeiling = (cores * 1000) / (shopPerAnswer + databasePerAnswer + loadPerAnswer);
      console.log(
        `  CPU budget: shop ${shopPerAnswer.toFixed(2)} + database ${databasePerAnswer.toFixed(2)} + load generator and mail server ${loadPerAnswer.toFixed(2)} ms per answer; ` +
          `${cores} cores allow at most ${answersCeiling.toFixed(0)} answers/s (${((answersCeiling * orders) / shoppersCount).toFixed(0)} orders/s at this run's mix); the run gave ${(shoppersCount / seconds).toFixed(0)}`,
      );
    }
    console.log(`  oversell check: ${correct ? 'OK' : 'FAILED'} (orders ${orders} for ${stock} in stock, stock left ${left})`);
    if (!correct) process.exitCode = 1;
    const ceiling = await bareCheckoutsPerSecond(shoppers, concurrency);
    console.log(
      `  baseline: a bare node:http server answers ${ceiling.toFixed(0)} checkouts/s; the shop's orders/s are ${(orders / seconds / ceiling).toFixed(2)}× that`,
    );
  } finally {
    await shop.stop();
    await mailServer.close();
  }
}

async function bareCheckoutsPerSecond(shoppers: Parameters<typeof checkOutAll>[1], atOnce: number): Promise<number> {
  const placed = Buffer.from(JSON.stringify({ success: true, redirect: 'confirmation', order_id: 1 }));
  const bare = await startBareServer(
    new Map([
      ['/api/orders/checkout/', placed],
      ['/api/health/', Buffer.from('{"status":"ok"}')],
    ]),
    'application/json; charset=utf-8',
  );
  try {
    const { seconds } = await checkOutAll(bare.url, shoppers, atOnce);
    return shoppers.length / seconds;
  } finally {
    bare.close();
  }
}

/** The server's CPU once it has gone quiet (at most 60 s): what the run cost, including work queued after the answers. */
/**
 * Waits until every order's confirmation has reached the SMTP server. The shop sends them after
 * answering, so on a busy machine they trail the answers by as long as the machine is behind: the
 * wait goes on while they keep arriving and gives up only when none more has come for
 * `confirmationStallMs` (a lost e-mail, not a slow one). Returns how many arrived and how long after
 * the last answer the last of them did.
 */
async function confirmationsArrived(
  received: { to: string[] }[],
  shopperEmails: Set<string>,
  expected: number,
  answeredAt: number,
): Promise<{ arrived: number; waitedMs: number }> {
  const count = () => new Set(received.flatMap((mail) => mail.to).filter((to) => shopperEmails.has(to))).size;
  let arrived = count();
  let lastArrivalAt = performance.now();
  while (arrived < expected && performance.now() - lastArrivalAt < confirmationStallMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = count();
    if (now > arrived) lastArrivalAt = performance.now();
    arrived = now;
  }
  return { arrived, waitedMs: (arrived >= expected ? performance.now() : lastArrivalAt) - answeredAt };
}

async function settledServerCpuMs(pid: number | undefined): Promise<number | null> {
  let last = processCpuMs(pid);
  for (let waited = 0; last !== null && waited < 60_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = processCpuMs(pid);
    if (now === null || now - last <= 20) return now;
    last = now;
  }
  return last;
}
