import { lineLabel, variantText, type AddToCartRequest } from '@threadline/contracts';
import { useSyncExternalStore } from 'react';
import { useAfterHydration } from '@/lib/hydration.ts';
import { newRandomKey } from '@/lib/random-key.ts';

/**
 * What the shopper did to the cart that the server has not taken yet (SPEC §4), kept in this
 * browser so nothing is lost to a dropped connection or a reload. None of it is priced: totals are
 * always the server's, and these entries say they are not in them.
 */

/** An add the server never answered. */
/** One try of an add, with the Idempotency-Key it was first sent with. */
export interface PendingSend {
  key: string;
  quantity: number;
}

export interface PendingAdd {
  /** Product name and variant as the shopper saw them; adds with the same pair are merged. */
  name: string;
  variant: string;
  /** The merged add as shown: its quantity is the sum of the tries. */
  request: AddToCartRequest;
  /**
   * Each try apart, sent again under its own key: a try that did reach the server is then not
   * added twice, and merging never hides one that did not.
   */
  sends: PendingSend[];
}

/** A new quantity (0: a removal) of a saved line whose request did not reach the server. */
export interface UnsavedLineChange {
  lineId: number;
  quantity: number;
  name: string;
  variant: string;
}

/** Why the server refused an entry when it was sent again; shown until the shopper dismisses it. */
export interface RefusedEntry {
  id: string;
  text: string;
}

export interface PendingCart {
  adds: PendingAdd[];
  changes: UnsavedLineChange[];
  refused: RefusedEntry[];
}

const storageKey = 'pendingCartItems';
const empty: PendingCart = { adds: [], changes: [], refused: [] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isSend = (value: unknown): value is PendingSend =>
  isRecord(value) &&
  typeof value.key === 'string' &&
  value.key.length > 0 &&
  Number.isInteger(value.quantity) &&
  Number(value.quantity) > 0;

const isNamed = (value: Record<string, unknown>) => typeof value.name === 'string' && typeof value.variant === 'string';

/**
 * A stored add's request as the contract's addToCartRequestSchema reads it (numbers coerced, a
 * missing quantity is 1, variant objects keep only their name), or null when it does not fit.
 * Checked by hand because every page reads this store: the schema would put zod in the first
 * chunk every page loads.
 */
function toAddRequest(value: unknown): AddToCartRequest | null {
  if (!isRecord(value) || Array.isArray(value)) return null;
  const productId = Number(value.product_id);
  const quantity = value.quantity === undefined ? 1 : Number(value.quantity);
  if (!Number.isSafeInteger(productId) || productId <= 0 || !Number.isSafeInteger(quantity)) return null;
  const request: AddToCartRequest = { product_id: productId, quantity };
  for (const option of ['variant_size', 'variant_color'] as const) {
    const choice = value[option];
    if (choice === undefined) continue;
    if (choice === null || typeof choice === 'string') request[option] = choice;
    else if (isRecord(choice) && typeof choice.name === 'string') request[option] = { name: choice.name };
    else return null;
  }
  return request;
}

// What another tab or an older version wrote may not fit; anything that does not is left out.
function parse(raw: string | null): PendingCart {
  if (!raw) return empty;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return empty;
  }
  if (!isRecord(value)) return empty;
  const list = (key: string) => (Array.isArray(value[key]) ? (value[key] as unknown[]).filter(isRecord) : []);
  const adds = list('adds').flatMap((entry): PendingAdd[] => {
    const request = toAddRequest(entry.request);
    if (!isNamed(entry) || !request) return [];
    const sends = (Array.isArray(entry.sends) ? entry.sends : []).filter(isSend);
    const sentQuantity = sends.reduce((sum, send) => sum + send.quantity, 0);
    // Kept by a version without keys (or not adding up): one try under a new key.
    const tries = sends.length > 0 && sentQuantity === request.quantity ? sends : [{ key: newRandomKey(), quantity: request.quantity }];
    return [{ name: String(entry.name), variant: String(entry.variant), request, sends: tries }];
  });
  const changes = list('changes').flatMap((entry): UnsavedLineChange[] =>
    isNamed(entry) && Number.isInteger(entry.lineId) && Number.isInteger(entry.quantity)
      ? [{ lineId: Number(entry.lineId), quantity: Number(entry.quantity), name: String(entry.name), variant: String(entry.variant) }]
      : [],
  );
  const refused = list('refused').flatMap((entry): RefusedEntry[] =>
    typeof entry.id === 'string' && typeof entry.text === 'string' ? [{ id: entry.id, text: entry.text }] : [],
  );
  return { adds, changes, refused };
}

// Storage throws when disabled or full; the entries then live as long as the page does.
let fallbackRaw: string | null = null;
let storageFailed = false;

function readRaw(): string | null {
  if (storageFailed) return fallbackRaw;
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    storageFailed = true;
    return fallbackRaw;
  }
}

function writeRaw(raw: string | null) {
  fallbackRaw = raw;
  if (storageFailed) return;
  try {
    if (raw === null) window.localStorage.removeItem(storageKey);
    else window.localStorage.setItem(storageKey, raw);
  } catch {
    storageFailed = true;
  }
}

// The parsed entries are kept while the stored text is unchanged, so renders get a stable snapshot
// and a change from another tab (or a test clearing storage) is still seen.
let snapshotRaw: string | null = null;
let snapshot: PendingCart = empty;
const listeners = new Set<() => void>();

export function readPendingCart(): PendingCart {
  const raw = readRaw();
  if (raw !== snapshotRaw) {
    snapshotRaw = raw;
    snapshot = parse(raw);
  }
  return snapshot;
}

function update(change: (current: PendingCart) => PendingCart) {
  const next = change(readPendingCart());
  const isEmpty = next.adds.length === 0 && next.changes.length === 0 && next.refused.length === 0;
  writeRaw(isEmpty ? null : JSON.stringify(next));
  for (const listener of listeners) listener();
}

const optionText = (value: AddToCartRequest['variant_size']) => (typeof value === 'string' ? value : (value?.name ?? null));

/** Keeps an add the server could not take, merged with an earlier one of the same name and variant. */
export function keepPendingAdd(request: AddToCartRequest, name: string, key: string): PendingAdd {
  const variant = variantText({ size: optionText(request.variant_size), color: optionText(request.variant_color) });
  const kept: PendingAdd = { name, variant, request, sends: [{ key, quantity: request.quantity }] };
  update((current) => {
    const same = current.adds.find((add) => lineLabel(add) === lineLabel(kept));
    if (!same) return { ...current, adds: [...current.adds, kept] };
    const merged = {
      ...same,
      request: { ...same.request, quantity: same.request.quantity + request.quantity },
      sends: [...same.sends, ...kept.sends],
    };
    return { ...current, adds: current.adds.map((add) => (add === same ? merged : add)) };
  });
  return kept;
}

/**
 * Drops the tries the server has taken; tries merged into the entry meanwhile stay kept, and the
 * entry goes once none is left.
 */
export function dropSentTries(add: Pick<PendingAdd, 'name' | 'variant'>, sentKeys: readonly string[]) {
  update((current) => ({
    ...current,
    adds: current.adds.flatMap((entry) => {
      if (lineLabel(entry) !== lineLabel(add)) return [entry];
      const sends = entry.sends.filter((send) => !sentKeys.includes(send.key));
      const quantity = sends.reduce((sum, send) => sum + send.quantity, 0);
      return sends.length === 0 ? [] : [{ ...entry, sends, request: { ...entry.request, quantity } }];
    }),
  }));
}

export function dropPendingAdd(add: Pick<PendingAdd, 'name' | 'variant'>) {
  update((current) => ({ ...current, adds: current.adds.filter((entry) => lineLabel(entry) !== lineLabel(add)) }));
}

export function keepUnsavedChange(change: UnsavedLineChange) {
  update((current) => ({ ...current, changes: [...current.changes.filter((entry) => entry.lineId !== change.lineId), change] }));
}

export function dropUnsavedChange(lineId: number) {
  if (!readPendingCart().changes.some((entry) => entry.lineId === lineId)) return;
  update((current) => ({ ...current, changes: current.changes.filter((entry) => entry.lineId !== lineId) }));
}

export function keepRefused(text: string) {
  const entry = { id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, text };
  update((current) => ({ ...current, refused: [...current.refused, entry] }));
}

export function dismissRefused(id: string) {
  update((current) => ({ ...current, refused: current.refused.filter((entry) => entry.id !== id) }));
}

/** Clearing the cart discards what was waiting to be added or changed too. */
export function discardPendingChanges() {
  update((current) => ({ ...current, adds: [], changes: [] }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** What this browser keeps; nothing while the server's page hydrates, as the server rendered it. */
export function usePendingCart(): PendingCart {
  return useAfterHydration(
    useSyncExternalStore(subscribe, readPendingCart, () => empty),
    empty,
  );
}
