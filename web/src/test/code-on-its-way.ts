import { vi } from 'vitest';

/**
 * A lazily loaded module's code, arriving or failing when the test says: the module at `path` (an
 * `@/` path) stands in for the real one, which is handed over once the test lets it arrive. Call it
 * after `vi.resetModules()`: the shop's test set-up loads every lazy part's code before any test.
 */
export function codeOnItsWay(path: string) {
  const gate = { arrive: () => undefined as void, fail: () => undefined as void };
  vi.doMock(
    path,
    () =>
      new Promise((resolve, reject) => {
        gate.arrive = () => resolve(vi.importActual(path));
        gate.fail = () => reject(new Error('Failed to fetch dynamically imported module'));
      }),
  );
  return gate;
}
