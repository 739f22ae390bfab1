import { messages, type Address } from '@threadline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customer, renderAccount, storeSignIn } from '@/test/render-account.tsx';
import { json, requestedPaths, stubApi } from '@/test/render-shop.tsx';
import { AddressesPage } from './addresses-page.tsx';

const home: Address = {
  id: 11,
  label: 'Home',
  street_address: '12 Hope Road',
  apartment: 'Apt 3',
  city: 'Kingston',
  state: 'St. Andrew',
  postal_code: 'KGN6',
  country: 'Jamaica',
  landmark: '',
  is_default: true,
};
const work: Address = {
  ...home,
  id: 12,
  label: 'Work',
  street_address: '9 Knutsford Blvd',
  apartment: '',
  city: 'New Kingston',
  is_default: false,
};

/** A tiny address book server: answers like the API, each change with the whole book. */
function stubAddressBook(initial: Address[], options: { failDelete?: boolean } = {}) {
  let book = [...initial];
  let nextId = 20;
  const answer = (message: string, status = 200) => json({ success: true, message, addresses: book }, status);
  return stubApi([
    [/^\/api\/csrf\//, () => new Response('{}', { headers: { 'X-Session-Key': 'session-1' } })],
    [/^\/api\/users\/profile\//, () => customer],
    [
      /^\/api\/users\/addresses\//,
      (url, init) => {
        const method = init?.method ?? 'GET';
        const id = Number(/addresses\/(\d+)\//.exec(url.pathname)?.[1]);
        if (method === 'GET') return { addresses: book };
        if (method === 'POST' && url.pathname.endsWith('set-default/')) {
          book = book.map((address) => ({ ...address, is_default: address.id === id }));
          return answer(messages.addressSetDefault);
        }
        if (method === 'POST') {
          const input = JSON.parse(String(init?.body)) as Omit<Address, 'id'>;
          const created = { ...input, id: nextId++, is_default: input.is_default || book.length === 0 };
          book = [...(created.is_default ? book.map((address) => ({ ...address, is_default: false })) : book), created];
          return answer(messages.addressAdded, 201);
        }
        if (method === 'PUT') {
          const input = JSON.parse(String(init?.body)) as Omit<Address, 'id'>;
          book = book.map((address) =>
            address.id === id ? { ...address, ...input, is_default: address.is_default || input.is_default } : address,
          );
          return answer(messages.addressUpdated);
        }
        if (options.failDelete) return json({ error: 'Something went wrong on our side. Please try again.' }, 500);
        book = book.filter((address) => address.id !== id);
        return answer(messages.addressDeleted);
      },
    ],
  ]);
}

function renderAddresses() {
  storeSignIn();
  return renderAccount([{ path: '/addresses', element: <AddressesPage /> }], { path: '/addresses' });
}

describe('the address book', () => {
  it('starts empty, adds the first address in the dialog, and checks the required fields first', async () => {
    const fetchMock = stubAddressBook([]);
    renderAddresses();
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'No addresses yet' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add Your First Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add address' });
    expect(within(dialog).getByLabelText('Country')).toHaveValue('Jamaica');
    expect(within(dialog).getByRole('checkbox', { name: 'Set as default address' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    const street = within(dialog).getByLabelText('Street address');
    expect(street).toHaveAccessibleDescription('Street address is required');
    expect(within(dialog).getByLabelText('City')).toHaveAccessibleDescription('City is required');
    expect(street).toHaveFocus();
    expect(requestedPaths(fetchMock, '/api/users/addresses/')).toEqual(['/api/users/addresses/']);

    await user.type(street, '12 Hope Road');
    await user.type(within(dialog).getByLabelText('City'), 'Kingston');
    await user.type(within(dialog).getByLabelText(/Landmark/), 'opposite the Texaco');
    await user.type(within(dialog).getByLabelText(/Label/), 'Home');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText(messages.addressAdded)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = screen.getByRole('article', { name: 'Home' });
    expect(within(card).getByText('Default')).toBeVisible();
    expect(within(card).getByText(/12 Hope Road/)).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      label: 'Home',
      street_address: '12 Hope Road',
      apartment: '',
      city: 'Kingston',
      state: '',
      postal_code: '',
      country: 'Jamaica',
      landmark: 'opposite the Texaco',
      is_default: true,
    });
  });

  it('edits an address in the dialog, filled with what is saved', async () => {
    stubAddressBook([home, work]);
    renderAddresses();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Work' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
    const city = within(dialog).getByLabelText('City');
    expect(city).toHaveValue('New Kingston');
    await user.clear(city);
    await user.type(city, 'Half Way Tree');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText(messages.addressUpdated)).toBeVisible();
    expect(within(screen.getByRole('article', { name: 'Work' })).getByText(/Half Way Tree/)).toBeVisible();
  });

  it('asks before deleting, in a dialog that starts on Cancel, and deletes on confirmation', async () => {
    stubAddressBook([home, work]);
    renderAddresses();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Work' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete address' });
    expect(confirm).toHaveAccessibleDescription(messages.addressDeleteConfirm);
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('article', { name: 'Work' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete Work' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(messages.addressDeleted)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Work' })).toBeNull());
  });

  it('offers set-default only on the others, and moves the Default badge', async () => {
    stubAddressBook([home, work]);
    renderAddresses();
    const user = userEvent.setup();

    expect(await screen.findByRole('button', { name: 'Set Work as default' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Set Home as default' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Set Work as default' }));

    expect(await screen.findByText(messages.addressSetDefault)).toBeVisible();
    expect(within(screen.getByRole('article', { name: 'Work' })).getByText('Default')).toBeVisible();
    expect(within(screen.getByRole('article', { name: 'Home' })).queryByText('Default')).toBeNull();
  });

  it('says when a delete failed and keeps the address', async () => {
    stubAddressBook([home, work], { failDelete: true });
    renderAddresses();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Work' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.addressDeleteFailed);
    expect(screen.getByRole('article', { name: 'Work' })).toBeVisible();
  });

  it('says when the book cannot be loaded', async () => {
    storeSignIn();
    stubApi([
      [/^\/api\/users\/profile\//, () => customer],
      [/^\/api\/users\/addresses\//, () => json({ error: 'Something went wrong on our side. Please try again.' }, 500)],
    ]);
    renderAccount([{ path: '/addresses', element: <AddressesPage /> }], { path: '/addresses' });
    expect(await screen.findByText(messages.addressesLoadFailed)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });
});
