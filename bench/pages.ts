// Page HTML under load: the catalogue pages the server renders (home, shop, a product) beside a page
// it leaves to the browser (/contact, the app's plain index.html: the floor of serving any page), the
// shop in its own process, autocannon on loopback. p99 at 1 connection (the time one shopper waits),
// then req/s and p99 at 50 connections beside a bare node:http server answering the same brotli bytes
// in the same run (issue 18: at least 0.5 of it, p99 under 20 ms).
import { get } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startBareServer } from './bare-server.ts';
import { startBuiltShop } from './spawn-shop.ts';

const port = 4471;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const shop = await startBuiltShop(port, 'pages');
const { origin } = shop;

/** The page's bytes on the wire, brotli-compressed as a browser asks for them, and whether it came rendered. */
function fetchPage(path: string): Promise<{ body: Buffer; rendered: boolean }> {
  return new Promise((resolve, reject) => {
    get(origin + path, { headers: { 'accept-encoding': 'br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const html = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(body).toString('utf8') : body.toString('utf8');
        resolve({ body, rendered: !html.includes('<div id="root"></div>') });
      });
    }).on('error', reject);
  });
}

async function load(url: string, connections: number) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'br' } });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

try {
  const listing = (await (await fetch(`${origin}/api/shop/`)).json()) as { results: { products: { id: number }[] } };
  const productId = listing.results.products[0]?.id ?? 1;
  const pages = [
    ['/contact (plain app, floor)', '/contact'],
    ['/', '/'],
    ['/shop', '/shop'],
    ['/shop?search=runner', '/shop?search=runner'],
    [`/product/${productId}`, `/product/${productId}`],
  ] as const;
  const answers = new Map<string, Buffer>();
  const rendered = new Map<string, boolean>();
  for (const [, path] of pages) {
    const page = await fetchPage(path);
    answers.set(path, page.body);
    rendered.set(path, page.rendered);
  }
  const bare = await startBareServer(answers, 'text/html; charset=utf-8', { 'content-encoding': 'br' });
  console.log(
    `page HTML, brotli, ${seconds} s per run; p99 at 1 connection, then req/s and p99 at 50 beside a bare server sending the same bytes`,
  );
  console.log('page                            rendered   KB br  p99@1 ms    req/s  p99 ms  bare req/s  × bare  target');
  try {
    for (const [name, path] of pages) {
      const single = await load(origin + path, 1);
      const busy = await load(origin + path, 50);
      const ceiling = await load(bare.url + path, 50);
      if (single.errors + busy.errors > 0) throw new Error(`${path} answered errors under load`);
      const ratio = busy.requestsPerSecond / ceiling.requestsPerSecond;
      const met = ratio >= 0.5 && busy.p99 < 20 ? 'met' : 'missed';
      console.log(
        `${name.padEnd(31)} ${(rendered.get(path) ? 'yes' : 'no').padStart(8)} ${((answers.get(path)?.length ?? 0) / 1024).toFixed(1).padStart(7)} ${String(single.p99).padStart(9)} ${Math.round(busy.requestsPerSecond).toString().padStart(8)} ${String(busy.p99).padStart(7)} ${Math.round(ceiling.requestsPerSecond).toString().padStart(11)} ${ratio.toFixed(2).padStart(7)}  ${met}`,
      );
    }
  } finally {
    bare.close();
  }
} finally {
  await shop.stop();
}
