import { storageKeys } from '@threadline/contracts';

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// Storage access throws in some private-browsing modes and when storage is disabled; the shop then
// behaves as if nothing were stored instead of crashing.

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the value is simply not kept.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: there is nothing to remove.
  }
}
