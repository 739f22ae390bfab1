import type { ColumnType, Generated } from 'kysely';
import type {
  AccountRole,
  CatalogImportRunStatus,
  OrderStatus,
  PaymentMethod,
  PaymentRefundReason,
  PaymentStatus,
  OrderSource,
  ProductStatus,
  ReturnReason,
  ReturnResolution,
  ReturnStatus,
  ReviewFit,
  ReviewStatus,
  ShippingMethod,
  StockMovementKind,
} from '@threadline/contracts';

/**
 * Table types. Portable choices, the same on SQLite and PostgreSQL:
 * money is integer minor units of JMD, flags are integers 0/1, timestamps are ISO-8601 UTC text
 * (lexical order is time order), JSON is text.
 */
type Id = Generated<number>;
type Flag = number;
type Timestamp = string;

export interface CategoryTable {
  id: Id;
  name: string;
  slug: string;
  parent_id: number | null;
  image: string | null;
  sort_order: number;
  created_at: Timestamp;
}

export interface ProductTable {
  id: Id;
  name: string;
  slug: string;
  description: string;
  category_id: number;
  price: number;
  sale_price: number | null;
  wholesale_price: number | null;
  /** The sale price when on sale, else the price: computed by the database, indexed for price sorts. */
  effective_price: ColumnType<number, never, never>;
  /** Units in paid or cash-on-delivery orders that are not cancelled; kept by the order transaction. */
  units_sold: Generated<number>;
  is_new_arrival: Flag;
  is_featured: Flag;
  /** 1 exactly when status is 'active': the storefront's listing indexes are on it. */
  is_active: Flag;
  status: Generated<ProductStatus>;
  /** JSON array of strings. */
  features: string;
  /** JSON object of string to string. */
  specifications: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductImageTable {
  id: Id;
  product_id: number;
  position: number;
  /** Media path without width and extension, e.g. `products/classic-runner-1`. */
  path: string;
  alt_text: string;
  width: number;
  height: number;
  /** The variant colour the picture shows; null when it shows no one colour. */
  color: string | null;
}

/** Every product has at least one variant; a product without options has one with size and color null. */
export interface ProductVariantTable {
  id: Id;
  product_id: number;
  sku: string;
  size: string | null;
  color: string | null;
  stock: number;
  position: number;
  /** Set when a variant that was ordered is removed: it is no longer sold or shown. */
  retired_at: Timestamp | null;
}

/** One row per product with variants still sold, kept by the inventory module beside every stock change (ADR 0023). */
export interface ProductStockTable {
  product_id: number;
  /** Units over the variants still sold. */
  stock: number;
  /** Variants still sold with 0 < stock ≤ the low-stock threshold, and with none left. */
  low_variants: number;
  out_variants: number;
  /**
   * Its option rows (product_option_stock) with variants in stock, as a JSON array of [size, colour]
   * pairs in size and colour order: what a listing's count and facets read (migration 0025, ADR 0031).
   */
  in_stock_options: Generated<string>;
}

export interface StockMovementTable {
  id: Id;
  variant_id: number;
  delta: number;
  /** The kind of movement; an adjustment's own words are its note. */
  reason: StockMovementKind;
  order_id: number | null;
  /** The staff member who adjusted the stock; null for orders and the seed. */
  staff_id: number | null;
  /** Why staff adjusted the stock, in their words; '' for the other kinds. */
  note: Generated<string>;
  created_at: Timestamp;
}

export interface UserTable {
  id: Id;
  email: string;
  /** Lower-cased e-mail: unique, so addresses are unique case-insensitively. */
  email_normalized: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string;
  date_of_birth: string | null;
  profile_picture: string | null;
  google_subject: string | null;
  email_verified: Flag;
  /** 'customer' for shoppers; 'staff' and 'owner' may use the back office. */
  role: Generated<AccountRole>;
  /** The TOTP secret, sealed (AES-GCM, key derived from SECRET_KEY); set at enrolment, before it is on. */
  totp_secret: string | null;
  totp_enabled: Generated<Flag>;
  /** The last 30-second step whose code was accepted: a code is never accepted twice. */
  totp_last_step: number | null;
  /** A disabled account cannot sign in; its sign-ins were ended when it was disabled. */
  disabled_at: Timestamp | null;
  date_joined: Timestamp;
  updated_at: Timestamp;
}

export interface AddressTable {
  id: Id;
  user_id: number;
  label: string;
  street_address: string;
  apartment: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  /** What to look for there ("opposite the Texaco"), '' when none (migration 0045). */
  landmark: Generated<string>;
  is_default: Flag;
  created_at: Timestamp;
}

export interface GuestSessionTable {
  id: Id;
  /** SHA-256 of the session key; the key itself is only ever held by the browser. */
  key_hash: string;
  user_id: number | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface RefreshTokenTable {
  id: Id;
  user_id: number;
  token_hash: string;
  /** All tokens rotated from one sign-in share a family; reuse of a rotated token revokes the family. */
  family_id: string;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

/** One sign-in (a device's session), named by its access tokens; its id is its refresh tokens' family. */
export interface SignInTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  /** 30 days after sign-in, whatever the refreshes in between. */
  expires_at: Timestamp;
  /** Sign-out, a password reset or a reused refresh token; access tokens stop working at once. */
  ended_at: Timestamp | null;
  /** When the account's second factor was given on this sign-in; null until then (or when it has none). */
  second_factor_at: Timestamp | null;
  /** A staff sign-in's last call, written at most once a minute; it ends after 12 idle hours. */
  last_used_at: Timestamp | null;
}

export interface PasswordResetTokenTable {
  id: Id;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface CartTable {
  id: Id;
  session_id: number | null;
  user_id: number | null;
  promo_code_id: number | null;
  /** The order the last checkout of this cart made, with a hash of that request, for retries. */
  last_order_id: number | null;
  last_checkout_hash: string | null;
  last_checkout_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartItemTable {
  id: Id;
  cart_id: number;
  product_id: number;
  variant_id: number;
  quantity: number;
  created_at: Timestamp;
}

export interface CartAddKeyTable {
  cart_id: number;
  key: string;
  /** Hash of the add it was first sent with; null for keys kept from before it was recorded. */
  request_hash: string | null;
  created_at: Timestamp;
}

/** A cart as it was when shared by its link; the token is the link's secret part. */
export interface SharedCartTable {
  id: Id;
  token: string;
  created_at: Timestamp;
}

export interface SharedCartLineTable {
  shared_cart_id: number;
  product_id: number;
  variant_id: number;
  quantity: number;
  /** The sharer's order of the lines. */
  position: number;
}

/** A shopper's "Notify me" for a sold-out variant; `sent_at` once the e-mail was taken. */
export interface RestockAlertTable {
  id: Id;
  product_id: number;
  variant_id: number;
  email: string;
  created_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
}

export interface PromoCodeTable {
  id: Id;
  /** Upper-case, trimmed. */
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  /** Percent (1-100) for `percent`, minor units for `fixed`. */
  value: number;
  min_subtotal: number;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  times_used: number;
  first_order_only: Flag;
  is_active: Flag;
  created_at: Timestamp;
}

/** A buyer's row, locked by each checkout with a promo code so the buyer's checks read in turn. */
export interface CheckoutClaimTable {
  /** `user:{id}` or `email:{normalized e-mail}`, as promo redemptions key customers. */
  buyer_key: string;
  claimed_at: Timestamp;
}

export interface PromoRedemptionTable {
  id: Id;
  promo_code_id: number;
  order_id: number;
  /** `user:{id}` or `email:{normalized e-mail}`. */
  customer_key: string;
  /** 1 for a customer's first use of the code, 2 for the second…: unique, so concurrent uses collide. */
  customer_use_number: number;
  created_at: Timestamp;
}

export interface OrderTable {
  id: Id;
  order_number: string;
  user_id: number | null;
  session_id: number | null;
  email: string;
  first_name: string;
  last_name: string;
  /**
   * The name as the back office searches it, 'first last' and 'last first' (`orderNameKeys`):
   * checkout writes them; the default ('') only keeps inserts of tests and benchmarks short.
   */
  name_first_last: Generated<string>;
  name_last_first: Generated<string>;
  /**
   * The order number read from its end, without hyphens (`numberTailKey`): the end of a number that
   * staff are read out is the start of this key (migration 0035). Written with every order's insert.
   */
  number_tail: Generated<string>;
  phone: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  shipping_method: ShippingMethod;
  address_line1: string;
  address_line2: string;
  city: string;
  parish: string;
  postal_code: string;
  country: string;
  /** What the driver looks for ("opposite the Texaco"), '' when none (migration 0045). */
  landmark: Generated<string>;
  /** The code of the Knutsford Express branch or post office a collected parcel waits at; null for pickup and delivery. */
  pickup_point: string | null;
  /** The Jamaican date (YYYY-MM-DD) the order was promised by at checkout; null for orders placed before promises. */
  promised_by: string | null;
  subtotal: number;
  discount_amount: number;
  shipping_cost: number;
  tax_amount: number;
  /** 1: the prices, and so the total, held `tax_amount`; 0: it was added on top (migration 0039). */
  prices_include_tax: Generated<Flag>;
  /** `INV-000001`, from `invoice_counter` in the transaction that paid the order; null until paid. */
  invoice_number: string | null;
  total: number;
  promo_code_id: number | null;
  /** Refunded, or being refunded, in minor units: never more than the total once paid. */
  refunded_total: Generated<number>;
  /** Display currency chosen by the shopper and its rate against JMD when the order was placed. */
  currency: string;
  exchange_rate: string;
  idempotency_key: string | null;
  /** Hash of the shopper and the form that placed it: an Idempotency-Key answers only that request again. */
  checkout_hash: string | null;
  expires_at: Timestamp | null;
  paid_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  confirmation_sent_at: Timestamp | null;
  confirmation_mailed_at: Timestamp | null;
  /** When the one reminder of an unpaid bank transfer was claimed (migration 0038). */
  payment_reminded_at: Generated<Timestamp | null>;
  /** Where it came from: the storefront, staff, or a return's exchange (migration 0047). */
  source: Generated<OrderSource>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A proof of a bank transfer the customer sent; the file is in the media store, never served publicly. */
export interface PaymentProofTable {
  id: Id;
  order_id: number;
  storage_key: string;
  content_type: string;
  size: number;
  uploaded_at: Timestamp;
}

/**
 * Each day's order figures (days in Jamaica's time), kept by every change of an order in its
 * transaction, in `orderDaySlots` rows a day that add up (orders module, ADR 0024).
 */
export interface OrderDayTotalTable {
  /** YYYY-MM-DD, the Jamaican date the orders were placed. */
  day: string;
  slot: number;
  /** Orders placed that day that are not cancelled. */
  orders: number;
  /** Their totals while paid (COMPLETED), in minor units; PostgreSQL's bigint comes back as text. */
  revenue: ColumnType<number | string, number, number>;
}

export interface OrderItemTable {
  id: Id;
  order_id: number;
  product_id: number | null;
  variant_id: number | null;
  product_name: string;
  product_image: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
  unit_price: number;
  line_total: number;
}

export interface PaymentTable {
  id: Id;
  order_id: number;
  provider: string;
  provider_session_id: string;
  amount: number;
  currency: string;
  /** refunding: paid for an order that no longer awaits payment, and the refund is not yet confirmed. */
  status: 'open' | 'completed' | 'expired' | 'failed' | 'refunding' | 'refunded';
  refund_reason: PaymentRefundReason | null;
  provider_refund_id: string | null;
  /** PowerTranz: the SpiToken its Sale answered with; the gateway's response must name the same. */
  provider_token: string | null;
  /** PowerTranz: the Hosted Payment Page the gateway sent (its RedirectData), served to the shopper. */
  hosted_page: string | null;
  /** PowerTranz: when one caller claimed the payment completion, which the gateway takes once per SpiToken. */
  completion_claimed_at: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentEventTable {
  id: Id;
  provider: string;
  event_id: string;
  type: string;
  created_at: Timestamp;
}

export interface WishlistItemTable {
  id: Id;
  user_id: number;
  product_id: number;
  created_at: Timestamp;
}

export interface ExchangeRateTable {
  id: Id;
  /** Calendar day (UTC) of the fetch: at most one row a day. */
  fetched_on: string;
  /** JSON object: 1 JMD in each currency. */
  rates: string;
  created_at: Timestamp;
}

export interface ContactMessageTable {
  id: Id;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string;
  created_at: Timestamp;
  /** When a member of staff first opened it in the back office; null while unread. */
  read_at: Timestamp | null;
}

export interface NewsletterSubscriberTable {
  id: Id;
  email: string;
  email_normalized: string;
  first_name: string;
  created_at: Timestamp;
  /** Set when the subscriber used an e-mail's unsubscribe link; null while subscribed. */
  unsubscribed_at: Timestamp | null;
}

/** Sessions of the built-in test card provider (used when no Stripe key is configured). */
/** The built-in card provider's answer to a refund asked with an idempotency key (the refund object's JSON). */
export interface TestRefundAnswerTable {
  idempotency_key: string;
  answer: string;
  created_at: Timestamp;
}

export interface TestPaymentSessionTable {
  id: string;
  amount_total: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string | null;
  customer_email: string | null;
  description: string;
  /** JSON object of string to string. */
  metadata: string;
  success_url: string;
  cancel_url: string;
  created_at: Timestamp;
  /** After it the session can no longer be paid (null: sessions made before sessions expired). */
  expires_at: Timestamp | null;
  /** Set when the session is paid; refunds name it. */
  payment_intent: string | null;
  refunded_at: Timestamp | null;
  /** Refunded so far, in minor units; refunds take part of what is left, up to amount_total. */
  amount_refunded: number;
}

/** One status change of an order; staff null when the shopper, the card payment or a job made it. */
export interface OrderStatusHistoryTable {
  id: Id;
  order_id: number;
  /** Null for the order being placed. */
  from_status: OrderTable['status'] | null;
  to_status: OrderTable['status'];
  note: string;
  tracking_number: string | null;
  staff_id: number | null;
  staff_email: string | null;
  created_at: Timestamp;
}

/** An e-mail telling the customer of a change to their order, kept until the mail server takes it (ADR 33). */
export interface OrderUpdateEmailTable {
  id: Id;
  order_id: number;
  kind: 'shipped' | 'ready_for_pickup' | 'delivered' | 'cancelled' | 'refunded' | 'payment_reminder' | 'payment_received';
  /** The update's JSON: the tracking number, or the amount in JMD. */
  details: string;
  created_at: Timestamp;
  /** Claims so far; each claim is a guarded update on it. */
  attempts: Generated<number>;
  /** When it is next due; null once mailed or given up. */
  next_attempt_at: Timestamp | null;
  last_error: string | null;
  mailed_at: Timestamp | null;
  given_up_at: Timestamp | null;
}

/** Money given back on an order: through the card provider, or recorded for cash. */
export interface RefundTable {
  id: Id;
  order_id: number;
  /** The card payment refunded; null for cash. */
  payment_id: number | null;
  amount: number;
  reason: string;
  method: 'card' | 'cash';
  /** pending while the provider is asked; a refusal removes the row and its reservation. */
  status: 'pending' | 'succeeded';
  provider_refund_id: string | null;
  staff_id: number | null;
  staff_email: string | null;
  created_at: Timestamp;
}

/** Fixed-window counters shared by every server process (rate limits). */
export interface RateLimitTable {
  key: string;
  count: number;
  reset_at: number;
  /** The most hits the window takes, held by a CHECK (a hit past it fails); null for a counter compared after counting. */
  allowed: number | null;
}

/** One change made through /api/admin/; rows are only ever inserted. */
export interface AuditEntryTable {
  id: Id;
  staff_id: number;
  /** Copied, so the entry names who made it even after the account changes. */
  staff_email: string;
  /** What was done, e.g. 'create', 'update', 'archive', 'stock_adjust'. */
  action: string;
  /** The kind of record, e.g. 'product', 'variant', 'category', 'order', 'settings'. */
  entity: string;
  entity_id: string;
  /** JSON of the record before and after the change; null where there was none (create, delete). */
  before: string | null;
  after: string | null;
  created_at: Timestamp;
}

/** The owner's settings: one row (id 1) of JSON the contracts' storeSettingsSchema checks. */
export interface ShopSettingsTable {
  id: number;
  settings: string;
  updated_at: Timestamp;
}

/**
 * One option of a product (a size, a colour, or both) and how many of its variants still sold have
 * it in stock; '' where the row names no size or no colour (migration 0024, ADR 0029).
 */
export interface ProductOptionStockTable {
  product_id: number;
  size: string;
  color: string;
  variants: number;
}

/** A catalogue import written after its upload call answered (migration 0030, ADR 19 amendment). */
export interface CatalogImportRunTable {
  id: Id;
  staff_id: number;
  file_name: string;
  status: CatalogImportRunStatus;
  /** Data rows of the file, as the report counts them. */
  rows: number;
  /** Products the file names, and how many of them are written so far (batch by batch). */
  products: number;
  products_written: number;
  /** JSON of the import's report, once it ended. */
  report: string | null;
  started_at: Timestamp;
  /** Moved after every batch: a run left 'writing' that no longer moves was stopped with its process. */
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

/** The one row saying up to which stock movement the in-stock summaries are caught up (migration 0037, ADR 36). */
export interface StockSummaryMarkTable {
  id: number;
  movement_id: number;
}

/** A shop-wide timed job's lease: the process running it now, until `expires_at` at most. */
export interface JobLeaseTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** The shop's invoice numbers: the one row holds the last given (migration 0039). */
export interface InvoiceCounterTable {
  id: number;
  last_number: number;
}

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
  product_images: ProductImageTable;
  product_variants: ProductVariantTable;
  product_stock: ProductStockTable;
  product_option_stock: ProductOptionStockTable;
  stock_movements: StockMovementTable;
  users: UserTable;
  addresses: AddressTable;
  guest_sessions: GuestSessionTable;
  refresh_tokens: RefreshTokenTable;
  sign_ins: SignInTable;
  password_reset_tokens: PasswordResetTokenTable;
  carts: CartTable;
  cart_items: CartItemTable;
  cart_add_keys: CartAddKeyTable;
  shared_carts: SharedCartTable;
  shared_cart_lines: SharedCartLineTable;
  restock_alerts: RestockAlertTable;
  promo_codes: PromoCodeTable;
  promo_redemptions: PromoRedemptionTable;
  checkout_claims: CheckoutClaimTable;
  orders: OrderTable;
  order_day_totals: OrderDayTotalTable;
  order_items: OrderItemTable;
  payments: PaymentTable;
  payment_events: PaymentEventTable;
  wishlist_items: WishlistItemTable;
  exchange_rates: ExchangeRateTable;
  contact_messages: ContactMessageTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  rate_limits: RateLimitTable;
  test_payment_sessions: TestPaymentSessionTable;
  test_refund_answers: TestRefundAnswerTable;
  audit_entries: AuditEntryTable;
  shop_settings: ShopSettingsTable;
  catalog_import_runs: CatalogImportRunTable;
  order_status_history: OrderStatusHistoryTable;
  order_update_emails: OrderUpdateEmailTable;
  refunds: RefundTable;
  job_leases: JobLeaseTable;
  invoice_counter: InvoiceCounterTable;
  stock_summary_mark: StockSummaryMarkTable;
  payment_proofs: PaymentProofTable;
  reviews: ReviewTable;
  review_photos: ReviewPhotoTable;
  review_requests: ReviewRequestTable;
  delivery_proofs: DeliveryProofTable;
  returns: ReturnTable;
  return_items: ReturnItemTable;
  order_restocks: OrderRestockTable;
}

/** A buyer's review of a product (migration 0042, KINGSTON.md §6): shown once staff approve it. */
export interface ReviewTable {
  id: Id;
  product_id: number;
  user_id: number;
  /** The delivered order that made the reviewer a buyer: the size and colour bought come from it. */
  order_id: number;
  rating: number;
  fit: ReviewFit;
  title: string;
  body: string;
  /** First name and last initial, as written when the review was posted. */
  author_name: string;
  size_bought: string | null;
  color_bought: string | null;
  status: ReviewStatus;
  reply: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReviewPhotoTable {
  id: Id;
  review_id: number;
  /** The WebP's key in the media store. */
  path: string;
  width: number;
  height: number;
  created_at: Timestamp;
}

/** An order whose buyer was asked for a review: its row is the claim, so each order is asked once. */
export interface ReviewRequestTable {
  order_id: number;
  sent_at: Timestamp;
}

/** The proof of a delivery the driver marked in one step (migration 0046, KINGSTON.md §3); one an order. */
export interface DeliveryProofTable {
  id: Id;
  order_id: number;
  /** Who took the parcel, as the driver wrote it. */
  received_by: string;
  /** The photo's key in the media store, under `private/` (staff only); null without a photo. */
  photo_key: string | null;
  /** 1: the driver collected the cash of an unpaid cash order, which paid it. */
  cash_collected: Flag;
  staff_id: number | null;
  staff_email: string | null;
  delivered_at: Timestamp;
}

/** A customer's return of (part of) a delivered order (migration 0047, KINGSTON.md §7). */
export interface ReturnTable {
  id: Id;
  order_id: number;
  /** `R-{order number}-{n}`, n counting the order's returns: unique. */
  return_number: string;
  status: ReturnStatus;
  resolution: ReturnResolution;
  /** The customer's words, '' when none. */
  note: string;
  /** Staff's words with the last status change, '' when none. */
  staff_note: Generated<string>;
  /** Given back for it, in minor units. */
  refunded_amount: Generated<number>;
  /** The order its exchange made; null until exchanged. */
  exchange_order_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A line of a return: units of one order line, and for an exchange the variant they are replaced by. */
export interface ReturnItemTable {
  id: Id;
  return_id: number;
  order_item_id: number;
  quantity: number;
  reason: ReturnReason;
  /** Units staff put back in stock when the return was received; never more than `quantity` (a check). */
  restocked_quantity: Generated<number>;
  exchange_variant_id: number | null;
  exchange_size: string | null;
  exchange_color: string | null;
}

/** Units a refund from the order page put back in stock (KINGSTON.md §7): they count as returned. */
export interface OrderRestockTable {
  id: Id;
  order_id: number;
  order_item_id: number;
  quantity: number;
  staff_id: number | null;
  created_at: Timestamp;
}
