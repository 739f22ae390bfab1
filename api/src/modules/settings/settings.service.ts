import {
  adminMessages,
  defaultStoreSettings,
  offeredShippingMethods,
  paymentMethodWords,
  storeSettingsSchema,
  type BankTransferDetails,
  type PaymentMethod,
  type StoreAnswer,
  type StoreContact,
  type StoreSettings,
  type StoreTax,
} from '@threadline/contracts';
import { badRequest } from '../../errors.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { StaffMember } from '../../plugins/staff-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { SettingsRepository } from './settings.repository.ts';

export interface SettingsDependencies {
  database: DatabaseHandle;
  repository: SettingsRepository;
  audit: AuditService;
  /**
   * The payment methods this server can take (KINGSTON.md §1): cash and transfer always, a card
   * method once it is configured. The owner offers some of them.
   */
  takenMethods: readonly PaymentMethod[];
  /** Tells every process's caches (this one's included) that the settings changed; called after the commit. */
  publish(): Promise<void>;
}

/**
 * What is stored, laid over the defaults: a field a later version adds (also one of the store's
 * details) has its default until the owner saves, and a row that no longer passes the schema falls
 * back to the defaults instead of breaking checkout.
 */
function settingsFrom(stored: string, takenMethods: readonly PaymentMethod[]): StoreSettings {
  let saved: Partial<StoreSettings> = {};
  try {
    saved = JSON.parse(stored) as Partial<StoreSettings>;
  } catch {
    saved = {};
  }
  // Until the owner chooses, the shop offers every method this server takes but bank transfer, which
  // needs the account's details first: a card provider configured (Stripe, PowerTranz) is offered.
  const defaults = { ...defaultStoreSettings, payment_methods: takenMethods.filter((method) => method !== 'bank_transfer') };
  const parsed = storeSettingsSchema.safeParse({
    ...defaults,
    ...saved,
    tax: { ...defaultStoreSettings.tax, ...saved.tax },
    store: { ...defaultStoreSettings.store, ...saved.store },
    bank_transfer: { ...defaultStoreSettings.bank_transfer, ...saved.bank_transfer },
    shipping_methods: { ...defaultStoreSettings.shipping_methods, ...saved.shipping_methods },
  });
  return parsed.success ? parsed.data : defaults;
}

/** The owner's settings, read on every checkout and page: cached per process until a change is published. */
export function createSettingsService({ database, repository, audit, takenMethods, publish }: SettingsDependencies) {
  let cached: Promise<StoreSettings> | null = null;

  function current(): Promise<StoreSettings> {
    if (!cached) {
      const loading = repository.read().then((stored) => settingsFrom(stored, takenMethods));
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

    /** The account bank transfers are paid into, for the e-mails. */
    bankTransfer: async (): Promise<BankTransferDetails> => (await current()).bank_transfer,

    /** What the storefront reads (GET /api/store/): the settings, with the payment methods the shop takes now. */
    async storefront(): Promise<StoreAnswer> {
      const settings = await current();
      return {
        ...settings,
        payment_methods: settings.payment_methods.filter((method) => takenMethods.includes(method)),
        shipping_methods_offered: offeredShippingMethods(settings),
      };
    },

    /** Checkout's terms of payment: the methods offered now, and how long a transfer may take. */
    async payments(): Promise<{ offered: readonly PaymentMethod[]; bankTransferDays: number }> {
      const settings = await current();
      return {
        offered: settings.payment_methods.filter((method) => takenMethods.includes(method)),
        bankTransferDays: settings.bank_transfer_days,
      };
    },

    /** Forgets the cached settings; the change listener calls it. */
    forget(): void {
      cached = null;
    },

    async replace(staff: StaffMember, sent: StoreSettings): Promise<StoreSettings> {
      // A blank registration number is none: the invoice is then not a tax invoice.
      const settings: StoreSettings = { ...sent, tax: { ...sent.tax, registration_number: sent.tax.registration_number || null } };
      const untaken = settings.payment_methods.find((method) => !takenMethods.includes(method));
      if (untaken) throw badRequest(adminMessages.paymentMethodNotConfigured(paymentMethodWords[untaken]));
      const saved = await database.writeTransaction(async (trx) => {
        const before = settingsFrom(await repository.readForChange(trx), takenMethods);
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
