/**
 * Hostile input on every /api route (issue 11, ADR 11): each field of each route the app registers
 * gets every value a careless or hostile client sends, the other fields plausible, and every answer
 * must be below 500, a 4xx as `{error}`. Walked as three callers, a file each
 * (hostile-input.<caller>.test.ts), so the walks run on both cores; each file replaces fastify with
 * the listing of registered-routes.ts, so a route added later is walked without a change here.
 * Thousands of requests a walk: alone 10-25 s on SQLite, and beside other test files on a busy
 * 2-core machine one passed 90 s (hence each test's 180 s).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { createCategory, createProduct } from './factories.ts';
import { registeredRoutes as registered } from './registered-routes.ts';
import { createTestShop, signInStaff, signUp, startSession, type TestShop } from './helper.ts';

/** What a careless or hostile client sends in place of a field's value. */
const hostileValues: unknown[] = [
  2 ** 31,
  2 ** 63,
  -1,
  1e308,
  '2147483648',
  '9223372036854775808',
  '-1',
  '1e308',
  'NaN',
  'Infinity',
  'x'.repeat(100_000),
  'Kingston\u0000',
  '\u0000',
  true,
  null,
  {},
  [],
  ['1', '2'],
  { a: { b: { c: [1] } } },
  'Ĵamaïca 🇯🇲 \u202eevil',
  '\ud800',
];

/**
 * The longest text a field's contract accepts (as 'xxx…' or an e-mail address): whatever the contract
 * lets through must fit the column it is stored in.
 */
function longestAccepted(schema: z.ZodType): string | undefined {
  const lengths = [8192, 5000, 2048, 512, 300, 255, 254, 200, 120, 100, 60, 40, 20];
  return lengths
    .flatMap((length) => ['x'.repeat(length), `${'x'.repeat(length - 12)}@example.com`])
    .find((candidate) => schema.safeParse(candidate).success);
}

/** Whole bodies of the wrong shape or kind. */
const wholeBodies: [string, string][] = [
  ['[]', 'application/json'],
  ['"Kingston"', 'application/json'],
  ['null', 'application/json'],
  ['{"first_name": ', 'application/json'],
  ['first_name=Kingston', 'application/x-www-form-urlencoded'],
  ['Kingston', 'text/plain'],
];

interface WalkedRoute {
  method: string;
  url: string;
  params: Record<string, z.ZodType>;
  query: Record<string, z.ZodType>;
  /** Null: the route reads its body itself (multipart, raw webhook). */
  body: Record<string, z.ZodType> | null;
}

function fieldsOf(schema: unknown): Record<string, z.ZodType> | null {
  const object = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  return object instanceof z.ZodObject ? (object.shape as Record<string, z.ZodType>) : null;
}

function apiRoutes(): WalkedRoute[] {
  return registered
    .filter((route) => route.url.startsWith('/api/'))
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method,
          url: route.url,
          // A route that declares no params schema still has its path's params walked.
          params:
            fieldsOf(route.schema?.params) ?? Object.fromEntries([...route.url.matchAll(/:(\w+)/g)].map(([, name]) => [name, z.string()])),
          query: fieldsOf(route.schema?.querystring) ?? {},
          body: fieldsOf(route.schema?.body),
        })),
    );
}

/** A plausible value for a field, so a request with one hostile field gets past the others to the database. */
function sampleFor(name: string, schema: z.ZodType, named: Record<string, unknown>): unknown {
  if (name in named) return named[name];
  return ['Kingston', 1, true].find((candidate) => schema.safeParse(candidate).success);
}

function validValues(fields: Record<string, z.ZodType>, named: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .map(([name, schema]) => [name, sampleFor(name, schema, named)] as const)
      .filter(([, value]) => value !== undefined),
  );
}

const asUrlText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A lone surrogate has no UTF-8 form: it goes into the path as the bytes a broken client would send. */
function pathSegment(value: unknown): string {
  try {
    return encodeURIComponent(asUrlText(value));
  } catch {
    return '%ED%A0%80';
  }
}

function pathWith(url: string, params: Record<string, unknown>): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => pathSegment(params[name]));
}

function queryWith(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, asUrlText(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

interface Attempt {
  route: WalkedRoute;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
  /** A whole body that is no object of fields: sent as it is, with its content type. */
  rawBody?: { payload: string; contentType: string };
  hostile: string;
}

/** One attempt per field and hostile value, the other fields plausible. */
function attemptsFor(route: WalkedRoute, named: Record<string, unknown>, bodyFallback: Record<string, z.ZodType>): Attempt[] {
  const params = validValues(route.params, { ...named, id: '1' });
  const query = validValues(route.query, named);
  const bodyFields = route.body ?? bodyFallback;
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : validValues(bodyFields, named);
  const attempts: Attempt[] = [];
  const describeValue = (value: unknown) => {
    const text = asUrlText(value) ?? String(value);
    return text.length > 40 ? `${text.slice(0, 20)}…(${text.length} characters)` : text;
  };
  const valuesFor = (schema: z.ZodType) => {
    const longest = longestAccepted(schema);
    return longest === undefined ? hostileValues : [...hostileValues, longest];
  };
  for (const [name, schema] of Object.entries(route.params)) {
    for (const value of valuesFor(schema)) {
      attempts.push({ route, params: { ...params, [name]: value }, query, body, hostile: `params.${name}=${describeValue(value)}` });
    }
  }
  for (const [name, schema] of Object.entries(route.query)) {
    for (const value of valuesFor(schema)) {
      attempts.push({ route, params, query: { ...query, [name]: value }, body, hostile: `query.${name}=${describeValue(value)}` });
    }
  }
  for (const [name, schema] of Object.entries(body ? bodyFields : {})) {
    for (const value of valuesFor(schema)) {
      attempts.push({ route, params, query, body: { ...body, [name]: value }, hostile: `body.${name}=${describeValue(value)}` });
    }
  }
  if (body) {
    for (const [payload, contentType] of wholeBodies) {
      attempts.push({
        route,
        params,
        query,
        body: undefined,
        rawBody: { payload, contentType },
        hostile: `body=${payload} (${contentType})`,
      });
    }
  }
  return attempts;
}

/** Puts a unit in the shopper's cart, so a checkout gets as far as writing the order. */
async function fillCart(app: FastifyInstance, headers: Record<string, string>, named: Record<string, unknown>) {
  await app.inject({
    method: 'POST',
    url: '/api/orders/cart/',
    headers,
    payload: { product_id: named.product_id, quantity: 1, variant_size: named.variant_size, variant_color: named.variant_color },
  });
}

/** Who walks the routes: a guest with a CSRF token, a signed-in customer, or the owner on the back office's routes. */
export type HostileCaller = 'guest' | 'customer' | 'owner';

interface Walker {
  /** The caller's headers on `shop`, made just before the walk. */
  headers(shop: TestShop): Promise<Record<string, string>>;
  walks(route: WalkedRoute): boolean;
}

const walkers: Record<HostileCaller, Walker> = {
  guest: { headers: async (shop) => (await startSession(shop.app)).headers, walks: () => true },
  // Signed up before the walk, whose hostile sign-ups use up the sign-up rate limit.
  customer: { headers: async (shop) => (await signUp(shop.app, { email: 'hostile.walker@example.com' })).headers, walks: () => true },
  // Guests and customers are turned away at the back office's door; the owner gets to every rule.
  owner: { headers: async (shop) => (await signInStaff(shop, 'owner')).headers, walks: (route) => route.url.startsWith('/api/admin/') },
};

/**
 * A shop of the file's own (made before its tests, closed after them) and the walk of every /api
 * route on it as `caller`, which answers what was not below 500 or not a 4xx as `{error}`.
 */
export function hostileWalkAs(caller: HostileCaller): () => Promise<string[]> {
  let shop: TestShop;
  let named: Record<string, unknown>;

  beforeAll(async () => {
    shop = await createTestShop();
    const db = shop.database.handle.db;
    const product = await createProduct(db, {
      name: 'Hostile Walker Tee',
      categoryId: await createCategory(db, { name: 'Walked' }),
      price: 250_000,
      variants: [{ size: 'M', color: 'Black', stock: 100_000 }],
    });
    named = {
      product_id: product.id,
      variant_size: 'M',
      variant_color: 'Black',
      quantity: 1,
      email: 'hostile.walker@example.com',
      phone: '876 555 0100',
      date_of_birth: '1990-04-12',
      shipping_method: 'delivery',
      payment_method: 'cash_on_delivery',
      currency: 'JMD',
      promo_code: 'WELCOME20',
    };
  });

  afterAll(async () => {
    await shop.close();
  });

  return async () => {
    const walker = walkers[caller];
    const routes = apiRoutes().filter(walker.walks);
    expect(apiRoutes().length).toBeGreaterThan(30);
    const headers = await walker.headers(shop);
    const bodyFallback = Object.assign({}, ...routes.map((route) => route.body ?? {})) as Record<string, z.ZodType>;
    const failures: string[] = [];
    for (const attempt of routes.flatMap((route) => attemptsFor(route, named, bodyFallback))) {
      const { route } = attempt;
      if (route.url === '/api/orders/checkout/') await fillCart(shop.app, headers, named);
      const response = await shop.app.inject({
        method: route.method as 'GET',
        url: pathWith(route.url, attempt.params) + queryWith(attempt.query),
        headers: attempt.rawBody ? { ...headers, 'content-type': attempt.rawBody.contentType } : headers,
        ...(attempt.body ? { payload: attempt.body } : {}),
        ...(attempt.rawBody ? { payload: attempt.rawBody.payload } : {}),
      });
      const what = `${route.method} ${route.url} ${attempt.hostile} → ${response.statusCode}`;
      if (response.statusCode >= 500) failures.push(`${what} ${response.body.slice(0, 120)}`);
      else if (response.statusCode >= 400) {
        const answer: unknown = String(response.headers['content-type']).startsWith('application/json') ? response.json() : null;
        if (!z.object({ error: z.string().min(1) }).safeParse(answer).success)
          failures.push(`${what} not {error}: ${response.body.slice(0, 120)}`);
      }
    }
    return failures;
  };
}
