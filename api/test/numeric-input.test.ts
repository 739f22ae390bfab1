import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestShop, type TestShop } from './helper.ts';
import { registeredRoutes } from './registered-routes.ts';

// Every route the app registers, with its schemas: a route added later is checked without a change here.
vi.mock('fastify', async (importOriginal) => (await import('./registered-routes.ts')).fastifyListingRoutes(importOriginal));

/** What is no number, which `Number()` (and so `z.coerce.number()`) reads as 1 or 0 all the same. */
const notNumbers: unknown[] = [true, false, null, '', ' ', [], [1], ['1'], {}];

const fieldsOf = (schema: unknown): Record<string, z.ZodType> => {
  const object = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  return object instanceof z.ZodObject ? (object.shape as Record<string, z.ZodType>) : {};
};

describe('numbers sent to the /api', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ seed: false });
    await shop.ready();
  });
  afterAll(() => shop.close());

  it('are a number or its digits in every path, query and body field that takes one: anything else is refused, never read as 1 or 0', () => {
    const numberFields = registeredRoutes
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
      .flatMap((route) =>
        (['params', 'querystring', 'body'] as const).flatMap((part) =>
          Object.entries(fieldsOf(route.schema?.[part]))
            // A field taking 1 but no text is a number field (the checkout's ignored shipping_cost takes either).
            .filter(([, schema]) => schema.safeParse(1).success && !schema.safeParse('Kingston').success)
            .map(([name, schema]) => ({ where: `${String(route.method)} ${route.url} ${part}.${name}`, inText: part !== 'body', schema })),
        ),
      );
    expect(numberFields.length).toBeGreaterThan(10);
    const readAsNumbers = numberFields.flatMap(({ where, schema }) =>
      notNumbers.flatMap((value) => {
        const read = schema.safeParse(value);
        // null may mean "none" where a field allows it, and stays null.
        return read.success && typeof read.data === 'number' ? [`${where} = ${JSON.stringify(value)} read as ${read.data}`] : [];
      }),
    );
    expect(readAsNumbers).toEqual([]);
    // A path or query string carries its numbers as digits.
    const digitsRefused = numberFields.filter(({ inText, schema }) => inText && !schema.safeParse('1').success).map(({ where }) => where);
    expect(digitsRefused).toEqual([]);
  });
});
