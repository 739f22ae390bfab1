// Page HTML under load: the catalogue pages the server renders (home, shop, a product) beside a page
// it leaves to the browser (/contact, the app's plain index.html: the floor of serving any page), the
// shop in its own process, autocannon on loopback. p99 at 1 connection (the time one shopper waits),
// then req/s and p99 at 50 connections beside a bare node:http server answering the same brotli bytes
// in the same run (issue 18: at least 0.5 of it, p99 under 20 ms). With BASELINE_REF (a git ref),
// the shop at that ref is built and measured the same way in the same run, and each rendered page's
// req/s at 50 connections is printed beside it (issue 29: at least 0.8x the Preact build, 61ea715).
import { get } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import { checkOutBaseline, describeCommit, type BaselineCheckout } from './baseline-checkout.ts';
import { startBareServer } from './bare-server.ts';
import { startBuiltShop } from './spawn-shop.ts';

const port = 4471;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const baselineRef = process.env.BASELINE_REF && process.env.BASELINE_REF !== 'none' ? process.env.BASELINE_REF : null;

async function load(url: string, connections: number) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'br' } });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

interface PageFigures {
  name: string;
  requestsPerSecond: number;
  p99: number;
}

/** Measures the shop at `rootDir` (the working tree unless given) and prints its table. */
async function measureShop(label: string, rootDir?: string): Promise<PageFigures[]> {
  const shop = await startBuiltShop(port, 'pages', rootDir);
  const { origin } = shop;
  const figures: PageFigures[] = [];

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
    console.log(`\n${label}`);
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
        figures.push({ name, requestsPerSecond: busy.requestsPerSecond, p99: busy.p99 });
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
  return figures;
}

const now = await measureShop('this working tree');
if (baselineRef) {
  const { commit, label } = describeCommit(baselineRef);
  let baseline: BaselineCheckout | null = null;
  try {
    baseline = checkOutBaseline(commit, 'pages');
    const before = await measureShop(`baseline ${label}`, baseline.dir);
    console.log(`\nreq/s at 50 connections, this tree beside ${baselineRef} (target: at least 0.8x on the rendered pages)`);
    console.log('page                            baseline   this tree   ratio   p99 ms (baseline → this tree)');
    for (const page of now) {
      const old = before.find((entry) => entry.name === page.name);
      if (!old) continue;
      console.log(
        `${page.name.padEnd(31)} ${Math.round(old.requestsPerSecond).toString().padStart(8)} ${Math.round(page.requestsPerSecond).toString().padStart(11)} ${(page.requestsPerSecond / old.requestsPerSecond).toFixed(2).padStart(7)}   ${old.p99} → ${page.p99}`,
      );
    }
  } finally {
    baseline?.remove();
  }
}
