import { contentMessages, messages, storeDetails } from '@threadline/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactPage } from './contact-page.tsx';

function stubContact(answer: { status: number; body: unknown }) {
  const fetchMock = vi.fn<typeof fetch>(
    async () => new Response(JSON.stringify(answer.body), { status: answer.status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
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

  it('shows the store details, business hours and how to get there', () => {
    stubContact({ status: 200, body: {} });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    expect(document.title).toBe('Contact Us | Threadline');

    const details = screen.getByRole('region', { name: 'Contact details' });
    expect(within(details).getByText(new RegExp(storeDetails.address.street))).toHaveTextContent(
      `${storeDetails.address.street}${storeDetails.address.city}, ${storeDetails.address.country}`,
    );
    expect(within(details).getByRole('link', { name: storeDetails.email })).toHaveAttribute(
      'href',
      `mailto:${storeDetails.email}`,
    );
    expect(within(details).getByRole('link', { name: storeDetails.phone })).toHaveAttribute(
      'href',
      storeDetails.phoneHref,
    );
    expect(
      within(details).getByRole('link', { name: (name) => name.includes(storeDetails.chat.label) }),
    ).toHaveAttribute('href', storeDetails.chat.href);

    const hours = screen.getByRole('region', { name: 'Business hours' });
    expect(within(hours).getByText('Mon-Fri').nextElementSibling).toHaveTextContent('9:00 AM-6:00 PM');
    expect(within(hours).getByText('Saturday').nextElementSibling).toHaveTextContent('10:00 AM-4:00 PM');
    expect(within(hours).getByText('Sunday').nextElementSibling).toHaveTextContent('Closed');

    const gettingHere = screen.getByRole('region', { name: 'Getting Here' });
    for (const hint of storeDetails.gettingHere) expect(within(gettingHere).getByText(hint)).toBeVisible();
    expect(within(gettingHere).getByRole('img', { name: /map of downtown Kingston/ })).toBeVisible();
    expect(within(gettingHere).getByRole('link', { name: /Open interactive map/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/www\.openstreetmap\.org\//),
    );
    expect(document.querySelector('iframe')).toBeNull();
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
    expect(fetchMock).not.toHaveBeenCalled();
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

    const [path, init] = fetchMock.mock.calls[0] ?? [];
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
