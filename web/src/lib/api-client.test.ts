import { adminMessages, messages, sessionHeaders, storageKeys } from '@threadline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiGetFile, apiSend, ensureSession, onSignInEnded } from './api-client.ts';

const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

function setCsrfCookie(token: string): void {
  document.cookie = `${sessionHeaders.csrfCookie}=${token}; path=/`;
}

function clearCsrfCookie(): void {
  document.cookie = `${sessionHeaders.csrfCookie}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/** Answers GET /api/csrf/ the way the API does: a new cookie and the session key in a header. */
function sessionAnswer(sessionKey: string, csrfToken: string): Response {
  setCsrfCookie(csrfToken);
  return json({ csrftoken: csrfToken, session_key: sessionKey }, { headers: { [sessionHeaders.sessionKey]: sessionKey } });
}

function call(index: number): { url: string; method: string; headers: Headers; body: RequestInit['body'] } {
  const [input, init] = fetchMock.mock.calls[index] ?? [];
  return {
    url: String(input),
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
    body: init?.body,
  };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  clearCsrfCookie();
});

describe('the session and its headers', () => {
  it('fetches the session first when the CSRF cookie is absent and stores the session key from the header', async () => {
    localStorage.setItem(storageKeys.accessToken, 'access-1');
    fetchMock.mockImplementationOnce(async () => sessionAnswer('session-1', 'csrf-1')).mockResolvedValueOnce(json({ success: true }));

    const answer = await apiSend<{ success: boolean }>('POST', '/orders/cart/', { product_id: 7, quantity: 1 });

    expect(answer).toEqual({ success: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(call(0)).toMatchObject({ url: '/api/csrf/', method: 'GET' });
    expect(localStorage.getItem(storageKeys.sessionKey)).toBe('session-1');

    const post = call(1);
    expect(post).toMatchObject({ url: '/api/orders/cart/', method: 'POST' });
    expect(post.headers.get('X-Session-Key')).toBe('session-1');
    expect(post.headers.get('X-CSRFToken')).toBe('csrf-1');
    expect(post.headers.get('Authorization')).toBe('Bearer access-1');
    expect(post.headers.get('Content-Type')).toBe('application/json');
    expect(post.body).toBe(JSON.stringify({ product_id: 7, quantity: 1 }));
    expect(fetchMock.mock.calls[1]?.[1]?.credentials).toBe('include');
  });

  it('sends the session key and bearer token on a read, without a CSRF token or a session fetch', async () => {
    localStorage.setItem(storageKeys.sessionKey, 'session-1');
    localStorage.setItem(storageKeys.accessToken, 'access-1');
    fetchMock.mockResolvedValueOnce(json({ featured_products: [] }));

    await apiGet('/home/');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const read = call(0);
    expect(read).toMatchObject({ url: '/api/home/', method: 'GET' });
    expect(read.headers.get('X-Session-Key')).toBe('session-1');
    expect(read.headers.get('Authorization')).toBe('Bearer access-1');
    expect(read.headers.has('X-CSRFToken')).toBe(false);
  });

  it('sends no Authorization header when no token is stored', async () => {
    fetchMock.mockResolvedValueOnce(json({}));
    await apiGet('/home/');
    expect(call(0).headers.has('Authorization')).toBe(false);
  });

  it('leaves the content type of a FormData body to the browser', async () => {
    localStorage.setItem(storageKeys.sessionKey, 'session-1');
    setCsrfCookie('csrf-1');
    fetchMock.mockResolvedValueOnce(json({ first_name: 'Ana' }));
    const form = new FormData();
    form.append('first_name', 'Ana');

    await apiSend('PUT', '/users/profile/', form);

    expect(call(0).body).toBe(form);
    expect(call(0).headers.has('Content-Type')).toBe(false);
  });

  it('checks the session on start, and calls made meanwhile carry the confirmed key', async () => {
    localStorage.setItem(storageKeys.sessionKey, 'stale-key');
    fetchMock.mockImplementationOnce(async () => sessionAnswer('fresh-key', 'csrf-1')).mockResolvedValueOnce(json({ count: 0 }));

    const started = ensureSession();
    const read = apiGet('/shop/');
    await Promise.all([started, read]);

    expect(call(0)).toMatchObject({ url: '/api/csrf/' });
    expect(call(1).headers.get('X-Session-Key')).toBe('fresh-key');
    expect(localStorage.getItem(storageKeys.sessionKey)).toBe('fresh-key');
  });
});

describe('answers', () => {
  it("throws the body's error field with the status", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: 'Invalid promo code' }, { status: 400 }));
    const failure = apiGet('/orders/cart/');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: 'Invalid promo code' });
  });

  it("throws the body's message field when there is no error field", async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Product out of stock' }, { status: 409 }));
    await expect(apiGet('/orders/cart/')).rejects.toMatchObject({ status: 409, message: 'Product out of stock' });
  });

  it('throws "HTTP error! status: 500" when the body names no error', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<h1>Bad gateway</h1>', { status: 500 }));
    await expect(apiGet('/home/')).rejects.toMatchObject({ status: 500, message: 'HTTP error! status: 500' });
  });

  it('gives the network message when the request fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiGet('/home/')).rejects.toMatchObject({ status: 0, message: messages.network });
  });

  it('gives the network message when a successful answer is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"featured_products": [', { status: 200 }));
    await expect(apiGet('/home/')).rejects.toMatchObject({ message: messages.network });
  });

  it('keeps a cancelled read a cancellation', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(apiGet('/shop/', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('gives the network message when no answer comes within 30 seconds, and waits that long first', async () => {
    vi.useFakeTimers();
    try {
      // Like fetch: a call that hangs ends only when its signal aborts.
      fetchMock.mockImplementationOnce(
        (_input, init) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation timed out.', 'TimeoutError')));
          }),
      );
      const answer = apiGet('/home/');
      const outcome = answer.then(
        () => 'answered',
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(29_000);
      expect(await Promise.race([outcome, Promise.resolve('still waiting')])).toBe('still waiting');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await outcome).toMatchObject({ status: 0, message: messages.network });
    } finally {
      vi.useRealTimers();
    }
  });

  it('returns undefined for an empty successful answer', async () => {
    localStorage.setItem(storageKeys.sessionKey, 'session-1');
    setCsrfCookie('csrf-1');
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiSend('DELETE', '/orders/cart/remove/3/')).resolves.toBeUndefined();
  });
});

describe('retry after 401 or 403', () => {
  it('renews the session and retries a state-changing call once', async () => {
    localStorage.setItem(storageKeys.sessionKey, 'expired-key');
    setCsrfCookie('csrf-old');
    fetchMock
      .mockResolvedValueOnce(json({ error: messages.csrfFailed }, { status: 403 }))
      .mockImplementationOnce(async () => sessionAnswer('session-2', 'csrf-2'))
      .mockResolvedValueOnce(json({ success: true }));

    await expect(apiSend('POST', '/orders/cart/promo/', { promo_code: 'WELCOME20' })).resolves.toEqual({
      success: true,
    });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(call(0).headers.get('X-Session-Key')).toBe('expired-key');
    expect(call(1)).toMatchObject({ url: '/api/csrf/', method: 'GET' });
    expect(call(1).headers.has('X-Session-Key')).toBe(false);
    const retry = call(2);
    expect(retry).toMatchObject({ url: '/api/orders/cart/promo/', method: 'POST' });
    expect(retry.headers.get('X-Session-Key')).toBe('session-2');
    expect(retry.headers.get('X-CSRFToken')).toBe('csrf-2');
    expect(retry.body).toBe(JSON.stringify({ promo_code: 'WELCOME20' }));
  });

  it('retries only once', async () => {
    localStorage.setItem(storageKeys.sessionKey, 'session-1');
    setCsrfCookie('csrf-1');
    fetchMock
      .mockResolvedValueOnce(json({ error: 'Please sign in' }, { status: 401 }))
      .mockImplementationOnce(async () => sessionAnswer('session-2', 'csrf-2'))
      .mockResolvedValueOnce(json({ error: 'Please sign in' }, { status: 401 }));

    await expect(apiSend('PATCH', '/orders/cart/update/1/', { quantity: 2 })).rejects.toMatchObject({
      status: 401,
      message: 'Please sign in',
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not retry a read', async () => {
    localStorage.setItem(storageKeys.sessionKey, 'session-1');
    fetchMock.mockResolvedValueOnce(json({ error: 'Forbidden' }, { status: 403 }));

    await expect(apiGet('/orders/')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(storageKeys.sessionKey)).toBe('session-1');
  });
});

describe('silent refresh after a 401', () => {
  const expired = () => json({ error: messages.signInExpired }, { status: 401 });

  beforeEach(() => {
    localStorage.setItem(storageKeys.sessionKey, 'session-1');
    localStorage.setItem(storageKeys.accessToken, 'access-old');
    localStorage.setItem(storageKeys.refreshToken, 'refresh-old');
    setCsrfCookie('csrf-1');
  });

  it('swaps the token pair once and retries the read with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(json({ token: 'access-new', refresh: 'refresh-new' }))
      .mockResolvedValueOnce(json({ addresses: [] }));

    await expect(apiGet('/users/addresses/')).resolves.toEqual({ addresses: [] });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(call(1)).toMatchObject({ url: '/api/users/auth/refresh/', method: 'POST', body: JSON.stringify({ refresh: 'refresh-old' }) });
    expect(call(1).headers.get('X-CSRFToken')).toBe('csrf-1');
    expect(call(2)).toMatchObject({ url: '/api/users/addresses/', method: 'GET' });
    expect(call(2).headers.get('Authorization')).toBe('Bearer access-new');
    expect(localStorage.getItem(storageKeys.accessToken)).toBe('access-new');
    expect(localStorage.getItem(storageKeys.refreshToken)).toBe('refresh-new');
  });

  it('shares one refresh between calls that hit the 401 together', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/users/auth/refresh/') return json({ token: 'access-new', refresh: 'refresh-new' });
      const bearer = new Headers(init?.headers).get('Authorization');
      return bearer === 'Bearer access-new' ? json({ url }) : expired();
    });

    const answers = await Promise.all([apiGet('/users/profile/'), apiGet('/users/wishlist/'), apiGet('/orders/')]);

    expect(answers).toEqual([{ url: '/api/users/profile/' }, { url: '/api/users/wishlist/' }, { url: '/api/orders/' }]);
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/users/auth/refresh/')).toHaveLength(1);
  });

  it('retries a state-changing call once with the new pair, without renewing the session', async () => {
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(json({ token: 'access-new', refresh: 'refresh-new' }))
      .mockResolvedValueOnce(expired());

    await expect(apiSend('POST', '/users/wishlist/toggle/', { product_id: 3 })).rejects.toMatchObject({ status: 401 });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(call(2)).toMatchObject({ url: '/api/users/wishlist/toggle/', method: 'POST' });
    expect(call(2).headers.get('Authorization')).toBe('Bearer access-new');
    expect(localStorage.getItem(storageKeys.sessionKey)).toBe('session-1');
  });

  it('clears both tokens and says the sign-in ended when the refresh is refused; the 401 stands', async () => {
    const ended = vi.fn<() => void>();
    const stop = onSignInEnded(ended);
    fetchMock.mockResolvedValueOnce(expired()).mockResolvedValueOnce(json({ error: messages.refreshInvalid }, { status: 401 }));

    await expect(apiGet('/users/profile/')).rejects.toMatchObject({ status: 401, message: messages.signInExpired });

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.refreshToken)).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });

  it('falls back to the session renewal of SPEC §7 for a state-changing call when the refresh is refused, still retrying once', async () => {
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(json({ error: messages.refreshInvalid }, { status: 401 }))
      .mockImplementationOnce(async () => sessionAnswer('session-2', 'csrf-2'))
      .mockResolvedValueOnce(json({ error: messages.signInRequired }, { status: 401 }));

    await expect(apiSend('PUT', '/users/profile/', { phone: '876' })).rejects.toMatchObject({ status: 401 });

    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/users/profile/',
      '/api/users/auth/refresh/',
      '/api/csrf/',
      '/api/users/profile/',
    ]);
    expect(call(3).headers.has('Authorization')).toBe(false);
  });

  it('keeps the tokens when the refresh could not reach the server', async () => {
    fetchMock.mockResolvedValueOnce(expired()).mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await expect(apiGet('/users/profile/')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem(storageKeys.accessToken)).toBe('access-old');
    expect(localStorage.getItem(storageKeys.refreshToken)).toBe('refresh-old');
  });

  it('renews the CSRF token and asks once more when the refresh is refused as a stale session', async () => {
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(json({ error: messages.csrfFailed }, { status: 403 }))
      .mockImplementationOnce(async () => sessionAnswer('session-2', 'csrf-2'))
      .mockResolvedValueOnce(json({ token: 'access-new', refresh: 'refresh-new' }))
      .mockResolvedValueOnce(json({ id: 5 }));

    await expect(apiGet('/users/profile/')).resolves.toEqual({ id: 5 });
    expect(call(3).headers.get('X-CSRFToken')).toBe('csrf-2');
  });

  it('retries with the token another caller already swapped in, without presenting the old refresh token', async () => {
    fetchMock.mockImplementationOnce(async () => {
      // Meanwhile another tab refreshed the pair.
      localStorage.setItem(storageKeys.accessToken, 'access-other-tab');
      localStorage.setItem(storageKeys.refreshToken, 'refresh-other-tab');
      return expired();
    });
    fetchMock.mockResolvedValueOnce(json({ id: 5 }));

    await expect(apiGet('/users/profile/')).resolves.toEqual({ id: 5 });

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(call(1).headers.get('Authorization')).toBe('Bearer access-other-tab');
  });

  it('never refreshes or retries a wrong password: the 401 is about the credentials sent', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: messages.signInFailed }, { status: 401 }));

    await expect(apiSend('POST', '/users/auth/login/', { email: 'a@example.com', password: 'nope' })).rejects.toMatchObject({
      status: 401,
      message: messages.signInFailed,
    });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(storageKeys.sessionKey)).toBe('session-1');
    expect(localStorage.getItem(storageKeys.refreshToken)).toBe('refresh-old');
  });

  it('does nothing more for a 401 when no refresh token is stored', async () => {
    localStorage.removeItem(storageKeys.refreshToken);
    fetchMock.mockResolvedValueOnce(expired());

    await expect(apiGet('/users/profile/')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('files', () => {
  it("fetches a file with the caller's token and names it as the server does", async () => {
    localStorage.setItem(storageKeys.sessionKey, 'session-1');
    localStorage.setItem(storageKeys.accessToken, 'access-1');
    fetchMock.mockResolvedValueOnce(
      new Response('email,first_name\nfan@example.com,Marley\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="threadline-newsletter-2026-11-25.csv"',
        },
      }),
    );
    const file = await apiGetFile('/admin/newsletter/?format=csv');
    expect(call(0).headers.get('Authorization')).toBe('Bearer access-1');
    expect(file.fileName).toBe('threadline-newsletter-2026-11-25.csv');
    expect(await file.blob.text()).toBe('email,first_name\nfan@example.com,Marley\n');
  });

  it("throws a refusal's error like any call", async () => {
    localStorage.setItem(storageKeys.sessionKey, 'session-1');
    fetchMock.mockResolvedValueOnce(json({ error: adminMessages.staffOnly }, { status: 403 }));
    await expect(apiGetFile('/admin/newsletter/?format=csv')).rejects.toMatchObject({
      name: 'ApiError',
      status: 403,
      message: adminMessages.staffOnly,
    });
  });
});
