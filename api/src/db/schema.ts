import type { Generated } from 'kysely';

/** Tables as the data-access layer sees them; migrations/ creates them. */
export interface StoreTable {
  id: number;
  code: string;
  name: string;
  locale: string;
  currency: string;
  default_country: string;
  created_at: Generated<string>;
}

/** A catalogue entity stored as its API document (JSON text) with lookup columns beside it. */
interface DocumentRow {
  doc: string;
}

export interface CategoryTable extends DocumentRow {
  id: number;
  parent_id: number;
  slug: string;
  url_path: string;
  position: number;
}

export interface AttributeTable extends DocumentRow {
  attribute_id: number;
  attribute_code: string;
}

export interface TaxRuleTable extends DocumentRow {
  id: number;
}

export interface ProductTable extends DocumentRow {
  id: number;
  sku: string;
  type_id: string;
  url_path: string;
  status: number;
  visibility: number;
  updated_at: string;
}

/** Stock per SKU (simple products, configurable children, composites): what orders reserve. */
export interface StockItemTable {
  sku: string;
  product_id: number;
  parent_sku: string | null;
  qty: number;
  is_in_stock: number;
  manage_stock: number;
  is_volatile: number;
  min_sale_qty: number;
  max_sale_qty: number;
}

/** The gross price a SKU had from `valid_from` on (Omnibus). */
export interface PriceHistoryTable {
  sku: string;
  valid_from: string;
  price_incl_tax: number;
}

/**
 * The catalogue's change log (0020-catalog-changes, db/change-log.ts): written by triggers, one row
 * per changed SKU (per statement on PostgreSQL, per row on SQLite). On PostgreSQL it also holds
 * `xid` (the writing transaction, xid8), read by raw SQL only.
 */
export interface CatalogChangeTable {
  seq: Generated<number>;
  /** The SKU; for kind 'catalog' the table that changed. */
  sku: string;
  kind: 'stock' | 'price' | 'product' | 'catalog';
  /** ISO 8601 UTC with milliseconds, as the database's clock had it. */
  created_at: Generated<string>;
}

export interface CmsPageTable extends DocumentRow {
  id: number;
  identifier: string;
}

export interface CmsBlockTable extends DocumentRow {
  id: number;
  identifier: string;
}

export interface AdviceArticleTable extends DocumentRow {
  id: number;
  slug: string;
  published_at: string;
}

export interface CatalogMetaTable {
  key: string;
  value: string;
}

/** A product review; only approved ones are shown (new ones wait for moderation). */
export interface ReviewTable {
  id: Generated<number>;
  product_id: number;
  nickname: string;
  title: string;
  detail: string;
  /** 1–5 stars; null when the writer gave none (VSF's default theme sends no rating). */
  rating: number | null;
  status: 'approved' | 'pending';
  created_at: string;
}

/** A server cart; its id is the secret the client holds (a customer's cart also needs their token). */
export interface CartTable {
  id: string;
  customer_id: number | null;
  coupon_code: string | null;
  /** carrier_code/method_code as chosen in checkout. */
  shipping_method: string | null;
  payment_method: string | null;
  created_at: string;
  updated_at: string;
}

/** What the shopper chose; prices are never stored, always computed from the catalogue. */
export interface CartItemTable {
  item_id: Generated<number>;
  cart_id: string;
  sku: string;
  qty: number;
  /** JSON of the normalised product_option, or null. */
  product_option: string | null;
  /** Line identity: the sku with its options (one line per configuration). */
  checksum: string;
  created_at: string;
}

/** A customer account; the password is kept as a salted scrypt hash only. */
export interface CustomerTable {
  id: Generated<number>;
  email: string;
  firstname: string;
  lastname: string;
  group_id: number;
  /** `scrypt$ln=17,r=8,p=1$salt$hash` (parameters kept per hash); `scrypt$salt$hash` = the old N=2^14 hashes, upgraded at the next login. */
  password_hash: string;
  created_at: string;
  /** customer_address ids (0009-accounts). */
  default_shipping: number | null;
  default_billing: number | null;
  /** The account's newsletter consent flag (extension_attributes.is_subscribed): 0/1. */
  newsletter_subscribed: Generated<number>;
  updated_at: string | null;
}

/** One refresh token of a sign-in's family: only the SHA-256 of its secret is kept (docs/account.md). */
export interface RefreshTokenTable {
  id: Generated<number>;
  /** The token's public half (`selector.verifier`), to find the row. */
  selector: string;
  verifier_hash: string;
  family_id: string;
  customer_id: number;
  created_at: string;
  expires_at: string;
  /** Set when the token was rotated out; using it again revokes the family. */
  used_at: string | null;
  revoked_at: string | null;
}

/** A single-use password reset token (SHA-256 only), valid until expires_at. */
export interface PasswordResetTable {
  id: Generated<number>;
  token_hash: string;
  customer_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A saved address of a customer's address book. */
export interface CustomerAddressTable {
  id: Generated<number>;
  customer_id: number;
  firstname: string;
  lastname: string;
  /** JSON: the street lines. */
  street: string;
  city: string;
  postcode: string;
  country_id: string;
  telephone: string | null;
  company: string | null;
  vat_id: string | null;
  created_at: string;
}

/** A product on a customer's server wishlist (once per sku). */
export interface WishlistItemTable {
  id: Generated<number>;
  customer_id: number;
  sku: string;
  created_at: string;
}

export interface OrderSequenceTable {
  store_code: string;
  last_value: number;
}

/** One attempt to pay an order through a gateway. */
export interface PaymentTable {
  id: Generated<number>;
  order_id: number;
  gateway: string;
  gateway_order_id: string;
  method: string;
  amount_grosze: number;
  /** new → completed | canceled; both are final. */
  status: 'new' | 'completed' | 'canceled';
  redirect_url: string;
  created_at: string;
  updated_at: string;
}

/** A verified gateway notification and what it changed. */
export interface PaymentNotificationTable {
  id: Generated<number>;
  gateway_order_id: string;
  status: string;
  body_sha256: string;
  outcome: 'applied' | 'unchanged' | 'ignored';
  received_at: string;
}

/** A placed order; `client_order_id` makes placing idempotent, `increment_id` is the shopper's order number. */
export interface SalesOrderTable {
  id: Generated<number>;
  increment_id: string;
  store_code: string;
  client_order_id: string;
  cart_id: string;
  customer_id: number | null;
  email: string;
  status: 'pending_payment' | 'processing' | 'canceled';
  payment_state: 'awaiting' | 'paid' | 'failed' | 'offline';
  shipping_method: string;
  payment_method: string;
  /** JSON: the shipping and billing addresses as sent (validated). */
  addresses: string;
  /** JSON: the server's totals at placing (segments included). */
  totals: string;
  grand_total_grosze: number;
  created_at: string;
}

export interface SalesOrderItemTable {
  id: Generated<number>;
  order_id: number;
  sku: string;
  name: string;
  qty: number;
  price_grosze: number;
  row_total_grosze: number;
  product_option: string | null;
  /** JSON: the options in words. */
  options: string;
}

/** A newsletter address and its state (spec §4): pending until the confirmation link is clicked. */
export interface NewsletterSubscriberTable {
  id: Generated<number>;
  /** Trimmed and lower-cased. */
  email: string;
  status: 'pending' | 'subscribed' | 'unsubscribed';
  /** Moves with every change: changes are conditional on the revision read. */
  revision: number;
  created_at: string;
  updated_at: string;
  subscribed_at: string | null;
  unsubscribed_at: string | null;
}

/** One consent as given (GDPR art. 7(1) evidence) with its single-use confirmation token (SHA-256 only). */
export interface NewsletterConsentTable {
  id: Generated<number>;
  subscriber_id: number;
  consent_version: string;
  text_sha256: string;
  source: string;
  requested_at: string;
  confirmed_at: string | null;
  withdrawn_at: string | null;
  token_hash: string;
  token_expires_at: string;
  token_used_at: string | null;
}

/** The unique 10 % coupon mailed on confirmation; one per address, redeemed by one order. */
export interface NewsletterCouponTable {
  code: string;
  subscriber_id: number;
  percent: number;
  created_at: string;
  used_at: string | null;
  order_id: number | null;
}

/** An e-mail written in the transaction of what it confirms, delivered by the mail worker (migration 0011). */
export interface MailOutboxTable {
  id: Generated<number>;
  /** One message per key ("order-confirmation:<order id>"): a retried order queues nothing twice. */
  dedupe_key: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  /** The lease of the worker sending it now; null when nobody is. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** One fixed window of an account rate limit (0012-shared-state): shared by every API instance. */
export interface RateLimitWindowTable {
  rule: string;
  key: string;
  hits: number;
  /** Epoch milliseconds (PostgreSQL's bigint arrives as a string: read it with Number()). */
  resets_at: number | string;
}

/** A published file, addressed by the SHA-256 of its bytes (0014-mfe-registry). */
export interface MfeBlobTable {
  hash: string;
  size: number;
  bytes: Buffer;
  created_at: string;
}

/** One published build of (remote, variant, version): never replaced (0014-mfe-registry). */
export interface MfeBuildTable {
  /** SHA-256 of the build's file list (path and hash of every file): the build's id. */
  hash: string;
  remote: string;
  /** 'default' for a remote without A/B variants. */
  variant: string;
  version: string;
  container: string;
  contracts: string;
  /** Subresource Integrity of remoteEntry.js (sha384-…). */
  entry_integrity: string;
  ssr_path: string | null;
  /** SHA-256 of the server build (sha256-…): a render thread refuses other bytes. */
  ssr_integrity: string | null;
  /** A team's own origin the browser files are served from; null: the shop serves them. */
  origin: string | null;
  /** JSON: BuildFile[] (registry/build-files.ts). */
  files: string;
  /** JSON: the release gate's checks. */
  gate: string;
  team: string;
  built_at: string | null;
  published_at: string;
  /** Why its canary's signals rolled it back (0018-mfe-canary); null: not marked bad. */
  bad: string | null;
}

/** A remote's A/B control and its release lease (0014-mfe-registry). */
export interface MfeRemoteTable {
  remote: string;
  control: string | null;
  lock_id: string | null;
  lock_team: string | null;
  lock_until: string | null;
  /** A registered remote's routes and slots (JSON, 0022); null for a built-in remote's row. */
  definition?: string | null;
  registered_at?: string | null;
  registered_by?: string | null;
}

/** What shoppers get now, per (remote, variant) (0014-mfe-registry). */
export interface MfeLiveTable {
  remote: string;
  variant: string;
  build_hash: string;
  weight: number;
  event_id: number;
}

/** The running canary of a remote's variant (0018-mfe-canary). */
export interface MfeCanaryTable {
  remote: string;
  variant: string;
  build_hash: string;
  /** The share of shoppers it gets now. */
  percent: number;
  /** JSON: the shares it steps through, ending at 100 (promotion). */
  steps: string;
  step_started_at: string;
  started_at: string;
  paused: number;
  team: string;
}

/** The registry's append-only history (0014-mfe-registry). */
export interface MfeEventTable {
  id: Generated<number>;
  remote: string;
  variant: string;
  action:
    | 'release'
    | 'rollback'
    | 'weight'
    | 'withdraw'
    | 'refused'
    | 'canary'
    | 'canary-step'
    | 'canary-pause'
    | 'canary-resume'
    | 'canary-abort'
    | 'canary-fail'
    | 'promote';
  build_hash: string | null;
  version: string | null;
  previous_hash: string | null;
  previous_version: string | null;
  weight: number | null;
  team: string;
  reason: string;
  gate: string | null;
  at: string;
}

/** A team's or an operator's registry token; only the SHA-256 of its secret is kept (0014-mfe-registry). */
export interface RegistryTokenTable {
  id: string;
  team: string;
  secret_hash: string;
  label: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** A change made once under its client's key, and its answer (0015-idempotency). */
export interface IdempotencyRecordTable {
  scope: string;
  key: string;
  request_hash: string;
  /** JSON of the first answer; null while the first request runs. */
  answer: string | null;
  created_at: string;
}

/** A shopper's exposure to an A/B-tested remote, with their orders since (0016-experiments). */
export interface ExperimentExposureTable {
  experiment: string;
  assignment_id: string;
  variant: string;
  build: string;
  version: string;
  /** 1: assigned by a `?mfe=` override (QA), left out of the report. */
  forced: number;
  /** 1: the shopper met another variant too (an ended variant, a cleared cookie): left out. */
  crossed: number;
  exposed_at: string;
  orders: number;
  revenue_grosze: number;
}

/** The variant and build that took an order (0016-experiments). */
export interface OrderExperimentTable {
  order_id: number;
  experiment: string;
  variant: string;
  build: string;
  version: string;
  forced: number;
}

/** A build's signals of one minute on one instance (0017-mfe-signals); histograms are JSON counts per bucket. */
export interface MfeSignalTable {
  minute: string;
  remote: string;
  build: string;
  instance: string;
  version: string;
  renders: number;
  render_failures: number;
  budget_misses: number;
  fallbacks: number;
  page_views: number;
  mount_failures: number;
  browser_fallbacks: number;
  errors: number;
  /** Page views with an error or a mount failure, with a fallback; new distinct visitors, failing ones (0023). */
  failing_views: number;
  fallback_views: number;
  visitors: number;
  failing_visitors: number;
  render_ms: string;
  lcp_ms: string;
  inp_ms: string;
  cls: string;
}

/** A catalogue import sent to the shop or run by the command, and its outcome (0025-import-jobs). */
export interface ImportJobTable {
  id: Generated<number>;
  state: 'queued' | 'checking' | 'applying' | 'done' | 'refused' | 'failed';
  /** The file as sent; null once a finished job is old enough to keep its row only. */
  file: Buffer | null;
  file_sha256: string;
  file_name: string;
  file_size: number;
  /** JSON: dry run, skip bad rows, format, encoding, sheet and the profile as it was when sent. */
  options: string;
  /** 'api': queued for the instances' workers; 'cli': run by `npm run catalog:import` on the database itself. */
  via: 'api' | 'cli';
  /** Who sent it: an operator token's id, or the command's user and host. */
  submitted_by: string;
  token_id: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The instance (host:port) or command running it, or that ran it last. */
  instance: string | null;
  attempts: Generated<number>;
  /** While it runs: until when its instance holds it (renewed as it goes; another takes it over after). */
  lease_until: string | null;
  /** JSON: the import's report once it committed (or checked, on a dry run). */
  report: string | null;
  /** JSON: the problems that refused the file. */
  refusal: string | null;
  /** Why a job failed (not the file's problems: those are a refusal). */
  error: string | null;
  /** The rows refused with --skip-bad-rows, as a CSV to fix and import again. */
  refused_csv: string | null;
}

/** A supplier's saved column mapping (0025-import-jobs); `profile` is its JSON without the name. */
export interface ImportProfileTable {
  name: string;
  profile: string;
  updated_by: string;
  created_at: string;
  updated_at: string;
}

/** A generated SEO file as served: a sitemap, the sitemap index or a product feed (0026-seo-files, 0029-seo-file-parts). */
export interface SeoFileTable {
  /** Its path without the leading slash: `sitemap.xml`, `sitemaps/products-pl-1.xml`, `feeds/ceneo.xml`. */
  name: string;
  content_type: string;
  /** The version of its bytes served (`seo_file_blob.id`; its parts in `seo_file_part`). */
  blob: string;
  /** Bytes of its gzip and of its Brotli compression. */
  gzip_size: number | string;
  br_size: number | string;
  /** SHA-256 (hex) of the file's text: its ETag. */
  sha256: string;
  /** Bytes of the text. */
  size: number | string;
  /** URLs (a sitemap), sitemaps (the index) or products (a feed). */
  entries: number;
  /** JSON: what the file covers (a product sitemap: its language and first product id). */
  meta: string;
  /** When the text last changed: Last-Modified, the index's lastmod. */
  changed_at: string;
  /** When it was last written or found unchanged. */
  checked_at: string;
  /** The catalogue change log's seq (db/change-log.ts) the file reflects. */
  watermark: number | string;
}

/** One written version of an SEO file's compressed bytes (0029-seo-file-parts). */
export interface SeoFileBlobTable {
  id: string;
  created_at: string;
  /** When it stopped being served (replaced, dropped, or the same text as the served one): its parts are removed a grace period later. */
  retired_at: string | null;
}

/** A part (~1 MiB) of a version's bytes in one encoding, in order (0029-seo-file-parts). */
export interface SeoFilePartTable {
  blob: string;
  encoding: 'gzip' | 'br';
  seq: number;
  bytes: Buffer;
}

/** Who writes the SEO files and how far the stored set reflects the catalogue (0026-seo-files): one row, `files`. */
export interface SeoStateTable {
  key: string;
  /** The instance (host:port) writing the files, while its lease runs. */
  instance: string | null;
  lease_until: string | null;
  /** JSON Watermark (db/change-log.ts) the stored files reflect; null: none written yet. */
  watermark: string | null;
  /** The day (YYYY-MM-DD) the stored feeds were priced for: promotions start and end by the day. */
  priced_day: string | null;
  /** When the last run finished. */
  generated_at: string | null;
  /** JSON: the last run's report (files written, unchanged, why, how long). */
  report: string | null;
}

export interface Database {
  store: StoreTable;
  category: CategoryTable;
  attribute: AttributeTable;
  tax_rule: TaxRuleTable;
  product: ProductTable;
  stock_item: StockItemTable;
  price_history: PriceHistoryTable;
  cms_page: CmsPageTable;
  cms_block: CmsBlockTable;
  advice_article: AdviceArticleTable;
  catalog_meta: CatalogMetaTable;
  catalog_change: CatalogChangeTable;
  review: ReviewTable;
  cart: CartTable;
  cart_item: CartItemTable;
  customer: CustomerTable;
  refresh_token: RefreshTokenTable;
  password_reset: PasswordResetTable;
  customer_address: CustomerAddressTable;
  wishlist_item: WishlistItemTable;
  order_sequence: OrderSequenceTable;
  sales_order: SalesOrderTable;
  payment: PaymentTable;
  payment_notification: PaymentNotificationTable;
  sales_order_item: SalesOrderItemTable;
  newsletter_subscriber: NewsletterSubscriberTable;
  newsletter_consent: NewsletterConsentTable;
  newsletter_coupon: NewsletterCouponTable;
  mail_outbox: MailOutboxTable;
  rate_limit_window: RateLimitWindowTable;
  mfe_blob: MfeBlobTable;
  mfe_build: MfeBuildTable;
  mfe_remote: MfeRemoteTable;
  mfe_live: MfeLiveTable;
  mfe_event: MfeEventTable;
  registry_token: RegistryTokenTable;
  idempotency_record: IdempotencyRecordTable;
  experiment_exposure: ExperimentExposureTable;
  order_experiment: OrderExperimentTable;
  mfe_signal: MfeSignalTable;
  mfe_canary: MfeCanaryTable;
  import_job: ImportJobTable;
  import_profile: ImportProfileTable;
  seo_file: SeoFileTable;
  seo_file_blob: SeoFileBlobTable;
  seo_file_part: SeoFilePartTable;
  seo_state: SeoStateTable;
}
