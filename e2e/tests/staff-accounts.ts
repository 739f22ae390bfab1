import { basename } from 'node:path';
import { expect, test, type Page } from './shop-test.ts';

/**
 * The files whose journeys sign in to the back office. Each signs in as an owner and a staff member
 * of its own: an account takes 10 sign-ins in 15 minutes (the sign-in limit), and the journeys
 * together sign in more often than that.
 */
const backOfficeSpecs = [
  'back-office',
  'bank-transfer',
  'admin-catalog',
  'admin-import',
  'admin-orders',
  'admin-people',
  'admin-settings',
  'admin-stock',
  'order-status',
  'staff',
  'reviews',
  'returns',
  'deliveries',
] as const;
/** The back office's spec files: they run against a shop of their own (playwright.config.ts). */
export const backOfficeSpecFiles = backOfficeSpecs.map((spec) => `**/${spec}.spec.ts`);
const passwords = { owner: 'back-office-owner-42', staff: 'back-office-staff-42' } as const;

type Role = keyof typeof passwords;

/** The account a spec file signs in with as the owner or as staff. */
export function backOfficeAccount(role: Role, spec = basename(test.info().file, '.spec.ts')) {
  if (!(backOfficeSpecs as readonly string[]).includes(spec)) throw new Error(`add ${spec} to backOfficeSpecs in staff-accounts.ts`);
  return { email: `${role}.${spec}@threadline.test`, password: passwords[role], role };
}

/** Every account the browser tests' shop starts with (serve-fresh-shop.mjs makes them). */
export const allBackOfficeAccounts = () =>
  backOfficeSpecs.flatMap((spec) => [backOfficeAccount('owner', spec), backOfficeAccount('staff', spec)]);

/** Signs in through the storefront's sign-in page, as staff do, and opens the back office at `path`. */
export async function openBackOffice(page: Page, who: Role, path = '/admin') {
  const account = backOfficeAccount(who);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.getByRole('main').getByLabel('Email').fill(account.email);
  await page.getByRole('main').getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
}
