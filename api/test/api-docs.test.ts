import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registeredRoutes as registered } from './registered-routes.ts';
import { createTestShop, type TestShop } from './helper.ts';

// Every route the app registers: a route added later is checked without a change here.
vi.mock('fastify', async (importOriginal) => (await import('./registered-routes.ts')).fastifyListingRoutes(importOriginal));

const docsPath = '/api/docs';

/** POST calls whose path names everything they act on: they take no body. */
const takesNoBody = new Set([
  'POST /api/admin/two-factor/setup/',
  'POST /api/orders/:id/cancel/',
  'POST /api/orders/payment/stripe/:id/',
  'POST /api/orders/payment/powertranz/:id/',
  'POST /api/users/addresses/:id/set-default/',
  'POST /api/orders/cart/share/',
  'POST /api/orders/cart/shared/:token/',
  'POST /api/admin/returns/:id/exchange/',
]);

/**
 * Routes whose body no route schema checks, each for its reason; the reference still describes it
 * (the route's swaggerTransform), which the document's test checks.
 */
const bodyNotInSchema = new Map([
  [
    'POST /api/orders/payment/stripe/webhook/',
    'the signature covers the raw bytes, so the body is kept as sent and checked by the provider SDK',
  ],
  [
    'PUT /api/users/profile/',
    'JSON or a multipart form with the picture: the route reads the parts, the service checks the fields with profileUpdateSchema',
  ],
  ['POST /api/admin/products/import/', 'a multipart form with the CSV file, parsed as it streams in: each row is checked by the import'],
  [
    'POST /api/admin/products/:id/images/',
    'a multipart form with the picture and its alt text: the route reads the parts, sharp checks the picture',
  ],
  [
    'POST /api/orders/:id/payment-proof/',
    'a multipart form with the proof of a bank transfer: the route reads the file, the service checks its bytes',
  ],
  ['POST /api/reviews/:id/photos/', 'a multipart form with the photo: the route reads the parts, sharp checks the picture'],
  [
    'POST /api/admin/orders/:id/delivered/',
    "the driver's multipart form (or JSON without a photo): the route reads the parts and checks the fields with deliveredFormSchema, sharp checks the photo",
  ],
]);

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
const isZod = (schema: unknown) => schema instanceof z.ZodType;

interface ApiCall {
  name: string;
  method: string;
  route: RouteOptions;
}

/** The shop's /api calls: every method of every route under /api except HEAD (Fastify's copy of a GET) and the reference itself. */
function apiCalls(): ApiCall[] {
  return registered
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith(docsPath))
    .flatMap((route) =>
      methodsOf(route)
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ name: `${method} ${route.url}`, method, route })),
    );
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every `$ref` anywhere in a JSON value. */
function refsIn(value: Json): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => (key === '$ref' && typeof child === 'string' ? [child] : refsIn(child)));
}

/** Every key anywhere in a JSON value. */
function keysIn(value: Json): string[] {
  if (Array.isArray(value)) return value.flatMap(keysIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [key, ...keysIn(child)]);
}

/** Follows a local JSON pointer (`#/components/schemas/Cart`) through the document. */
function resolvePointer(document: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: Json | undefined = document;
  for (const part of ref
    .slice(2)
    .split('/')
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (node === null || typeof node !== 'object' || Array.isArray(node) || !(part in node)) return undefined;
    node = node[part];
  }
  return node;
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

describe('the API describes itself', () => {
  let shop: TestShop;
  let document: OpenApiDocument;
  let documentJson: Json;

  beforeAll(async () => {
    shop = await createTestShop({ seed: false });
    await shop.ready();
    const answer = await shop.app.inject({ method: 'GET', url: `${docsPath}/json` });
    if (answer.statusCode !== 200) throw new Error(`${docsPath}/json answered ${answer.statusCode}`);
    documentJson = answer.json<Json>();
    document = answer.json<OpenApiDocument>();
  });

  afterAll(async () => {
    await shop.close();
  });

  it('every /api route declares, as zod schemas, the params, body and answers it takes and gives', () => {
    const calls = apiCalls();
    expect(calls.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const { name, method, route } of calls) {
      const schema = route.schema ?? {};
      const answers = Object.entries(schema.response ?? {});
      if (!answers.some(([status]) => /^[23]\d\d$/.test(status))) missing.push(`${name}: no schema of its answer`);
      for (const [status, answer] of answers) if (!isZod(answer)) missing.push(`${name}: answer ${status} is not a zod schema`);
      if (route.url.includes(':') && !isZod(schema.params)) missing.push(`${name}: no params schema`);
      if (schema.querystring !== undefined && !isZod(schema.querystring)) missing.push(`${name}: query is not a zod schema`);
      const takesBody = ['POST', 'PUT', 'PATCH'].includes(method) && !takesNoBody.has(name) && !bodyNotInSchema.has(name);
      if (takesBody && !isZod(schema.body)) missing.push(`${name}: no body schema`);
      if (!takesBody && schema.body !== undefined && !takesNoBody.has(name))
        missing.push(`${name}: a body schema on a route listed as taking none`);
    }
    expect(missing).toEqual([]);
    // The lists name routes that exist, so a renamed route cannot slip out of the rule unnoticed.
    const names = new Set(calls.map((call) => call.name));
    expect([...takesNoBody, ...bodyNotInSchema.keys()].filter((name) => !names.has(name))).toEqual([]);
  });

  it('the document is OpenAPI 3.1 and describes every /api call and nothing else', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe('Threadline API');
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = apiCalls().map(({ method, route }) => `${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual([...new Set(expected)].sort());
  });

  it('every operation answers with a schema, declares its path parameters, and every $ref resolves', () => {
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      const pathParameters = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        const routeName = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        const takesBody = ['POST', 'PUT', 'PATCH'].includes(method.toUpperCase()) && !takesNoBody.has(routeName);
        const body = operation.requestBody?.content;
        if (takesBody && !(body?.['application/json'] ?? body?.['multipart/form-data'])?.schema)
          problems.push(`${name}: its body is not described`);
        const success = Object.entries(operation.responses).filter(([status]) => /^[23]\d\d$/.test(status));
        if (success.length === 0) problems.push(`${name}: no success answer`);
        for (const [status, answer] of Object.entries(operation.responses)) {
          if (!answer.description) problems.push(`${name}: answer ${status} has no description`);
          // A redirect answers no body; every other answer is JSON, or a file (a CSV export), with a schema.
          if (!status.startsWith('3') && !Object.values(answer.content ?? {}).some((content) => content.schema))
            problems.push(`${name}: answer ${status} has no schema`);
        }
        // A call that answers a file lists its error answer under the file's type too (OpenAPI's `produces`).
        if (!Object.values(operation.responses.default?.content ?? {}).some((content) => content.schema))
          problems.push(`${name}: the error answer is not described`);
        for (const parameter of pathParameters) {
          const declared = operation.parameters?.find((candidate) => candidate.in === 'path' && candidate.name === parameter);
          if (!declared?.required) problems.push(`${name}: path parameter ${parameter} not declared as required`);
        }
      }
    }
    expect(problems).toEqual([]);
    const refs = refsIn(documentJson);
    expect(refs.filter((ref) => resolvePointer(documentJson, ref) === undefined)).toEqual([]);
    // OpenAPI 3.1 schemas are JSON Schema 2020-12: 3.0's `nullable` would be ignored by 3.1 tools.
    expect(keysIn(documentJson)).not.toContain('nullable');
  });

  it('the answers and bodies no route schema encodes or checks are described by their contracts', () => {
    const schema = document.paths['/api/product/{id}/']?.get?.responses['200']?.content?.['application/json']?.schema;
    expect(schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['product', 'related_products', 'variants']) });
    const profileForm = document.paths['/api/users/profile/']?.put?.requestBody?.content;
    expect(Object.keys(profileForm ?? {}).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(profileForm?.['multipart/form-data']?.schema).toMatchObject({
      properties: { first_name: { type: 'string' }, profile_picture: { type: 'string', format: 'binary' } },
    });
    expect(document.paths['/api/orders/payment/stripe/webhook/']?.post?.requestBody?.content['application/json']?.schema).toMatchObject({
      required: ['id', 'type', 'data'],
    });
  });

  it('/api/docs/ serves the reference with the shop page policy and its own assets, nothing from elsewhere', async () => {
    const page = await shop.app.inject({ method: 'GET', url: `${docsPath}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Threadline API reference</title>');
    const shopPage = await shop.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toBe(shopPage.headers['content-security-policy']);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset).toMatch(/^\.\/static\//);
      const answer = await shop.app.inject({ method: 'GET', url: new URL(asset, `http://shop${docsPath}/`).pathname });
      expect(answer.statusCode, asset).toBe(200);
    }
  });
});
