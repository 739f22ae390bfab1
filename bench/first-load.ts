// The JavaScript a shopper's first page downloads, on this build and on the storefront at
// BASELINE_REF (built in the same run from git): at most 135 KB gzip on home, shop and product
// (issue 29, React 19), and no storefront page may load a back-office chunk (issue 16).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildShopWebApp, buildWebClient, checkOutBaseline, describeCommit, root } from './baseline-checkout.ts';

/** The last commit on Preact, before issue 29. */
const baselineRef = process.env.BASELINE_REF ?? '61ea715';
const targetKb = 135;
const pages = {
  home: 'src/features/catalog/pages/home-page.tsx',
  shop: 'src/features/catalog/pages/shop-page.tsx',
  product: 'src/features/product/pages/product-page.tsx',
} as const;

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
}

/** The files a page loads at once: the entry, the page's chunk and everything they import statically. */
function firstLoad(webDir: string) {
  const dist = join(webDir, 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return [...seen];
  };
  const gzipKb = (keys: string[]) =>
    keys.reduce((total, key) => total + gzipSync(readFileSync(join(dist, manifest[key]?.file ?? ''))).length, 0) / 1024;
  return Object.fromEntries(
    Object.entries(pages).map(([page, source]) => {
      const keys = closure(['index.html', source]);
      const backOffice = keys.filter((key) => (manifest[key]?.src ?? key).includes('features/admin'));
      return [page, { kb: gzipKb(keys), backOffice }];
    }),
  ) as Record<keyof typeof pages, { kb: number; backOffice: string[] }>;
}

const baseline = checkOutBaseline(describeCommit(baselineRef).commit, 'first-load');
try {
  buildWebClient(join(baseline.dir, 'web'));
  // This tree is built as `npm start` builds it: a browser-only build would empty web/dist of the
  // server render that the shop and the browser tests serve.
  buildShopWebApp(root);
  const before = firstLoad(join(baseline.dir, 'web'));
  const now = firstLoad(join(root, 'web'));
  console.log(
    `First-load JavaScript, gzip (baseline: the storefront at ${baselineRef}, built in this run; target: at most ${targetKb} KB)`,
  );
  console.log('page      baseline KB   this build KB   difference');
  let failed = false;
  for (const page of Object.keys(pages) as (keyof typeof pages)[]) {
    const difference = now[page].kb - before[page].kb;
    failed ||= now[page].kb > targetKb || now[page].backOffice.length > 0;
    console.log(
      `${page.padEnd(9)} ${before[page].kb.toFixed(1).padStart(11)}   ${now[page].kb.toFixed(1).padStart(13)}   ${difference >= 0 ? '+' : ''}${difference.toFixed(2)} KB`,
    );
    if (now[page].backOffice.length > 0) console.log(`  loads back-office chunks: ${now[page].backOffice.join(', ')}`);
  }
  if (failed) process.exitCode = 1;
} finally {
  baseline.remove();
}
