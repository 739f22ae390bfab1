import { defaultStoreSettings, storeSettingsSchema, type StoreContact, type StoreSettings, type StoreTax } from '@threadline/contracts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { SettingsRepository } from './settings.repository.ts';

export interface SettingsDependencies {
  database: DatabaseHandle;
  repository: SettingsRepository;
  audit: AuditService;
  /** Tells every process's caches (this one's included) that the settings changed; called after the commit. */
  publish(): Promise<void>;
}

/**
 * What is stored, laid over the defaults: a field a later version adds (also one of the store's
 * details) has its default until the owner saves, and a row that no longer passes the schema falls
 * back to the defaults instead of breaking checkout.
 */
function settingsFrom(stored: string): StoreSettings {
  let saved: Partial<StoreSettings> = {};
  try {
    saved = JSON.parse(stored) as Partial<StoreSettings>;
  } catch {
    saved = {};
  }
  const parsed = storeSettingsSchema.safeParse({
    ...defaultStoreSettings,
    ...saved,
    tax: { ...defaultStoreSettings.tax, ...saved.tax },
    store: { ...defaultStoreSettings.store, ...saved.store },
  });
  return parsed.success ? parsed.data : defaultStoreSettings;
}

/** The owner's settings, read on every checkout and page: cached per process until a change is published. */
export function createSettingsService({ database, repository, audit, publish }: SettingsDependencies) {
  let cached: Promise<StoreSettings> | null = null;

  function current(): Promise<StoreSettings> {
    if (!cached) {
      const loading = repository.read().then(settingsFrom);
      cached = loading;
      // A failed read is not kept: the next caller tries again.
      loading.catch(() => {
        if (cached === loading) cached = null;
      });
    }
    return cached;
  }

  return {
    current,

    /** The store's details as the owner set them: what pages, e-mails and invoices show. */
    contact: async (): Promise<StoreContact> => (await current()).store,
    /** The shop's tax as the owner set it: what pages, e-mails and invoices call it and whether prices hold it. */
    tax: async (): Promise<StoreTax> => (await current()).tax,

    /** Forgets the cached settings; the change listener calls it. */
    forget(): void {
      cached = null;
    },

    async replace(staff: StaffMember, sent: StoreSettings): Promise<StoreSettings> {
      // A blank registration number is none: the invoice is then not a tax invoice.
      const settings: StoreSettings = { ...sent, tax: { ...sent.tax, registration_number: sent.tax.registration_number || null } };
      const saved = await database.writeTransaction(async (trx) => {
        const before = settingsFrom(await repository.readForChange(trx));
        await repository.save(JSON.stringify(settings), trx);
        await audit.record(staff, { action: 'update', entity: 'settings', entityId: 1, before, after: settings }, trx);
        return settings;
      });
      cached = null;
      await publish();
      return saved;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
