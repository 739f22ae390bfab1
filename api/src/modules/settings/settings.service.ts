import {
  adminMessages,
  defaultStoreSettings,
  offeredShippingMethods,
  paymentMethodWords,
  storeSettingsSchema,
  type BankTransferDetails,
  type PaymentMethod,
  type PickupPoint,
  type StoreAnswer,
  type StoreContact,
  type StoreSettings,
  type StoreTax,
} from '@threadline/contracts';
import { badRequest, ShopError } from '../../errors.ts';
import type { DatabaseHandle, DbExecutor } from '../../db/database.ts';
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

/** How many open orders wait at each of these pickup points (the orders module counts them). */
export type OpenOrdersAt = (codes: readonly string[], trx: DbExecutor) => Promise<ReadonlyMap<string, number>>;

/** The owner's settings, read on every checkout and page: cached per process until a change is published. */
export function createSettingsService({ database, repository, audit, takenMethods, publish }: SettingsDependencies) {
  let cached: Promise<StoreSettings> | null = null;
  let openOrdersAt: OpenOrdersAt | null = null;

  /**
   * A save that drops a pickup point (or changes its code or kind) that open orders wait at is
   * refused on the `pickup_points` field, naming each such point: those orders would be collected
   * at a point the shop no longer knows. Counted under the settings row's lock (see `replace`).
   */
  async function refuseDroppingPointsInUse(before: StoreSettings, after: StoreSettings, trx: DbExecutor): Promise<void> {
    const kept = (point: PickupPoint) => after.pickup_points.some((each) => each.code === point.code && each.kind === point.kind);
    const dropped = before.pickup_points.filter((point) => !kept(point));
    if (dropped.length === 0 || !openOrdersAt) return;
    const counts = await openOrdersAt(
      dropped.map((point) => point.code),
      trx,
    );
    const inUse = dropped.flatMap((point) => {
      const open = counts.get(point.code) ?? 0;
      return open > 0 ? [adminMessages.pickupPointInUse(point.name, open)] : [];
    });
    // The field's error as the schema's refusals name theirs, so the settings page shows it beside the list.
    if (inUse.length > 0) throw new ShopError(400, `pickup_points: ${inUse.join(' ')}`);
  }

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

    /** Tells the service how to count the open orders at a pickup point; the orders module calls it. */
    keepPickupPointsInUse(counter: OpenOrdersAt): void {
      openOrdersAt = counter;
    },

    /**
     * Whether the point (its code and kind) is one of the shop's as stored now, kept so until the
     * transaction ends: checkout asks in the order's transaction (see `replace`).
     */
    async offersPickupPoint(point: PickupPoint, trx: DbExecutor): Promise<boolean> {
      const stored = settingsFrom(await repository.readShared(trx), takenMethods);
      return stored.pickup_points.some((each) => each.code === point.code && each.kind === point.kind);
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
        // The row is locked first: a checkout at a point being dropped either committed before (and
        // is counted) or waits in `offersPickupPoint` and then finds the point gone.
        const before = settingsFrom(await repository.readForChange(trx), takenMethods);
        await refuseDroppingPointsInUse(before, settings, trx);
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
