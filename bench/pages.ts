// Page HTML under load: the catalogue pages the server renders (home, shop, a product) beside a page
// it leaves to the browser (/contact, the app's plain index.html: the floor of serving any page), the
// shop in its own process, autocannon on loopback. p99 is taken at 1 connection (the time one shopper
// waits), req/s at 20 connections.
import { get } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startBuiltShop } from './spawn-shop.ts';

const port = 4471;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const shop = await startBuiltShop(port, 'pages');
const { origin } = shop;

/** The page's bytes on the wire, brotli-compressed as a browser asks for them, and whether it came rendered. */
function fetchPage(path: string): Promise<{ compressedBytes: number; rendered: boolean }> {
  return new Promise((resolve, reject) => {
    get(origin + path, { headers: { 'accept-encoding': 'br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const html = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(body).toString('utf8') : body.toString('utf8');
        resolve({ compressedBytes: body.length, rendered: !html.includes('<div id="root"></div>') });
      });
    }).on('error', reject);
  });
}

async function load(path: string, connections: number) {
  const result = await autocannon({ url: origin + path, connections, duration: seconds, headers: { 'accept-encoding': 'br' } });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

try {
  const listing = (await (await fetch(`${origin}/api/shop/`)).json()) as { results: { products: { id: number }[] } };
  const productId = listing.results.products[0]?.id ?? 1;
  console.log(`page HTML, brotli, ${seconds} s per run (p99 at 1 connection, req/s at 20)`);
  console.log('page                            rendered   KB br   p99 ms    req/s');
  for (const [name, path] of [
    ['/contact (plain app, floor)', '/contact'],
    ['/', '/'],
    ['/shop', '/shop'],
    ['/shop?search=runner', '/shop?search=runner'],
    [`/product/${productId}`, `/product/${productId}`],
  ] as const) {
    const { compressedBytes, rendered } = await fetchPage(path);
    const single = await load(path, 1);
    const busy = await load(path, 20);
    if (single.errors + busy.errors > 0) throw new Error(`${path} answered errors under load`);
    console.log(
      `${name.padEnd(31)} ${(rendered ? 'yes' : 'no').padStart(8)} ${(compressedBytes / 1024).toFixed(1).padStart(7)} ${String(single.p99).padStart(8)} ${Math.round(busy.requestsPerSecond).toString().padStart(8)}`,
    );
  }
} finally {
  await shop.stop();
}
