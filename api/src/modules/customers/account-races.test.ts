import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@threadline/contracts';
import { callJson, startHttpSession, startServerProcesses, type HttpShopper, type ServerProcesses } from '../../../test/server-processes.ts';

// Two real server processes on one database: what one process's single connection would serialise
// (SQLite) or one pool would hide, two processes do at once.
let processes: ServerProcesses;
let urls: string[] = [];
beforeAll(async () => {
  processes = await startServerProcesses(2);
  urls = processes.urls;
}, 60_000);
afterAll(async () => processes?.close());

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
      guesses.map((password, n) => callJson(processFor(n), 'POST', '/api/users/auth/login/', shopper.headers, { email: 'burst@example.com', password })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(140);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 401)).toBe(true);
    expect(answers.find((answer) => answer.status === 429)?.body).toEqual({ error: messages.tooManySignInAttempts });
  }, 30_000);
});
