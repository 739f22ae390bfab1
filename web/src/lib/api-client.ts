import { messages, sessionHeaders, storageKeys } from '@threadline/contracts';
import { readStorage, removeStorage, writeStorage } from './storage.ts';

/** The one way the web app talks to the API (SPEC §7). */

const apiBase = '/api';

export type ChangeMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Method = 'GET' | ChangeMethod;

/** A failed call; `status` is 0 when no answer arrived. The message is safe to show to shoppers. */
export class ApiError extends Error {
  readonly status: number;
  /** A refusal naming more than one field: each field's message (a back-office form shows them all). */
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

function readCookie(name: string): string | null {
  for (const pair of document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator !== -1 && pair.slice(0, separator).trim() === name) {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    }
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function errorText(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (typeof body.error === 'string' && body.error !== '') return body.error;
  if (typeof body.message === 'string' && body.message !== '') return body.message;
  return null;
}

function errorFields(body: unknown): Record<string, string> {
  if (!isRecord(body) || !isRecord(body.fields)) return {};
  return Object.fromEntries(Object.entries(body.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

const callTimeoutMs = 30_000;
const uploadTimeoutMs = 120_000;

async function send(
  method: Method,
  path: string,
  body: unknown,
  signal: AbortSignal | undefined,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers = new Headers({ ...extraHeaders, Accept: 'application/json' });
  const sessionKey = readStorage(storageKeys.sessionKey);
  if (sessionKey) headers.set(sessionHeaders.sessionKey, sessionKey);
  const accessToken = readStorage(storageKeys.accessToken);
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  if (method !== 'GET') {
    const csrfToken = readCookie(sessionHeaders.csrfCookie);
    if (csrfToken) headers.set(sessionHeaders.csrfToken, csrfToken);
  }

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser writes the multipart content type itself, boundary included.
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  // A call the network leaves unanswered ends as a network failure, which pages already handle (the
  // cart keeps an add and sends it again later under the same Idempotency-Key).
  // The caller's signal is joined by hand: AbortSignal.any is missing from Safari before 17.4.
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), payload instanceof FormData ? uploadTimeoutMs : callTimeoutMs);
  const cancel = () => stop.abort(signal?.reason);
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel);
  try {
    return await fetch(`${apiBase}${path}`, { method, headers, body: payload, credentials: 'include', signal: stop.signal });
  } catch (error) {
    // A cancelled query must stay a cancellation, not turn into an error message.
    if (signal?.aborted) throw error;
    throw new ApiError(0, messages.network);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

async function readAnswer<T>(response: Response, signal: AbortSignal | undefined): Promise<T> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, messages.network);
  }

  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      // A failed call with a non-JSON body (a proxy's HTML page) still has a meaningful status.
      if (response.ok) throw new ApiError(response.status, messages.network);
    }
  }
  if (!response.ok) throw new ApiError(response.status, errorText(body) ?? messages.httpError(response.status), errorFields(body));
  return body as T;
}

let pendingSession: Promise<void> | null = null;

/** GET /api/csrf/: the answer sets the csrftoken cookie and names the session key; callers at the same time share one call. */
function startSession(): Promise<void> {
  pendingSession ??= (async () => {
    const response = await send('GET', '/csrf/', undefined, undefined);
    await readAnswer<unknown>(response, undefined);
    const sessionKey = response.headers.get(sessionHeaders.sessionKey);
    if (sessionKey) writeStorage(storageKeys.sessionKey, sessionKey);
  })().finally(() => {
    pendingSession = null;
  });
  return pendingSession;
}

/**
 * Runs before the one retry of a state-changing call answered 401 or 403 (SPEC §7): the session,
 * and the CSRF token derived from it, may have expired.
 */
async function renewCredentials(): Promise<void> {
  removeStorage(storageKeys.sessionKey);
  await startSession();
}

type ReadAnswer<T> = (response: Response, signal: AbortSignal | undefined) => Promise<T>;

/** A file the API answered with (a CSV export), and the name its Content-Disposition gives it. */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

async function readFile(response: Response, signal: AbortSignal | undefined): Promise<ApiFile> {
  // A refusal is the usual `{error}` JSON, read as every other call's.
  if (!response.ok) return readAnswer<never>(response, signal);
  try {
    const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
    return { blob: await response.blob(), fileName };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, messages.network);
  }
}

async function attempt<T>(
  method: Method,
  path: string,
  body: unknown,
  signal: AbortSignal | undefined,
  extraHeaders?: Record<string, string>,
  read: ReadAnswer<T> = readAnswer,
): Promise<T> {
  return read(await send(method, path, body, signal, extraHeaders), signal);
}

let pendingRefresh: Promise<boolean> | null = null;
const signInEndedListeners = new Set<() => void>();

/**
 * Called when the server refused the stored refresh token and both tokens were cleared: the
 * sign-in is over. Returns the unsubscribe function.
 */
export function onSignInEnded(listener: () => void): () => void {
  signInEndedListeners.add(listener);
  return () => {
    signInEndedListeners.delete(listener);
  };
}

// A wrong password or a bad reset link also answers 401; those calls present credentials of their
// own, so their 401 says nothing about the stored token or the session. Retrying them would also
// count one mistake twice towards the sign-in lockout.
const credentialPaths = ['/users/auth/', '/auth/'];
const presentsCredentials = (path: string) => credentialPaths.some((prefix) => path.startsWith(prefix));

function postRefresh(refresh: string): Promise<Response> {
  return send('POST', '/users/auth/refresh/', { refresh }, undefined);
}

/** Swaps the stored pair for a new one; true when the call that failed may be sent again. */
async function swapTokens(sentToken: string | null): Promise<boolean> {
  // Another tab (or an earlier caller) may have swapped the pair meanwhile; the new token is then
  // already stored, and presenting the old refresh token again would end the whole sign-in.
  const current = readStorage(storageKeys.accessToken);
  if (current && current !== sentToken) return true;
  const refresh = readStorage(storageKeys.refreshToken);
  if (!refresh) return false;
  if (!readCookie(sessionHeaders.csrfCookie) || !readStorage(storageKeys.sessionKey)) await startSession();
  let response = await postRefresh(refresh);
  if (response.status === 403) {
    await renewCredentials();
    response = await postRefresh(refresh);
  }
  if (response.status === 400 || response.status === 401) {
    removeStorage(storageKeys.accessToken);
    removeStorage(storageKeys.refreshToken);
    for (const listener of signInEndedListeners) listener();
    return false;
  }
  // A network failure or a 5xx ends nothing: the tokens stay for the next call.
  if (!response.ok) return false;
  const pair = await readAnswer<{ token: string; refresh: string }>(response, undefined);
  writeStorage(storageKeys.accessToken, pair.token);
  writeStorage(storageKeys.refreshToken, pair.refresh);
  return true;
}

/** Tabs of one browser share the tokens, so only one of them may present the refresh token at a time. */
function inRefreshLock(work: () => Promise<boolean>): Promise<boolean> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks) {
    return navigator.locks.request('threadline-token-refresh', work);
  }
  return work();
}

/**
 * Silent refresh after a 401: swaps the token pair once for every call that hit the 401 at the same
 * time. False when nothing was swapped; the caller's 401 then stands.
 */
function refreshAccessToken(sentToken: string | null): Promise<boolean> {
  if (!readStorage(storageKeys.refreshToken)) return Promise.resolve(false);
  pendingRefresh ??= inRefreshLock(() => swapTokens(sentToken))
    .catch(() => false)
    .finally(() => {
      pendingRefresh = null;
    });
  return pendingRefresh;
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  signal: AbortSignal | undefined,
  extraHeaders?: Record<string, string>,
  sessionFree = false,
  read: ReadAnswer<T> = readAnswer,
): Promise<T> {
  // Calls made while the session check runs wait for it, so they carry the confirmed session key.
  if (pendingSession && !sessionFree) await pendingSession.catch(() => undefined);
  // The CSRF token is derived from the session key, so a call needs both or neither is any use.
  if (method !== 'GET' && (!readCookie(sessionHeaders.csrfCookie) || !readStorage(storageKeys.sessionKey))) {
    await startSession();
  }
  const sentToken = readStorage(storageKeys.accessToken);
  try {
    return await attempt<T>(method, path, body, signal, extraHeaders, read);
  } catch (error) {
    if (!(error instanceof ApiError) || (presentsCredentials(path) && error.status === 401)) throw error;
    // At most one retry per call: with a new token pair, or else (SPEC §7) with a new session.
    if (error.status === 401 && (await refreshAccessToken(sentToken))) return attempt<T>(method, path, body, signal, extraHeaders, read);
    if (method === 'GET' || (error.status !== 401 && error.status !== 403)) throw error;
    await renewCredentials();
    return attempt<T>(method, path, body, signal, extraHeaders, read);
  }
}

/**
 * A read under /api, e.g. `apiGet<HomeData>('/home/', { signal })`. `sessionFree` marks a read
 * whose answer is the same for every session (the catalogue, the rates): it need not wait for the
 * session check on app start, so the first page's data is not one round trip later.
 */
export function apiGet<T>(path: string, options: { signal?: AbortSignal; sessionFree?: boolean } = {}): Promise<T> {
  return request<T>('GET', path, undefined, options.signal, undefined, options.sessionFree);
}

/** A file under /api (e.g. a CSV export), fetched with the caller's sign-in like any read, for the page to save. */
export function apiGetFile(path: string, options: { signal?: AbortSignal } = {}): Promise<ApiFile> {
  return request<ApiFile>('GET', path, undefined, options.signal, undefined, false, readFile);
}

/**
 * A state-changing call under /api; a FormData body is sent as multipart, anything else as JSON.
 * `headers` adds call-specific ones, such as an Idempotency-Key.
 */
export function apiSend<T>(method: ChangeMethod, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  return request<T>(method, path, body, undefined, headers);
}

/**
 * The session check on app start (SPEC §7, GET /csrf/): confirms the stored session key (the server
 * replaces one it does not know) and renews the CSRF cookie.
 */
export function ensureSession(): Promise<void> {
  return startSession();
}
