import { sql, type Kysely } from 'kysely';
import { withId } from './with-id.ts';

/**
 * The whole data model, portable: integer ids, integer money (minor units of JMD), 0/1 flags,
 * ISO-8601 text timestamps and JSON text, so one schema serves SQLite and PostgreSQL.
 */
/** A migration must not depend on today's table types, so it sees a database of unknown tables. */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'categories')
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('image', 'varchar(300)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('categories_parent_idx').on('categories').column('parent_id').execute();

  await withId(db, 'products')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug', 'varchar(220)', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('sale_price', 'integer', (c) => c.check(sql`sale_price >= 0`))
    .addColumn('wholesale_price', 'integer', (c) => c.check(sql`wholesale_price >= 0`))
    .addColumn('effective_price', 'integer', (c) =>
      c.generatedAlwaysAs(sql`CASE WHEN sale_price IS NOT NULL AND sale_price < price THEN sale_price ELSE price END`).stored(),
    )
    .addColumn('units_sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_new_arrival', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('specifications', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // Listings filter on is_active first, so it leads every listing index (counts become index-only).
  await db.schema.createIndex('products_category_created_idx').on('products').columns(['category_id', 'is_active', 'created_at']).execute();
  await db.schema.createIndex('products_created_idx').on('products').columns(['is_active', 'created_at', 'id']).execute();
  await db.schema.createIndex('products_price_idx').on('products').columns(['is_active', 'effective_price', 'id']).execute();
  await db.schema.createIndex('products_best_sellers_idx').on('products').columns(['is_active', 'units_sold', 'created_at']).execute();
  await db.schema.createIndex('products_featured_idx').on('products').columns(['is_featured', 'created_at']).execute();

  await withId(db, 'product_images')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(300)', (c) => c.notNull())
    .addColumn('alt_text', 'varchar(300)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_images_product_idx').on('product_images').columns(['product_id', 'position']).execute();

  await withId(db, 'product_variants')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('sku', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('size', 'varchar(40)')
    .addColumn('color', 'varchar(40)')
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`stock >= 0`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('product_variants_product_idx').on('product_variants').columns(['product_id', 'position']).execute();
  await db.schema.createIndex('product_variants_size_idx').on('product_variants').columns(['size']).execute();
  await db.schema.createIndex('product_variants_color_idx').on('product_variants').columns(['color']).execute();

  await withId(db, 'stock_movements')
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(30)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_movements_variant_idx').on('stock_movements').column('variant_id').execute();
  await db.schema.createIndex('stock_movements_order_idx').on('stock_movements').column('order_id').execute();

  await withId(db, 'users')
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_normalized', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(200)')
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('date_of_birth', 'varchar(10)')
    .addColumn('profile_picture', 'varchar(300)')
    .addColumn('google_subject', 'varchar(255)', (c) => c.unique())
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date_joined', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withId(db, 'addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('street_address', 'varchar(200)', (c) => c.notNull())
    .addColumn('apartment', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('state', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('postal_code', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').columns(['user_id', 'is_default']).execute();

  await withId(db, 'guest_sessions')
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guest_sessions_seen_idx').on('guest_sessions').column('last_seen_at').execute();

  await withId(db, 'refresh_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('rotated_at', 'varchar(30)')
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

  await withId(db, 'password_reset_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_idx').on('password_reset_tokens').column('user_id').execute();

  await withId(db, 'promo_codes')
    .addColumn('code', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('min_subtotal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'varchar(30)')
    .addColumn('ends_at', 'varchar(30)')
    .addColumn('usage_limit', 'integer')
    .addColumn('per_customer_limit', 'integer')
    .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addCheckConstraint('promo_codes_usage_check', sql`usage_limit is null or times_used <= usage_limit`)
    .execute();

  await withId(db, 'carts')
    .addColumn('session_id', 'integer', (c) => c.unique().references('guest_sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('promo_code_id', 'integer', (c) => c.references('promo_codes.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withId(db, 'cart_items')
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('cart_items_cart_variant_unique', ['cart_id', 'variant_id'])
    .execute();

  await withId(db, 'orders')
    .addColumn('order_number', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('session_id', 'integer', (c) => c.references('guest_sessions.id').onDelete('set null'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('payment_status', 'varchar(20)', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(30)', (c) => c.notNull())
    .addColumn('shipping_method', 'varchar(20)', (c) => c.notNull())
    .addColumn('address_line1', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('address_line2', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('parish', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('postal_code', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('discount_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping_cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
    .addColumn('promo_code_id', 'integer', (c) => c.references('promo_codes.id').onDelete('set null'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('exchange_rate', 'varchar(30)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(120)', (c) => c.unique())
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('paid_at', 'varchar(30)')
    .addColumn('cancelled_at', 'varchar(30)')
    .addColumn('confirmation_sent_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_session_idx').on('orders').column('session_id').execute();
  await db.schema.createIndex('orders_email_idx').on('orders').column('email').execute();
  await db.schema.createIndex('orders_unpaid_idx').on('orders').columns(['payment_status', 'expires_at']).execute();

  await withId(db, 'order_items')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id').onDelete('set null'))
    .addColumn('product_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('product_image', 'varchar(300)')
    .addColumn('size', 'varchar(40)')
    .addColumn('color', 'varchar(40)')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('line_total', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();
  await db.schema.createIndex('order_items_product_idx').on('order_items').column('product_id').execute();

  await withId(db, 'promo_redemptions')
    .addColumn('promo_code_id', 'integer', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('customer_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('customer_use_number', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('promo_redemptions_customer_use_unique', ['promo_code_id', 'customer_key', 'customer_use_number'])
    .execute();

  await withId(db, 'payments')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(30)', (c) => c.notNull())
    .addColumn('provider_session_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('payments_provider_session_unique', ['provider', 'provider_session_id'])
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();

  await withId(db, 'payment_events')
    .addColumn('provider', 'varchar(30)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('payment_events_event_unique', ['provider', 'event_id'])
    .execute();

  await withId(db, 'wishlist_items')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('wishlist_items_user_product_unique', ['user_id', 'product_id'])
    .execute();

  await withId(db, 'exchange_rates')
    .addColumn('fetched_on', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('rates', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withId(db, 'contact_messages')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withId(db, 'newsletter_subscribers')
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_normalized', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'rate_limits',
    'newsletter_subscribers',
    'contact_messages',
    'exchange_rates',
    'wishlist_items',
    'payment_events',
    'payments',
    'promo_redemptions',
    'order_items',
    'orders',
    'cart_items',
    'carts',
    'promo_codes',
    'password_reset_tokens',
    'refresh_tokens',
    'guest_sessions',
    'addresses',
    'users',
    'stock_movements',
    'product_variants',
    'product_images',
    'products',
    'categories',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
