import type { AdminMe, StaffAccount } from '@threadline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customer, renderAccount, storeSignIn, type ApiRoute } from '@/test/render-account.tsx';
import { json, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { AdminApp } from '../admin-app.tsx';
import { groupedSecret } from './pages/security-page.tsx';

const session: ApiRoute = [/^\/api\/csrf\//, () => new Response('{}', { headers: { 'X-Session-Key': 'session-1' } })];
const profile: ApiRoute = [/^\/api\/users\/profile\//, () => customer];
const owner: AdminMe = {
  id: 1,
  email: 'owner@threadline.test',
  role: 'owner',
  two_factor_enabled: false,
  second_factor_verified: false,
  two_factor_required: false,
};
const keisha: StaffAccount = {
  id: 7,
  email: 'keisha@threadline.test',
  name: 'Keisha Brown',
  role: 'staff',
  two_factor_enabled: false,
  disabled: false,
  last_sign_in: null,
};
const staffList = (results: StaffAccount[]) => ({ count: results.length, next: null, previous: null, results });
const emptyAudit: ApiRoute = [/^\/api\/admin\/audit\//, () => staffList([])];

function renderAdmin(path: string) {
  storeSignIn();
  return renderAccount([{ path: '/admin/*', element: <AdminApp forbidden={<p>Forbidden</p>} /> }], { path });
}

/** The body the last call to `path` sent. */
const sentBody = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  JSON.parse(String(fetchMock.mock.calls.filter(([input]) => String(input).startsWith(path)).at(-1)?.[1]?.body ?? 'null'));

describe('the second-factor prompt', () => {
  it('asks a sign-in that owes its code for it in one numeric one-time-code field, then opens the back office', async () => {
    let verified = false;
    const fetchMock = stubApi([
      session,
      profile,
      emptyAudit,
      [/^\/api\/admin\/me\//, () => ({ ...owner, two_factor_enabled: true, second_factor_verified: verified })],
      [/^\/api\/admin\/two-factor\/verify\//, () => ((verified = true), { two_factor_enabled: true, second_factor_verified: true })],
    ]);
    renderAdmin('/admin/audit');

    const field = await screen.findByLabelText('6-digit code');
    expect(screen.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();

    const user = userEvent.setup();
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('navigation', { name: 'Back office' })).toBeVisible();
    expect(sentBody(fetchMock, '/api/admin/two-factor/verify/')).toEqual({ code: '123456' });
  });

  it('says why a code was refused and clears the field for the next one', async () => {
    stubApi([
      session,
      profile,
      [/^\/api\/admin\/me\//, () => ({ ...owner, two_factor_enabled: true })],
      [/^\/api\/admin\/two-factor\/verify\//, () => json({ error: 'That code is not right, or was already used.' }, 400)],
    ]);
    renderAdmin('/admin/audit');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('That code is not right, or was already used.')).toBeVisible();
    expect(screen.getByLabelText('6-digit code')).toHaveValue('');
  });
});

describe('the Security page', () => {
  it('is where staff land while the shop requires a second factor they have not set up', async () => {
    stubApi([session, profile, emptyAudit, [/^\/api\/admin\/me\//, () => ({ ...owner, role: 'staff', two_factor_required: true })]]);
    const { router } = renderAdmin('/admin/audit');
    expect(await screen.findByRole('heading', { name: 'Security' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/security');
    expect(screen.getByText(/requires a second factor/)).toBeVisible();
  });

  it('shows the QR code and the key to type, and turns the factor on with a code', async () => {
    let enabled = false;
    const fetchMock = stubApi([
      session,
      profile,
      [/^\/api\/admin\/me\//, () => ({ ...owner, two_factor_enabled: enabled, second_factor_verified: enabled })],
      [
        /^\/api\/admin\/two-factor\/setup\//,
        () => ({
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/x',
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        }),
      ],
      [/^\/api\/admin\/two-factor\/confirm\//, () => ((enabled = true), { two_factor_enabled: true, second_factor_verified: true })],
    ]);
    renderAdmin('/admin/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up the second factor' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeVisible();
    expect(screen.getByText(groupedSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'))).toBeVisible();
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('On')).toBeVisible();
    expect(sentBody(fetchMock, '/api/admin/two-factor/confirm/')).toEqual({ code: '654321' });
  });

  it('groups the key in fours, as authenticator apps show it', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

describe('the Staff page', () => {
  it('is in the owner’s navigation only', async () => {
    stubApi([session, profile, emptyAudit, [/^\/api\/admin\/me\//, () => ({ ...owner, role: 'staff' })]]);
    renderAdmin('/admin/audit');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Security' })).toBeVisible();
  });

  it('lists the staff and disables an account only after the owner confirms', async () => {
    let people = [keisha];
    const fetchMock = stubApi([
      session,
      profile,
      [/^\/api\/admin\/me\//, () => owner],
      [/^\/api\/admin\/staff\/7\//, () => ((people = [{ ...keisha, disabled: true }]), people[0])],
      [/^\/api\/admin\/staff\//, () => staffList(people)],
    ]);
    renderAdmin('/admin/staff');
    const user = userEvent.setup();
    const row = (await screen.findByText('keisha@threadline.test')).closest('tr');
    if (!row) throw new Error('no row for Keisha');
    expect(within(row).getByText('Active')).toBeVisible();

    await user.click(within(row).getByRole('button', { name: /Disable/ }));
    const dialog = await screen.findByRole('alertdialog', { name: /Disable keisha@threadline.test/ });
    expect(requestedPaths(fetchMock, '/api/admin/staff/7/')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));

    await waitFor(() => expect(screen.getByRole('button', { name: /Enable/ })).toBeVisible());
    expect(sentBody(fetchMock, '/api/admin/staff/7/')).toEqual({ disabled: true });
    expect(screen.getByText('Disabled')).toBeVisible();
  });

  it('resets a staff member’s second factor after the owner confirms, and never offers it on the owner’s own row', async () => {
    const ownRow: StaffAccount = {
      id: owner.id,
      email: owner.email,
      name: 'Andrea Owner',
      role: 'owner',
      two_factor_enabled: true,
      disabled: false,
      last_sign_in: null,
    };
    let people = [ownRow, { ...keisha, two_factor_enabled: true }];
    const fetchMock = stubApi([
      session,
      profile,
      [/^\/api\/admin\/me\//, () => owner],
      [/^\/api\/admin\/staff\/7\//, () => ((people = [ownRow, { ...keisha, two_factor_enabled: false }]), people[1])],
      [/^\/api\/admin\/staff\//, () => staffList(people)],
    ]);
    renderAdmin('/admin/staff');
    const user = userEvent.setup();
    const row = (await screen.findByText('keisha@threadline.test')).closest('tr');
    const mine = screen.getByText('owner@threadline.test').closest('tr');
    if (!row || !mine) throw new Error('no rows');
    await waitFor(() => expect(within(row).getByRole('button', { name: /^Reset second factor\s*of Keisha Brown$/ })).toBeVisible());
    expect(within(mine).queryByRole('button', { name: /Reset second factor/ })).toBeNull();

    await user.click(within(row).getByRole('button', { name: /Reset second factor/ }));
    const dialog = await screen.findByRole('alertdialog', { name: /Reset the second factor of keisha@threadline.test/ });
    expect(requestedPaths(fetchMock, '/api/admin/staff/7/')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));

    expect(await screen.findByText('keisha@threadline.test has no second factor now and is signed out.')).toBeVisible();
    expect(sentBody(fetchMock, '/api/admin/staff/7/')).toEqual({ two_factor_enabled: false });
    await waitFor(() => expect(within(row).getByText('No second factor')).toBeVisible());
    expect(within(row).queryByRole('button', { name: /Reset second factor/ })).toBeNull();
  });

  it('says so when there is nobody on the staff, and when the list cannot be loaded', async () => {
    stubApi([session, profile, [/^\/api\/admin\/me\//, () => owner], [/^\/api\/admin\/staff\//, () => staffList([])]]);
    const first = renderAdmin('/admin/staff');
    expect(await screen.findByText(/No staff accounts yet/)).toBeVisible();
    first.unmount();

    // An owner made staff since the page loaded: the refusal says whose page it is, with nothing to retry.
    stubApi([
      session,
      profile,
      [/^\/api\/admin\/me\//, () => owner],
      [/^\/api\/admin\/staff\//, () => json({ error: 'Only the shop owner can do this.' }, 403)],
    ]);
    const refused = renderAdmin('/admin/staff');
    expect(await screen.findByRole('heading', { name: 'Only the owner can use this page' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add staff member' })).toBeNull();
    refused.unmount();

    stubApi([
      session,
      profile,
      [/^\/api\/admin\/me\//, () => owner],
      [/^\/api\/admin\/staff\//, () => json({ error: 'Server error' }, 500)],
    ]);
    renderAdmin('/admin/staff');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('shows staff who open the staff page that it is the owner’s, with no button to add staff or to try again', async () => {
    const listed: string[] = [];
    stubApi([
      session,
      profile,
      [/^\/api\/admin\/me\//, () => ({ ...owner, role: 'staff' })],
      [/^\/api\/admin\/staff\//, (url: URL) => (listed.push(url.pathname), staffList([keisha]))],
    ]);
    renderAdmin('/admin/staff');
    expect(await screen.findByRole('heading', { name: 'Only the owner can use this page' })).toBeVisible();
    expect(screen.getByText(/Staff accounts are the owner’s to add, change and disable/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add staff member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(listed).toEqual([]);
  });
});
