import { contentMessages, defaultStoreSettings, messages, type StoreSettings } from '@threadline/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactPage } from './contact-page.tsx';

/** The owner's settings with every detail changed, so the page shows these and not the ones the shop opened with. */
const ownerSettings: StoreSettings = {
  ...defaultStoreSettings,
  store: {
    ...defaultStoreSettings.store,
    street: '7 Harbour Street',
    city: 'Half Way Tree',
    parish: 'St. Andrew',
    email: 'shop@harbour.example',
    phone: '+1 (876) 555-0199',
    chat_number: '+1 876 555 0177',
    hours: [{ days: 'Every day', hours: '8:00 AM-8:00 PM' }],
    directions: 'Across from the clock tower, above the pharmacy.',
    getting_here: ['Parking behind the plaza', 'Any bus to Half Way Tree'],
  },
};

function stubContact(
  answer: { status: number; body: unknown },
  store: { status: number; body: unknown } = { status: 200, body: ownerSettings },
) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const reply = String(input).includes('/api/store/') ? store : answer;
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls the contact form made (the page also reads the store's details). */
const contactCalls = (fetchMock: ReturnType<typeof stubContact>) =>
  fetchMock.mock.calls.filter(([input]) => !String(input).includes('/api/store/'));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ContactPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const form = screen.getByRole('form', { name: 'Contact form' });
  return {
    name: within(form).getByLabelText('Name'),
    email: within(form).getByLabelText('Email'),
    subject: within(form).getByLabelText('Subject'),
    message: within(form).getByLabelText('Message'),
    submit: within(form).getByRole('button', { name: 'Send Message' }),
  };
}

describe('contact page', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=test-token';
    localStorage.setItem('sessionKey', 'k'.repeat(40));
  });

  it('shows the owner’s store details and business hours, and how to get there', async () => {
    stubContact({ status: 200, body: {} });
    renderPage();
    expect(await screen.findByRole('link', { name: '+1 (876) 555-0199' })).toHaveAttribute('href', 'tel:+18765550199');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    expect(document.title).toBe('Contact Us | Threadline');

    const details = screen.getByRole('region', { name: 'Contact details' });
    expect(within(details).getByText(/7 Harbour Street/)).toHaveTextContent('7 Harbour StreetHalf Way Tree, Jamaica');
    expect(within(details).getByRole('link', { name: 'shop@harbour.example' })).toHaveAttribute('href', 'mailto:shop@harbour.example');
    expect(within(details).queryByRole('link', { name: defaultStoreSettings.store.phone })).toBeNull();
    expect(within(details).getByRole('link', { name: (name) => name.includes('WhatsApp') })).toHaveAttribute(
      'href',
      'https://wa.me/18765550177',
    );
    expect(screen.getByText('Half Way Tree, Jamaica')).toBeVisible();

    const hours = screen.getByRole('region', { name: 'Business hours' });
    expect(within(hours).getByText('Every day').nextElementSibling).toHaveTextContent('8:00 AM-8:00 PM');
    expect(within(hours).queryByText('Mon-Fri')).toBeNull();

    const gettingHere = screen.getByRole('region', { name: 'Getting Here' });
    expect(
      within(gettingHere).getByText(
        "We're at 7 Harbour Street, Half Way Tree, St. Andrew, Jamaica. Across from the clock tower, above the pharmacy.",
      ),
    ).toBeVisible();
    expect(
      within(gettingHere)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Parking behind the plaza', 'Any bus to Half Way Tree']);
    // The map's point is still the drawn one: the drawing shows the store under its new street.
    const drawing = within(gettingHere).getByRole('img', { name: /map of downtown Kingston/ });
    expect(drawing).toHaveAccessibleName(
      'Illustrated map of downtown Kingston Threadline is at 7 Harbour Street. Across from the clock tower, above the pharmacy. Kingston Harbour is to the south.',
    );
    expect(within(drawing).getByText('7 Harbour Street')).toBeInTheDocument();
    expect(screen.queryByText(defaultStoreSettings.store.street, { exact: false })).toBeNull();
    expect(within(gettingHere).getByRole('link', { name: /Open interactive map/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/www\.openstreetmap\.org\//),
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('names the store and links the map at the owner’s point when it is beyond the drawing of downtown Kingston', async () => {
    const elsewhere = { ...ownerSettings, store: { ...ownerSettings.store, map_location: { latitude: 18.0125, longitude: -76.7972 } } };
    stubContact({ status: 200, body: {} }, { status: 200, body: elsewhere });
    renderPage();
    const gettingHere = screen.getByRole('region', { name: 'Getting Here' });
    expect(await within(gettingHere).findByText('7 Harbour Street, Half Way Tree, St. Andrew, Jamaica')).toBeVisible();
    expect(within(gettingHere).queryByRole('img', { name: /map of downtown Kingston/ })).toBeNull();
    expect(within(gettingHere).getByRole('link', { name: /Open interactive map/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=18.0125&mlon=-76.7972#map=18/18.0125/-76.7972',
    );
    expect(within(gettingHere).getByRole('link', { name: /Directions/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/directions?to=18.0125%2C-76.7972',
    );
  });

  it('says so when the store’s details cannot be loaded, and loads them again on Try again', async () => {
    const user = userEvent.setup();
    const fetchMock = stubContact({ status: 200, body: {} }, { status: 500, body: { error: 'down' } });
    renderPage();
    const details = screen.getByRole('region', { name: 'Contact details' });
    expect(within(details).getByText("Loading the store's details...")).toBeInTheDocument();
    expect(await within(details).findByText("The store's details could not be loaded.", {}, { timeout: 5000 })).toBeVisible();
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(ownerSettings), { status: 200 }));
    await user.click(within(details).getAllByRole('button', { name: 'Try again' })[0] as HTMLElement);
    expect(await within(details).findByRole('link', { name: '+1 (876) 555-0199' })).toBeVisible();
  });

  it('requires every field, says so beside each one, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubContact({ status: 200, body: {} });
    const fields = renderPage();

    await user.click(fields.submit);

    expect(fields.name).toHaveAccessibleDescription('Name is required');
    expect(fields.email).toHaveAccessibleDescription('Email is required');
    expect(fields.subject).toHaveAccessibleDescription('Subject is required');
    expect(fields.message).toHaveAccessibleDescription('Message is required');
    expect(fields.name).toHaveFocus();

    await user.type(fields.name, 'Devon Brown');
    expect(fields.name).not.toHaveAttribute('aria-invalid');
    await user.type(fields.email, 'devon@');
    await user.click(fields.submit);
    expect(fields.email).toHaveAccessibleDescription('Enter a valid email address');
    expect(fields.email).toHaveFocus();
    expect(contactCalls(fetchMock)).toEqual([]);
  });

  it("sends the message, shows the server's answer and clears the form", async () => {
    const user = userEvent.setup();
    const fetchMock = stubContact({ status: 200, body: { success: true, message: contentMessages.contactSent } });
    const fields = renderPage();

    await user.type(fields.name, 'Devon Brown');
    await user.type(fields.email, 'devon@example.com');
    await user.type(fields.subject, 'Wholesale tees');
    await user.type(fields.message, 'Do you print custom designs for 40 shirts?');
    await user.click(fields.submit);

    expect(await screen.findByText(contentMessages.contactSent)).toBeVisible();
    for (const field of [fields.name, fields.email, fields.subject, fields.message]) expect(field).toHaveValue('');

    const [path, init] = contactCalls(fetchMock)[0] ?? [];
    expect(path).toBe('/api/contact/');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Devon Brown',
      email: 'devon@example.com',
      subject: 'Wholesale tees',
      message: 'Do you print custom designs for 40 shirts?',
    });
  });

  it("shows the server's message when it refuses, keeping what was typed", async () => {
    const user = userEvent.setup();
    stubContact({ status: 429, body: { error: messages.tooManyRequests } });
    const fields = renderPage();

    await user.type(fields.name, 'Devon Brown');
    await user.type(fields.email, 'devon@example.com');
    await user.type(fields.subject, 'Hello');
    await user.type(fields.message, 'Hi there');
    await user.click(fields.submit);

    expect(await screen.findByText(messages.tooManyRequests)).toBeVisible();
    expect(fields.message).toHaveValue('Hi there');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });
});
