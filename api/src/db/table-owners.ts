import type { Database } from './tables.ts';

/**
 * The one module that writes each table (ARCHITECTURE: each table has one owning module). Others
 * read it where a join needs it, and change it only through the owner's service, passing their
 * transaction. `table-owners.test.ts` holds every write in api/src/modules and api/src/plugins to this.
 */
export const tableOwners = {
  categories: 'modules/catalog',
  products: 'modules/catalog',
  product_images: 'modules/catalog',
  // Stock changes only by a guarded update with a movement row beside it.
  product_variants: 'modules/inventory',
  // Each product's stock: recomputed from its variants by the summary refresher after an order
  // commits (ADR 36); staff changes, cancellations and imports still change it in their transaction.
  product_stock: 'modules/inventory',
  // The sizes and colours each product has in stock, kept beside product_stock.
  product_option_stock: 'modules/inventory',
  // Up to which stock movement the summaries are caught up: written by the refresher's catch-up alone.
  stock_summary_mark: 'modules/inventory',
  stock_movements: 'modules/inventory',
  users: 'modules/customers',
  addresses: 'modules/customers',
  refresh_tokens: 'modules/customers',
  sign_ins: 'modules/customers',
  password_reset_tokens: 'modules/customers',
  wishlist_items: 'modules/customers',
  guest_sessions: 'modules/session',
  carts: 'modules/cart',
  cart_items: 'modules/cart',
  cart_add_keys: 'modules/cart',
  shared_carts: 'modules/cart',
  shared_cart_lines: 'modules/cart',
  restock_alerts: 'modules/restock-alerts',
  promo_codes: 'modules/promotions',
  promo_redemptions: 'modules/promotions',
  // Held for the promo limits of a buyer's concurrent checkouts.
  checkout_claims: 'modules/promotions',
  orders: 'modules/orders',
  order_items: 'modules/orders',
  // The dashboard's day figures: moved by every change of an order, in its transaction (ADR 0024).
  order_day_totals: 'modules/orders',
  // Written in the transaction of each status change, by the module that changes the status.
  order_status_history: 'modules/orders',
  // Written in the transaction of the change it tells the customer of; sent and retried by the orders module.
  order_update_emails: 'modules/orders',
  // Moved in the transaction that pays an order, by whichever path pays it, through the orders module.
  invoice_counter: 'modules/orders',
  // The driver's proof of a delivery, written in the transaction that marks the order delivered.
  delivery_proofs: 'modules/orders',
  payments: 'modules/payments',
  payment_events: 'modules/payments',
  // Card refunds go through the provider the payments module talks to; cash ones are recorded beside them.
  refunds: 'modules/payments',
  // Proofs of bank transfers: their files go to the media store through the same module.
  payment_proofs: 'modules/payments',
  // The built-in card provider's own sessions, as Stripe would keep them.
  test_payment_sessions: 'modules/payments',
  test_refund_answers: 'modules/payments',
  exchange_rates: 'modules/currency',
  contact_messages: 'modules/content',
  newsletter_subscribers: 'modules/content',
  // Counted by the rate-limit plugin for every process; modules count through its countHit.
  rate_limits: 'plugins',
  // Append-only: every module records its admin changes through app.audit.
  audit_entries: 'modules/audit',
  shop_settings: 'modules/settings',
  catalog_import_runs: 'modules/catalog',
  // Taken and given back by api/src/timed-job.ts for every shop-wide job.
  job_leases: 'timed-job',
  reviews: 'modules/reviews',
  review_photos: 'modules/reviews',
  // Claimed by the review-request job before it sends, so two processes never ask twice.
  review_requests: 'modules/reviews',
  // A return's lines are counted against its order's under the order's lock, by this module alone.
  returns: 'modules/returns',
  return_items: 'modules/returns',
  // Restocking with a refund from the order page: counted with the returns it must never overlap.
  order_restocks: 'modules/returns',
} as const satisfies Record<keyof Database, string>;
