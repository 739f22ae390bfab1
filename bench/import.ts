// Catalogue import speed: 10,000 products with 40,000 variants from one CSV file, checked (dry run)
// and imported on SQLite and, when BENCH_DATABASE_URL names a PostgreSQL server, on PostgreSQL;
// beside the time merely to parse the same file with csv-parse (the baseline) in the same run.
// Each step runs in its own process, so its peak RSS is its own.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse';
import { Client } from 'pg';
import { catalogCsvColumns } from '@threadline/contracts';
import { openDatabase } from '../api/src/db/database.ts';
import { migrateToLatest } from '../api/src/db/migrate.ts';
import { seedDatabase } from '../api/src/db/seed/seed.ts';
import { createAuditRepository } from '../api/src/modules/audit/audit.repository.ts';
import { createAuditService } from '../api/src/modules/audit/audit.service.ts';
import { createCatalogImport } from '../api/src/modules/catalog/catalog-import.ts';
import { createCatalogImportRepository } from '../api/src/modules/catalog/catalog-import.repository.ts';
import { createVariantBatches } from '../api/src/modules/inventory/variant-batches.ts';
import { createProductStockRepository } from '../api/src/modules/inventory/product-stock.repository.ts';
import { createVariantBatchesRepository } from '../api/src/modules/inventory/variant-batches.repository.ts';

const here = fileURLToPath(import.meta.url);
const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const sizes = ['S', 'M', 'L', 'XL'];
const categories = ['tshirts', 'hats', 'sneakers', 'accessories', 'shoes', 'kids'];

/** Peak resident memory of this process, sampled while `work` runs. */
async function measured(work: () => Promise<unknown>) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  return { seconds, peakMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024), result };
}

async function writeCsv(file: string) {
  const out = createWriteStream(file);
  out.write(`${catalogCsvColumns.join(',')}\n`);
  for (let n = 0; n < products; n += 1) {
    for (const size of sizes) {
      const cells = [
        `bench-product-${n}`,
        `Island Product ${n}`,
        `"Product ${n}, cut in cotton for the island heat"`,
        categories[n % categories.length],
        String(1500 + (n % 900)),
        n % 4 === 0 ? '1200' : '',
        '',
        'active',
        n % 5 === 0 ? 'yes' : 'no',
        'no',
        'Cotton|Breathable',
        'Material: Cotton|Fit: Regular',
        size,
        'Black',
        `BENCH-${n}-${size}`,
        String(n % 20),
      ];
      if (!out.write(`${cells.join(',')}\n`)) await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
}

async function step(kind: string, file: string, url: string) {
  if (kind === 'parse') {
    return measured(async () => {
      let records = 0;
      const parser = createReadStream(file).pipe(parse({ bom: true }));
      parser.on('data', () => {
        records += 1;
      });
      await once(parser, 'end');
      return records;
    });
  }
  const handle = openDatabase(url);
  const imports = createCatalogImport({
    database: handle,
    repository: createCatalogImportRepository(handle.db, handle.dialect),
    inventory: createVariantBatches(createVariantBatchesRepository(handle.db, handle.dialect), createProductStockRepository(handle.db)),
    audit: createAuditService(createAuditRepository(handle.db)),
  });
  const staff = { id: 0, email: 'bench', role: 'owner' as const };
  const outcome = await measured(() =>
    imports.importCsv({ file: createReadStream(file), fileName: 'bench.csv', dryRun: kind === 'dry-run', staff }),
  );
  await handle.close();
  return outcome;
}

if (process.argv[2] === '--step') {
  const [, , , kind = '', file = '', url = ''] = process.argv;
  const outcome = await step(kind, file, url);
  process.stdout.write(JSON.stringify(outcome));
  process.exit(0);
}

const directory = join(dirname(here), '.tmp', 'import');
rmSync(directory, { recursive: true, force: true });
mkdirSync(directory, { recursive: true });
const file = join(directory, 'catalogue.csv');
await writeCsv(file);
const rows = products * sizes.length;
console.log(`${products} products, ${rows} variant rows, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB of CSV`);

const run = (kind: string, url = '') => {
  const output = execFileSync(process.execPath, ['--import', 'tsx', here, '--step', kind, file, url], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const { seconds, peakMb, result } = JSON.parse(output) as {
    seconds: number;
    peakMb: number;
    result: { errors?: unknown[]; created?: number };
  };
  if (result.errors && result.errors.length > 0) throw new Error(`${kind} reported errors: ${JSON.stringify(result.errors.slice(0, 3))}`);
  const rate = Math.round(rows / seconds).toLocaleString('en');
  console.log(
    `  ${kind.padEnd(14)} ${seconds.toFixed(2).padStart(6)} s  ${rate.padStart(8)} rows/s  peak RSS ${peakMb} MB${result.created === undefined ? '' : `  (created ${result.created})`}`,
  );
};

async function prepared(url: string) {
  const handle = openDatabase(url);
  await migrateToLatest(handle.db);
  await seedDatabase(handle.db);
  await handle.close();
}

console.log('baseline');
run('parse');

const sqliteUrl = `sqlite:${join(directory, 'shop.db')}`;
await prepared(sqliteUrl);
console.log('SQLite');
run('dry-run', sqliteUrl);
run('import', sqliteUrl);
run('dry-run', sqliteUrl);

const server = process.env.BENCH_DATABASE_URL;
if (server?.startsWith('postgres')) {
  const name = `threadline_bench_import_${process.pid}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  await prepared(url.toString());
  console.log('PostgreSQL');
  run('dry-run', url.toString());
  run('import', url.toString());
  run('dry-run', url.toString());
  await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.end();
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://…)');
}
rmSync(directory, { recursive: true, force: true });
