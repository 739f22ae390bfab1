import type { Page } from './shop-test.ts';

/** A call to the API from the page, with the session and CSRF headers the shop's own calls carry. */
export async function callApi(page: Page, method: string, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async (call) => {
      const csrf =
        document.cookie
          .split('; ')
          .find((entry) => entry.startsWith('csrftoken='))
          ?.split('=')[1] ?? '';
      const response = await fetch(`/api${call.path}`, {
        method: call.method,
        headers: { 'content-type': 'application/json', 'x-session-key': localStorage.getItem('sessionKey') ?? '', 'x-csrftoken': csrf },
        body: JSON.stringify(call.body),
      });
      return response.status;
    },
    { method, path, body },
  );
}
