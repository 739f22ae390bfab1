import { adminMessages, defaultStoreSettings, moneyTextMessage, type StoreSettings } from '@threadline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderShop, stubApi } from '@/test/render-shop.tsx';
import { SettingsPage } from './settings-page.tsx';

const pages = [{ path: '/admin/settings', Component: SettingsPage }];

beforeEach(() => {
  localStorage.setItem('sessionKey', 'session-1');
  document.cookie = 'csrftoken=token-1';
});

function stubSettings(answer: () => unknown = () => defaultStoreSettings) {
  const saved: StoreSettings[] = [];
  stubApi([
    [
      /^\/api\/admin\/settings\/$/,
      (_url, init) => {
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as StoreSettings;
          saved.push(body);
          return body;
        }
        return answer();
      },
    ],
  ]);
  return saved;
}

/**
 * The part of the form the owner looks in: a section (or a group inside one). A query by role over
 * the whole form of some 200 fields (20 pickup points, 20 holidays) takes over a second in jsdom;
 * each test looks where the owner would, as each field is named within its part.
 */
const part = (name: string) => screen.findByRole('region', { name });
const group = async (sectionName: string, name: string) => within(await part(sectionName)).getByRole('group', { name });
const deliveryFees = () => group('Delivery and pickup', "Delivery by the shop's driver");
const saveButton = () => screen.getByRole('button', { name: 'Save settings' });

describe('settings page', { timeout: 60_000 }, () => {
  it('offers bank transfer only with the account to pay into, and saves the methods, the account and the days', async () => {
    const user = userEvent.setup();
    const saved = stubSettings();
    renderShop(pages, { path: '/admin/settings' });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(within(payments).getByRole('checkbox', { name: 'Card' })).toBeChecked();
    expect(within(payments).getByRole('checkbox', { name: 'Cash on delivery' })).toBeChecked();
    await user.click(within(payments).getByRole('checkbox', { name: 'Bank transfer' }));
    await user.click(within(payments).getByRole('checkbox', { name: 'Card' }));
    await user.click(saveButton());
    expect(within(payments).getByRole('textbox', { name: 'Account number' })).toHaveAccessibleDescription(
      'Account number is required to offer bank transfer',
    );
    expect(saved).toEqual([]);
    expect(within(payments).getByRole('textbox', { name: 'Bank' })).toHaveAttribute('maxlength', '100');
    await user.type(within(payments).getByRole('textbox', { name: 'Bank' }), 'National Commercial Bank');
    await user.type(within(payments).getByRole('textbox', { name: 'Account name' }), 'Threadline Ltd');
    await user.type(within(payments).getByRole('textbox', { name: 'Account number' }), '404-123-456');
    await user.selectOptions(within(payments).getByRole('combobox', { name: 'Account currency' }), 'USD');
    const days = within(payments).getByRole('textbox', { name: /Days to pay a transfer/ });
    await user.clear(days);
    await user.type(days, '5');
    await user.click(saveButton());
    expect(await screen.findByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();
    expect(saved[0]).toMatchObject({
      payment_methods: ['cash_on_delivery', 'bank_transfer'],
      bank_transfer: {
        bank: 'National Commercial Bank',
        branch: '',
        account_name: 'Threadline Ltd',
        account_number: '404-123-456',
        account_type: '',
        currency: 'USD',
      },
      bank_transfer_days: 5,
    });
  });

  it('sets one fee everywhere, then another for St. Andrew, and saves what the server then charges', async () => {
    const user = userEvent.setup();
    const saved = stubSettings();
    renderShop(pages, { path: '/admin/settings' });

    const fees = await deliveryFees();
    const kingston = within(fees).getByRole('textbox', { name: 'Kingston (J$)' });
    expect(kingston).toHaveValue('10.00');
    await user.type(within(fees).getByRole('textbox', { name: 'Same fee everywhere (J$)' }), '500');
    await user.click(within(fees).getByRole('button', { name: 'Apply to all 14 parishes' }));
    expect(kingston).toHaveValue('500');
    const stAndrew = within(fees).getByRole('textbox', { name: 'St. Andrew (J$)' });
    await user.clear(stAndrew);
    await user.type(stAndrew, '650');
    await user.type(within(fees).getByRole('textbox', { name: /Free delivery on orders of/ }), '20000');
    const rate = within(await part('Tax (GCT)')).getByRole('textbox', { name: /Tax rate/ });
    await user.clear(rate);
    await user.type(rate, '15');
    const phone = within(await part('Store details')).getByRole('textbox', { name: 'Phone' });
    await user.clear(phone);
    await user.type(phone, '+1 (876) 555-0199');
    await user.click(saveButton());

    expect(await screen.findByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.delivery_fees).toMatchObject({ Kingston: 500, 'St. Andrew': 650, Portland: 500 });
    expect(saved[0]).toMatchObject({
      free_delivery_over: 20000,
      tax: { name: 'GCT', rate: 15, prices_include_tax: false, registration_number: null },
      store: { phone: '+1 (876) 555-0199' },
    });
    expect(stAndrew).toHaveValue('650.00');
  });

  it('sets GCT at 15 % held in the prices with the shop’s registration number, and refuses a blank tax name', async () => {
    const user = userEvent.setup();
    const saved = stubSettings();
    renderShop(pages, { path: '/admin/settings' });

    const taxSection = await screen.findByRole('region', { name: 'Tax (GCT)' });
    const name = within(taxSection).getByRole('textbox', { name: /Tax name/ });
    expect(name).toHaveValue('GCT');
    expect(name).toHaveAttribute('maxlength', '20');
    const included = within(taxSection).getByRole('checkbox', { name: 'Prices include the tax' });
    expect(included).not.toBeChecked();
    await user.clear(name);
    await user.click(saveButton());
    expect(name).toHaveAccessibleDescription('Tax name is required');
    expect(name).toHaveFocus();
    expect(saved).toHaveLength(0);

    await user.type(name, 'GCT');
    const rate = within(taxSection).getByRole('textbox', { name: /Tax rate/ });
    await user.clear(rate);
    await user.type(rate, '15');
    await user.click(included);
    const registration = within(taxSection).getByRole('textbox', { name: /GCT registration number/ });
    expect(registration).toHaveAttribute('maxlength', '40');
    await user.type(registration, ' 001-234-567 ');
    await user.click(saveButton());

    expect(await screen.findByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();
    expect(saved[0]?.tax).toEqual({ name: 'GCT', rate: 15, prices_include_tax: true, registration_number: '001-234-567' });
    expect(included).toBeChecked();
    expect(registration).toHaveValue('001-234-567');
  });

  it('sets the street, the directions, the getting-here hints a line each and the map point', async () => {
    const user = userEvent.setup();
    const saved = stubSettings();
    renderShop(pages, { path: '/admin/settings' });

    const store = await part('Store details');
    const street = within(store).getByRole('textbox', { name: 'Street' });
    await user.clear(street);
    await user.type(street, '7 Harbour Street');
    const directions = within(store).getByRole('textbox', { name: /Directions/ });
    expect(directions).toHaveValue(defaultStoreSettings.store.directions);
    await user.clear(directions);
    await user.type(directions, 'Across from the clock tower.');
    const hints = within(store).getByRole('textbox', { name: /Getting-here hints/ });
    expect(hints).toHaveValue(defaultStoreSettings.store.getting_here.join('\n'));
    await user.clear(hints);
    await user.type(hints, 'Parking behind the plaza{Enter}{Enter}  Any bus to Half Way Tree  ');
    for (const [name, value] of [
      ['Map latitude', '18.0125'],
      ['Map longitude', '-76.7972'],
    ] as const) {
      const field = within(store).getByRole('textbox', { name: new RegExp(name) });
      await user.clear(field);
      await user.type(field, value);
    }
    await user.click(saveButton());

    expect(await screen.findByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();
    expect(saved[0]?.store).toEqual({
      ...defaultStoreSettings.store,
      street: '7 Harbour Street',
      directions: 'Across from the clock tower.',
      getting_here: ['Parking behind the plaza', 'Any bus to Half Way Tree'],
      map_location: { latitude: 18.0125, longitude: -76.7972 },
    });
  });

  it('names a map point that is not one and sends nothing', async () => {
    const user = userEvent.setup();
    const saved = stubSettings();
    renderShop(pages, { path: '/admin/settings' });
    const longitude = within(await part('Store details')).getByRole('textbox', { name: /Map longitude/ });
    await user.clear(longitude);
    await user.type(longitude, '-276.8');
    await user.click(saveButton());
    expect(longitude).toHaveAccessibleDescription('Longitude is between -180 and 180');
    expect(longitude).toHaveFocus();
    expect(saved).toHaveLength(0);
  });

  it('names the fields that are wrong, focuses the first and sends nothing', async () => {
    const user = userEvent.setup();
    const saved = stubSettings();
    renderShop(pages, { path: '/admin/settings' });

    const portland = within(await deliveryFees()).getByRole('textbox', { name: 'Portland (J$)' });
    await user.clear(portland);
    await user.type(portland, '-5');
    const rate = within(await part('Tax (GCT)')).getByRole('textbox', { name: /Tax rate/ });
    await user.clear(rate);
    await user.type(rate, '120');
    await user.clear(within(await part('Store details')).getByRole('textbox', { name: 'E-mail' }));
    await user.click(saveButton());

    const alert = screen.getAllByRole('alert')[0] as HTMLElement;
    expect(alert).toHaveTextContent('Delivery fee cannot be negative');
    expect(alert).toHaveTextContent('Tax rate is at most 100 %');
    expect(alert).toHaveTextContent('E-mail must be an e-mail address');
    expect(portland).toHaveFocus();
    expect(portland).toHaveAccessibleDescription('Delivery fee cannot be negative');
    expect(saved).toHaveLength(0);
  });

  it('loads each method’s terms, and saves a new lead time and fee of Knutsford Express and the post office switched off', async () => {
    const user = userEvent.setup();
    const saved = stubSettings();
    renderShop(pages, { path: '/admin/settings' });
    const knutsford = await group('Delivery and pickup', 'Knutsford Express');
    const fee = within(knutsford).getByRole('textbox', { name: 'Fee of Knutsford Express (J$)' });
    const lead = within(knutsford).getByRole('textbox', { name: /Lead time of Knutsford Express/ });
    expect(fee).toHaveValue('900.00');
    expect(lead).toHaveValue('3');
    const fees = await deliveryFees();
    expect(within(fees).getByRole('textbox', { name: /Lead time of Delivery/ })).toHaveValue('2');
    expect(within(fees).getByRole('textbox', { name: 'Kingston (J$)' })).toHaveValue('10.00');
    const postOffice = await group('Delivery and pickup', 'Post office');
    expect(within(postOffice).getByRole('checkbox', { name: 'Offer Post office' })).toBeChecked();
    const holidays = await group('Delivery and pickup', 'Public holidays');
    expect(within(holidays).getByRole('textbox', { name: 'Name of holiday 1' })).toHaveValue("New Year's Day");

    await user.clear(fee);
    await user.type(fee, 'J$1,250');
    await user.clear(lead);
    await user.type(lead, '4');
    await user.click(within(postOffice).getByRole('checkbox', { name: 'Offer Post office' }));
    expect(within(postOffice).queryByRole('textbox', { name: 'Fee of Post office (J$)' })).toBeNull();
    await user.click(saveButton());

    expect(await screen.findByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();
    expect(saved[0]?.shipping_methods).toEqual({
      pickup: { fee: 0, lead_days: 1 },
      delivery: { offered: true, lead_days: 2 },
      knutsford: { fee: 1250, lead_days: 4 },
      post_office: { fee: null, lead_days: 5 },
    });
    expect(saved[0]?.pickup_points).toEqual(defaultStoreSettings.pickup_points);
    expect(fee).toHaveValue('1250.00');
  });

  it('refuses a negative lead time and a fee that is no amount beside their fields, and sends nothing', async () => {
    const user = userEvent.setup();
    const saved = stubSettings();
    renderShop(pages, { path: '/admin/settings' });
    const lead = within(await group('Delivery and pickup', 'Post office')).getByRole('textbox', { name: /Lead time of Post office/ });
    await user.clear(lead);
    await user.type(lead, '-1');
    const fee = within(await group('Delivery and pickup', 'Store pickup')).getByRole('textbox', { name: /Fee of Store pickup/ });
    await user.clear(fee);
    await user.type(fee, 'free');
    await user.click(saveButton());
    expect(fee).toHaveAccessibleDescription(moneyTextMessage);
    expect(fee).toHaveFocus();
    expect(lead).toHaveAccessibleDescription('Lead time of post office cannot be negative');
    expect(saved).toHaveLength(0);
  });

  it('adds a pickup point and a holiday, removes one of each, and saves the lists', async () => {
    const user = userEvent.setup();
    const saved = stubSettings();
    renderShop(pages, { path: '/admin/settings' });
    const points = await group('Delivery and pickup', 'Pickup points');
    const holidays = await group('Delivery and pickup', 'Public holidays');

    await user.click(within(points).getByRole('button', { name: 'Remove Kingston Post Office, King Street' }));
    await user.click(within(points).getByRole('button', { name: 'Add a pickup point' }));
    const added = within(points).getByRole('group', { name: 'Pickup point 20' });
    await user.type(within(added).getByRole('textbox', { name: 'Name' }), 'Knutsford Express, Linstead');
    await user.type(within(added).getByRole('textbox', { name: /Code/ }), 'ke-linstead');
    expect(within(added).getByRole('combobox', { name: 'Kind' })).toHaveValue('knutsford');
    expect(added).toHaveAccessibleName('Knutsford Express, Linstead');

    await user.click(within(holidays).getByRole('button', { name: "Remove holiday 1 (New Year's Day)" }));
    await user.click(within(holidays).getByRole('button', { name: 'Add a holiday' }));
    await user.type(within(holidays).getByLabelText('Date of holiday 20'), '2026-12-31');
    await user.type(within(holidays).getByRole('textbox', { name: 'Name of holiday 20' }), "New Year's Eve");

    // No parish chosen yet: said beside the field, nothing sent.
    await user.click(saveButton());
    const parish = within(added).getByRole('combobox', { name: 'Parish' });
    expect(parish).toHaveAccessibleDescription('A pickup point is in one of the 14 parishes');
    expect(parish).toHaveFocus();
    expect(saved).toHaveLength(0);
    await user.selectOptions(parish, 'St. Catherine');
    await user.click(saveButton());

    expect(await screen.findByText('Settings saved. The shop charges and shows them from now on.')).toBeVisible();
    const savedPoints = saved[0]?.pickup_points ?? [];
    expect(savedPoints).toHaveLength(20);
    expect(savedPoints.map((point) => point.code)).not.toContain('po-kingston');
    expect(savedPoints.at(-1)).toEqual({
      code: 'ke-linstead',
      name: 'Knutsford Express, Linstead',
      kind: 'knutsford',
      parish: 'St. Catherine',
    });
    const savedHolidays = saved[0]?.public_holidays ?? [];
    expect(savedHolidays).toHaveLength(20);
    expect(savedHolidays[0]).toEqual({ date: '2026-02-18', name: 'Ash Wednesday' });
    expect(savedHolidays.at(-1)).toEqual({ date: '2026-12-31', name: "New Year's Eve" });
  });

  it('shows a refusal of the server beside the field it names', async () => {
    const user = userEvent.setup();
    let puts = 0;
    stubApi([
      [
        /^\/api\/admin\/settings\/$/,
        (_url, init) => {
          if (init?.method !== 'PUT') return defaultStoreSettings;
          puts += 1;
          return json(
            {
              error: 'pickup_points.2.code: Each pickup point code once',
              fields: {
                'pickup_points.2.code': 'Each pickup point code once',
                'delivery_fees.St. Andrew': 'Delivery fee is at most 100,000',
              },
            },
            400,
          );
        },
      ],
    ]);
    renderShop(pages, { path: '/admin/settings' });
    const points = await group('Delivery and pickup', 'Pickup points');
    await user.click(saveButton());
    const spanishTown = await within(points).findByRole('group', { name: 'Knutsford Express, Spanish Town' });
    const code = within(spanishTown).getByRole('textbox', { name: /Code/ });
    await waitFor(() => expect(code).toHaveAccessibleDescription('Each pickup point code once'));
    expect(code).toHaveFocus();
    expect(within(await deliveryFees()).getByRole('textbox', { name: 'St. Andrew (J$)' })).toHaveAccessibleDescription(
      'Delivery fee is at most 100,000',
    );
    expect(puts).toBe(1);
    expect(screen.queryByText('Settings saved. The shop charges and shows them from now on.')).toBeNull();
  });

  it('shows beside the pickup points the server’s refusal to remove one that open orders wait at', async () => {
    const user = userEvent.setup();
    const inUse = adminMessages.pickupPointInUse('Knutsford Express, Half Way Tree', 2);
    stubApi([
      [
        /^\/api\/admin\/settings\/$/,
        (_url, init) => (init?.method === 'PUT' ? json({ error: `pickup_points: ${inUse}` }, 400) : defaultStoreSettings),
      ],
    ]);
    renderShop(pages, { path: '/admin/settings' });
    const points = await group('Delivery and pickup', 'Pickup points');
    await user.click(within(points).getByRole('button', { name: 'Remove Kingston Post Office, King Street' }));
    await user.click(saveButton());
    expect(await within(points).findByRole('alert')).toHaveTextContent(
      'Knutsford Express, Half Way Tree is used by 2 open orders: keep it until they are collected or cancelled.',
    );
    expect(screen.getByText('Please check the highlighted fields:')).toBeVisible();
    expect(screen.queryByText('Settings saved. The shop charges and shows them from now on.')).toBeNull();
  });

  it('shows the server’s refusal, and staff the owner-only message', async () => {
    stubApi([[/^\/api\/admin\/settings\/$/, () => json({ error: adminMessages.ownerOnly }, 403)]]);
    renderShop(pages, { path: '/admin/settings' });
    const refusal = await screen.findByRole('region', { name: 'Only the owner can use this page' });
    expect(refusal).toHaveTextContent('The shop’s settings are the owner’s to change.');
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says when the settings cannot be loaded, and loads them on Try again', async () => {
    const user = userEvent.setup();
    let failing = true;
    stubSettings(() => (failing ? json({ error: 'Something went wrong on our side.' }, 500) : defaultStoreSettings));
    renderShop(pages, { path: '/admin/settings' });
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('Something went wrong on our side.');
    failing = false;
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(within(await deliveryFees()).getByRole('textbox', { name: 'Kingston (J$)' })).toHaveValue('10.00');
  });
});
