import type { Insertable } from 'kysely';
import type { Db } from '../src/db/database.ts';
import type { OrderTable } from '../src/db/tables.ts';
import { createProductStockRepository } from '../src/modules/inventory/product-stock.repository.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export async function createCategory(
  db: Db,
  values: { name: string; slug?: string; parentId?: number | null; sortOrder?: number },
): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({
      name: values.name,
      slug: values.slug ?? `${values.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${next()}`,
      parent_id: values.parentId ?? null,
      image: null,
      sort_order: values.sortOrder ?? 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface VariantValues {
  size?: string | null;
  color?: string | null;
  stock: number;
}

export interface ProductValues {
  name: string;
  categoryId: number;
  /** JMD minor units. */
  price: number;
  salePrice?: number | null;
  wholesalePrice?: number | null;
  description?: string;
  createdAt?: string;
  isFeatured?: boolean;
  isNew?: boolean;
  isActive?: boolean;
  unitsSold?: number;
  variants?: VariantValues[];
  images?: number;
  /** The colour each image shows, from the first; the rest show none. */
  imageColors?: (string | null)[];
}

/** A product with its variants (one option-less variant with 10 in stock unless given) and images. */
export async function createProduct(db: Db, values: ProductValues): Promise<{ id: number; variantIds: number[] }> {
  const n = next();
  const now = values.createdAt ?? new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
  const product = await db
    .insertInto('products')
    .values({
      name: values.name,
      slug: `${values.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${n}`,
      description: values.description ?? `${values.name}, made for the island.`,
      category_id: values.categoryId,
      price: values.price,
      sale_price: values.salePrice ?? null,
      wholesale_price: values.wholesalePrice ?? null,
      is_new_arrival: values.isNew ? 1 : 0,
      is_featured: values.isFeatured ? 1 : 0,
      is_active: values.isActive === false ? 0 : 1,
      units_sold: values.unitsSold ?? 0,
      features: JSON.stringify(['Soft cotton']),
      specifications: JSON.stringify({ Material: 'Cotton' }),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const variantIds: number[] = [];
  for (const [position, variant] of (values.variants ?? [{ stock: 10 }]).entries()) {
    const row = await db
      .insertInto('product_variants')
      .values({
        product_id: product.id,
        sku: `T-${product.id}-${position}`,
        size: variant.size ?? null,
        color: variant.color ?? null,
        stock: variant.stock,
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Stock is the sum of its movements, the opening stock included, as the seed makes it.
    await db
      .insertInto('stock_movements')
      .values({ variant_id: row.id, delta: variant.stock, reason: 'seed', order_id: null, staff_id: null, created_at: now })
      .execute();
    variantIds.push(row.id);
  }
  await createProductStockRepository(db).recount([product.id]);
  for (let position = 0; position < (values.images ?? 2); position += 1) {
    await db
      .insertInto('product_images')
      .values({
        product_id: product.id,
        position,
        path: `products/test-${product.id}-${position + 1}`,
        alt_text: `${values.name}, view ${position + 1}`,
        width: 960,
        height: 960,
        color: values.imageColors?.[position] ?? null,
      })
      .execute();
  }
  return { id: product.id, variantIds };
}

export async function createPromo(
  db: Db,
  values: {
    code: string;
    kind: 'percent' | 'fixed';
    value: number;
    minSubtotal?: number;
    endsAt?: string | null;
    usageLimit?: number | null;
    perCustomerLimit?: number | null;
    firstOrderOnly?: boolean;
  },
): Promise<number> {
  const row = await db
    .insertInto('promo_codes')
    .values({
      code: values.code,
      description: values.code,
      kind: values.kind,
      value: values.value,
      min_subtotal: values.minSubtotal ?? 0,
      starts_at: null,
      ends_at: values.endsAt ?? null,
      usage_limit: values.usageLimit ?? null,
      per_customer_limit: values.perCustomerLimit ?? null,
      times_used: 0,
      first_order_only: values.firstOrderOnly ? 1 : 0,
      is_active: 1,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An order row as checkout stores one, for tests that write many orders straight into the table: a
 * guest's cash pickup order with empty addresses, no promotion and nothing paid; the test sets what
 * it looks at.
 */
export function orderRow(orderNumber: string, createdAt: string, values: Partial<Insertable<OrderTable>> = {}): Insertable<OrderTable> {
  return {
    order_number: orderNumber,
    user_id: null,
    session_id: null,
    email: 'buyer@example.com',
    first_name: 'Kemar',
    last_name: 'Brown',
    phone: '',
    status: 'processing',
    payment_status: 'PENDING',
    payment_method: 'cash_on_delivery',
    shipping_method: 'pickup',
    address_line1: '',
    address_line2: '',
    city: '',
    parish: '',
    postal_code: '',
    country: '',
    subtotal: values.total ?? 0,
    discount_amount: 0,
    shipping_cost: 0,
    tax_amount: 0,
    total: 0,
    promo_code_id: null,
    currency: 'JMD',
    exchange_rate: '1',
    idempotency_key: null,
    checkout_hash: null,
    expires_at: null,
    paid_at: null,
    cancelled_at: null,
    confirmation_sent_at: null,
    confirmation_mailed_at: null,
    created_at: createdAt,
    updated_at: createdAt,
    ...values,
  };
}
