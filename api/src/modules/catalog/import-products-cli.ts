import { createReadStream } from 'node:fs';
import { basename, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { ShopError } from '../../errors.ts';
import { announceChange } from '../../plugins/shop-changes.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createVariantBatches } from '../inventory/variant-batches.ts';
import { createProductStockRepository } from '../inventory/product-stock.repository.ts';
import { createVariantBatchesRepository } from '../inventory/variant-batches.repository.ts';
import { createCatalogImport } from './catalog-import.ts';
import { createCatalogImportRepository } from './catalog-import.repository.ts';

/** `npm run import:products -- file.csv [--dry-run]` (docs/back-office.md "Catalogue import and export"). */
// npm runs scripts in the repository's root; the file is named from where the command was typed.
const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'dry-run': { type: 'boolean', default: false } } });
const path = positionals[0];
if (positionals.length !== 1 || path === undefined) {
  process.stderr.write('Usage: npm run import:products -- file.csv [--dry-run]\n');
  process.exit(2);
}

const handle = openDatabase(loadConfig().databaseUrl);
try {
  await migrateToLatest(handle.db);
  const imports = createCatalogImport({
    database: handle,
    repository: createCatalogImportRepository(handle.db, handle.dialect),
    inventory: createVariantBatches(createVariantBatchesRepository(handle.db, handle.dialect), createProductStockRepository(handle.db)),
    audit: createAuditService(createAuditRepository(handle.db)),
    // The running servers on PostgreSQL drop their catalogue answers at once; on SQLite they hold them until they expire.
    catalogChanged: () => announceChange(handle, 'catalog'),
  });
  // The audit log names staff accounts; an import from the server's shell has none, so it names the
  // shell's user instead (staff id 0 is no account).
  const staff = { id: 0, email: `command line (${userInfo().username})`, role: 'owner' as const };
  const report = await imports.importCsv({
    file: createReadStream(resolve(process.env.INIT_CWD ?? process.cwd(), path)),
    fileName: basename(path),
    dryRun: values['dry-run'],
    staff,
  });
  for (const error of report.errors) process.stderr.write(`row ${error.row}${error.field ? `, ${error.field}` : ''}: ${error.message}\n`);
  const verb = report.dry_run || report.errors.length > 0 ? 'would be' : 'were';
  process.stdout.write(
    report.errors.length > 0
      ? `Nothing was imported: ${report.errors.length} error${report.errors.length === 1 ? '' : 's'} in ${report.rows} rows.\n`
      : `${report.rows} rows: ${report.created} products ${verb} created, ${report.updated} updated, ${report.unchanged} unchanged.\n`,
  );
  if (report.errors.length > 0) process.exitCode = 1;
} catch (error) {
  process.stderr.write(`${error instanceof ShopError || error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
