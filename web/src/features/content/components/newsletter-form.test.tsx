import { contentMessages, messages } from '@threadline/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsletterForm } from './newsletter-form.tsx';

type Answer = { status: number; body: unknown };

/** Answers POST /api/newsletter/ with `answer`, after `gate` settles when one is given. */
function stubNewsletter(answer: Answer, gate?: Promise<void>) {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    await gate;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NewsletterForm />
    </QueryClientProvider>,
  );
  return {
    email: screen.getByLabelText('Email address'),
    firstName: screen.getByLabelText(/First name/),
    submit: screen.getByRole('button', { name: 'Subscribe' }),
  };
}

describe('newsletter form', () => {
  beforeEach(() => {
    // A session already exists, so the form's POST is the only call.
    document.cookie = 'csrftoken=test-token';
    localStorage.setItem('sessionKey', 'k'.repeat(40));
  });

  it('subscribes, shows the server message and clears the form', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = stubNewsletter({ status: 200, body: { success: true, message: contentMessages.subscribed } }, gate);
    const { email, firstName, submit } = renderForm();

    await user.type(firstName, 'Aaliyah');
    await user.type(email, 'aaliyah@example.com');
    await user.click(submit);

    expect(await screen.findByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    release();
    expect(await screen.findByText(contentMessages.subscribed)).toBeVisible();
    expect(email).toHaveValue('');
    expect(firstName).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();

    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/newsletter/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'aaliyah@example.com', first_name: 'Aaliyah' });
  });

  it('explains a missing or malformed e-mail before calling the server', async () => {
    const user = userEvent.setup();
    const fetchMock = stubNewsletter({ status: 200, body: {} });
    const { email, submit } = renderForm();

    await user.click(submit);
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveFocus();

    await user.type(email, 'not-an-email');
    await user.click(submit);
    expect(screen.getByText('Enter a valid email address')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's error", async () => {
    const user = userEvent.setup();
    stubNewsletter({ status: 429, body: { error: messages.tooManyRequests } });
    const { email, submit } = renderForm();

    await user.type(email, 'shopper@example.com');
    await user.click(submit);

    expect(await screen.findByText(messages.tooManyRequests)).toBeVisible();
    expect(email).toHaveValue('shopper@example.com');
  });
});
