import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@threadline/contracts';
import {
  callJson,
  startHttpSession,
  startServerProcesses,
  type HttpShopper,
  type ServerProcesses,
} from '../../../test/server-processes.ts';

// Two real server processes on one database: what one process's single connection would serialise
// (SQLite) or one pool would hide, two processes do at once.
let processes: ServerProcesses;
let urls: string[] = [];
beforeAll(async () => {
  // Every sign-up here comes from one address.
  processes = await startServerProcesses(2, { RATE_LIMIT_SCALE: '10' });
  urls = processes.urls;
}, 60_000);
afterAll(async () => processes?.close());

const place = {
  label: '',
  street_address: '12 Hope Road',
  apartment: '',
  city: 'Kingston',
  state: 'St. Andrew',
  postal_code: '',
  country: 'Jamaica',
};

/** The process the n-th call of a burst goes to: every other one. */
const processFor = (n: number) => urls[n % urls.length] ?? '';

async function signUp(email: string, password = 'island-breeze-42'): Promise<HttpShopper & { token: string }> {
  const shopper = await startHttpSession(processFor(0));
  const created = await callJson(processFor(0), 'POST', '/api/users/auth/register/', shopper.headers, {
    first_name: 'Ayesha',
    last_name: 'Campbell',
    email,
    password1: password,
    password2: password,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const token = String(created.body.token);
  return { ...shopper, token, headers: { ...shopper.headers, authorization: `Bearer ${token}` } };
}

describe('account calls at once, on two server processes', () => {
  it('checks only as many of a burst of sign-in guesses as the limit allows, the right one refused beyond it', async () => {
    const shopper = await signUp('burst@example.com', 'correct-horse-2');
    const guesses = Array.from({ length: 150 }, (_, n) => (n === 149 ? 'correct-horse-2' : `guess-${n}-xx`));
    const answers = await Promise.all(
      guesses.map((password, n) =>
        callJson(processFor(n), 'POST', '/api/users/auth/login/', shopper.headers, { email: 'burst@example.com', password }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(140);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 401)).toBe(true);
    expect(answers.find((answer) => answer.status === 429)?.body).toEqual({
      error: serverMessages.tooManySignInAttempts,
      request_id: expect.any(String),
    });
  }, 30_000);

  it('set-default calls at once all succeed and leave exactly one default', async () => {
    const shopper = await signUp('busy@example.com');
    const ids: number[] = [];
    for (const label of ['Home', 'Work', 'Gran']) {
      const added = await callJson(processFor(0), 'POST', '/api/users/addresses/', shopper.headers, { ...place, label });
      ids.push((added.body.address as { id: number }).id);
    }
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        callJson(processFor(n), 'POST', `/api/users/addresses/${ids[n % ids.length]}/set-default/`, shopper.headers),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const book = await callJson(processFor(1), 'GET', '/api/users/addresses/', shopper.headers);
    expect((book.body.addresses as { is_default: boolean }[]).filter((entry) => entry.is_default)).toHaveLength(1);
  }, 30_000);

  it('customers changing to one new e-mail at once: one gets it, the others are told it is in use', async () => {
    const shoppers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => signUp(`changer-${n}@example.com`)));
    const answers = await Promise.all(
      shoppers.map((shopper, n) => callJson(processFor(n), 'PUT', '/api/users/profile/', shopper.headers, { email: 'wanted@example.com' })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, answer.body])).toEqual(
      refused.map(() => [400, { error: serverMessages.profileEmailTaken, request_id: expect.any(String) }]),
    );
  }, 30_000);

  it('one e-mail signed up twice at once: one account, and the existing-account message', async () => {
    const sessions = await Promise.all([0, 1, 2, 3].map((n) => startHttpSession(processFor(n))));
    const answers = await Promise.all(
      sessions.map((shopper, n) =>
        callJson(processFor(n), 'POST', '/api/users/auth/register/', shopper.headers, {
          first_name: 'Twin',
          last_name: 'Brown',
          email: 'twin@example.com',
          password1: 'island-breeze-42',
          password2: 'island-breeze-42',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400, 400]);
    for (const answer of answers.filter((entry) => entry.status === 400))
      expect(answer.body).toEqual({ error: messages.emailTaken, request_id: expect.any(String) });
  }, 30_000);
});
