import type { DatabaseDialect, Db, DbExecutor } from '../../db/database.ts';

const settingsRow = 1;

/** The settings row as stored: JSON text the service checks against the contracts' schema. */
export function createSettingsRepository(db: Db, dialect: DatabaseDialect) {
  return {
    async read(executor: DbExecutor = db): Promise<string> {
      const row = await executor.selectFrom('shop_settings').select('settings').where('id', '=', settingsRow).executeTakeFirst();
      return row?.settings ?? '{}';
    },

    /**
     * The row, held until the transaction ends, so changes run one after another and each one's
     * "before" is what the one before it saved. SQLite's write transactions already run one at a time.
     */
    async readForChange(executor: DbExecutor): Promise<string> {
      if (dialect !== 'postgres') return this.read(executor);
      const row = await executor
        .selectFrom('shop_settings')
        .select('settings')
        .where('id', '=', settingsRow)
        .forUpdate()
        .executeTakeFirst();
      return row?.settings ?? '{}';
    },

    /**
     * The row, kept from changing until the transaction ends (PostgreSQL: a share lock, which
     * readers take together and `readForChange` waits for); SQLite's write transactions run one at a time.
     */
    async readShared(executor: DbExecutor): Promise<string> {
      if (dialect !== 'postgres') return this.read(executor);
      const row = await executor.selectFrom('shop_settings').select('settings').where('id', '=', settingsRow).forShare().executeTakeFirst();
      return row?.settings ?? '{}';
    },

    async save(settings: string, executor: DbExecutor): Promise<void> {
      await executor
        .updateTable('shop_settings')
        .set({ settings, updated_at: new Date().toISOString() })
        .where('id', '=', settingsRow)
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
