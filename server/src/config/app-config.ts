import { z } from 'zod';
import { BOOKING_CONFIG_SHAPE, DEVELOPMENT_TICKET_SIGNING_KEY } from '../payment/booking-config';
import { CUSTOMERS_CONFIG_SHAPE, DEVELOPMENT_CUSTOMER_SECRET } from '../customers/customers-config';
import { BACK_OFFICE_CONFIG_SHAPE } from '../backoffice/backoffice-config';
import { INTEGRATION_CONFIG_SHAPE, integrationProductionProblems } from '../channels/integration-config';
import { QUEUE_CONFIG_SHAPE } from '../queue/queue-config';
import { HOLDS_CONFIG_SHAPE } from '../holds/holds-config';
import { CATALOGUE_ADMIN_CONFIG_SHAPE } from '../catalogue-admin/catalogue-admin-config';
import { OBSERVABILITY_CONFIG_SHAPE } from '../observability/observability-config';

/** The development defaults of the two secrets: public in this repository, so refused in production. */
export const DEVELOPMENT_ALTCHA_HMAC_KEY = 'development-only-altcha-key-change-me';
export { DEVELOPMENT_TICKET_SIGNING_KEY };

/**
 * Every setting the server reads, validated once at boot. A bad value stops the
 * boot with a message naming the variable, rather than failing later at random.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const appConfigSchema = z.object({
  /** Production unless said otherwise: `npm start` sets development, the tests set test. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** The HTTP port the server listens on (`npm start` passes its own PORT, 3000 by default). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address the server listens on; all interfaces by default (a container or a proxy in front). */
  HOST: z.string().default('0.0.0.0'),
  /**
   * Which proxies may set X-Forwarded-For (the client IP keys the rate limits): proxy-addr names or
   * addresses, comma-separated. Default: loopback and private networks (nginx in docker-compose).
   */
  TRUST_PROXY: z.string().max(500).default('loopback,linklocal,uniquelocal'),
  /** PostgreSQL, the truth of sales, tickets and money (`npm start` starts an embedded one when unset). */
  DATABASE_URL: z.string().url({ message: 'DATABASE_URL must be a postgres:// URL' }),
  /** Redis: live seat state, locks, the seat feed, rate limits and the waiting room (`npm start` starts one). */
  REDIS_URL: z.string().url({ message: 'REDIS_URL must be a redis:// URL' }),
  /** Prefix of every Redis key and pub/sub channel; lets several test runs share one Redis. */
  REDIS_PREFIX: z.string().default('hotline:'),
  /**
   * Redis Cluster seed nodes, comma-separated host:port (docs/scaling.md, "Redis Cluster"); unset = the single Redis
   * of REDIS_URL. A `redis+cluster://host:port` REDIS_URL selects cluster mode too.
   */
  REDIS_CLUSTER_NODES: z
    .string()
    .regex(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, { message: 'REDIS_CLUSTER_NODES must be host:port[,host:port...]' })
    .optional(),
  /** How much the server logs (pino levels); personal data is redacted at every level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Run pending database migrations at boot; turn off when a deployment migrates on its own. */
  RUN_MIGRATIONS: bool.default(true),
  /** Load the demo catalogue when the database has none (`SEED=none npm start` turns it off). */
  SEED_DEMO: bool.default(true),
  /** Include the generated 100,000-seat stadium in the demo data (slower first start). */
  SEED_STADIUM: bool.default(true),
  /** The built storefront served by the server (with its SPA fallback); unset = API only. */
  CLIENT_DIST: z.string().optional(),
  /** The brand in Hebrew messages (SMS, e-mail, e-ticket). */
  BRAND_NAME: z.string().default('הוטליין כרטיסים'),
  /** The brand in English, Russian and Arabic messages (common/brand.ts); the storefront's names by default. */
  BRAND_NAME_EN: z.string().default('Hotline Tickets'),
  /** The brand in Russian messages. */
  BRAND_NAME_RU: z.string().default('Хотлайн Билеты'),
  /** The brand in Arabic messages. */
  BRAND_NAME_AR: z.string().default('هوتلاين للتذاكر'),
  /** The phone hotline named in messages to buyers. */
  HOTLINE: z.string().default('*9080'),
  /** Seat lock lifetime. 1 s minimum so tests can watch a lock expire; production uses the 15-minute default. */
  LOCK_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(900),
  /**
   * How old the shared seats-status answer (seats/public-seat-status.ts) may be while seats change: the storefront's
   * subscription replays every change since its version. 0 = reuse only at the current version (the test suites,
   * which read a status right after changing it).
   */
  SEAT_STATUS_STALE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /** Extra lifetime a seat lock gets when its buyer starts paying, so a slow payment does not lose the seat. */
  LOCK_PAYMENT_EXTENSION_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  /** How long a commit's claim on limited things (coupon uses, balances) lives before the sale consumes it. */
  LIMIT_CLAIM_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** The longest a seat lock may live, extensions included, counted from when it was taken. */
  LOCK_HARD_CAP_SECONDS: z.coerce.number().int().min(60).max(7200).default(1800),
  /** Not read by the server today: each presentation's own max_seats_per_order decides (kept so environments that set it still boot). */
  MAX_SEATS_PER_ORDER: z.coerce.number().int().min(1).max(100).default(10),
  /** Signs bot-check challenges (HMAC). Production refuses the development key. */
  ALTCHA_HMAC_KEY: z.string().min(16).default(DEVELOPMENT_ALTCHA_HMAC_KEY),
  /** The bot check's search space: a solve tries about half this many numbers (times the work factor). */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /** ALTCHA proof-of-work key derivation; expected work per solve = ALTCHA_COST x ALTCHA_MAX_NUMBER / 2 (docs/bot-check.md). */
  ALTCHA_ALGORITHM: z
    .enum(['SHA-256', 'SHA-384', 'SHA-512', 'PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
    .default('SHA-256'),
  /** Work per try of the key derivation (PBKDF2's iterations): a solve costs about ALTCHA_COST x ALTCHA_MAX_NUMBER / 2. */
  ALTCHA_COST: z.coerce.number().int().min(1).max(100_000).default(1),
  /** How long an issued challenge may be solved and first used. */
  ALTCHA_CHALLENGE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  /** How long a used solution stays bound to the visitor who used it first (that visitor may resend it meanwhile). */
  ALTCHA_BINDING_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Global service charge per order: a fixed amount in agorot, or a percent of the order (0 = none). */
  GLOBAL_SERVICE_CHARGE_AGOROT: z.coerce.number().int().min(0).max(100_000).default(0),
  /** The global service charge as a percent of the order (0 = none; see GLOBAL_SERVICE_CHARGE_AGOROT). */
  GLOBAL_SERVICE_CHARGE_PERCENT: z.coerce.number().min(0).max(50).default(0),
  /** How long seat changes are gathered before one delta goes to the storefronts, when quiet. */
  DELTA_BATCH_MS: z.coerce.number().int().min(5).max(1000).default(50),
  /** Upper bound the delta batch window may widen to under load (latency stays bounded by it). */
  DELTA_BATCH_MAX_MS: z.coerce.number().int().min(5).max(5000).default(250),
  /** How often each node looks for expired seat locks (locks are released within about this much of expiry). */
  SEAT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(10).max(5000).default(250),
  /** Change-log entries kept per presentation; a watcher further behind gets a snapshot instead of a delta. */
  SEAT_LOG_LENGTH: z.coerce.number().int().min(10).max(100_000).default(1000),
  /** Degraded mode (docs/failure-modes.md): every wait for PostgreSQL and Redis is bounded. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(8000),
  /** How long a new PostgreSQL connection may take before the call fails (degraded mode, not a hang). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /**
   * Serving connections each node may open to PostgreSQL. Nodes x this must stay under the server's
   * max_connections (100 by default) minus what maintenance needs; beyond a few nodes use a pooler (docs/scaling.md).
   */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** How long a Redis command may take before it fails (degraded mode, not a hang). */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** How often each node compares PostgreSQL's live tickets with Redis and marks missing sales sold. */
  SEAT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /**
   * The lock path's question to PostgreSQL, asked only while Redis may have forgotten a sale (seats/sale-memory.ts):
   * past this, the lock answers 503 + Retry-After instead of waiting for a frozen database.
   */
  SOLD_CHECK_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2000),
  /** Multiplies every rate limit (server/src/common/rate-limit); 1 in production, larger for benchmarks. */
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(1_000_000).default(1),
  /**
   * Seats one client address may hold at once on one presentation, across all its visitor ids
   * (a presentation's own seat_hold_cap_per_ip overrides it). 0 turns the cap off.
   */
  SEAT_HOLD_CAP_PER_IP: z.coerce.number().int().min(0).max(100_000).default(40),
  /**
   * Bot-check cost rises with the load on a presentation: the challenge's work is multiplied by
   * 1 + (verified seat calls on that presentation in the last minute) / ALTCHA_LOAD_STEP, up to
   * ALTCHA_LOAD_MAX_FACTOR (server/src/botcheck/load-scaled-work.ts). 0 turns the rise off.
   */
  ALTCHA_LOAD_STEP: z.coerce.number().int().min(0).max(1_000_000).default(200),
  /** The most the bot check's work may be multiplied by under load (see ALTCHA_LOAD_STEP). */
  ALTCHA_LOAD_MAX_FACTOR: z.coerce.number().int().min(1).max(100).default(8),
  /** Browser origins allowed to open the seat socket (comma-separated); unset = PUBLIC_BASE_URL's origin, else same host. */
  ALLOWED_ORIGINS: z.string().max(2000).optional(),
  /**
   * How often socket.io pings each open socket, and how long it waits for the answer before calling the connection
   * dead (engine.io's pingInterval and pingTimeout, for every socket of the node; each node pings all its sockets in
   * one round, common/socket-heartbeat.ts). Pings were the largest per-page cost of a waiting room of a million pages
   * at socket.io's 25 s, each its own wake of the node (docs/decisions/050). Their sum is how late a silently dead
   * connection is noticed, by the server and by the page (which then reconnects): a minute by default. The seat map
   * pings on its own every 2 s.
   */
  SOCKET_PING_INTERVAL_MS: z.coerce.number().int().min(1_000).max(60_000).default(45_000),
  /** How long socket.io waits for a ping's answer before it drops the socket (see SOCKET_PING_INTERVAL_MS). */
  SOCKET_PING_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(60_000).default(15_000),
  /** The OpenAPI UI and JSON at /api/docs; default on outside production. */
  API_DOCS_ENABLED: bool.optional(),
  /**
   * Every answer checked against the OpenAPI document, a violation answered as a 500 (api-docs/response-validation.ts):
   * on in the tests, never in production (a schema check per answer costs CPU and would turn a harmless extra field
   * into an outage).
   */
  VALIDATE_RESPONSES: bool.default(false),
  /** The development message store at /api/notifications/dev (names, e-mails, e-ticket links). Never in production. */
  DEV_MESSAGES_ENABLED: bool.default(false),
  /** Booking, payment and notifications (server/src/payment/booking-config.ts). */
  ...BOOKING_CONFIG_SHAPE,
  /** Customer login, sessions and cancellations (server/src/customers/customers-config.ts). */
  ...CUSTOMERS_CONFIG_SHAPE,
  /** Staff sign-in, sessions and box-office limits (server/src/backoffice/backoffice-config.ts). */
  ...BACK_OFFICE_CONFIG_SHAPE,
  /** Partner links (server/src/channels/integration-config.ts). */
  ...INTEGRATION_CONFIG_SHAPE,
  /** The on-sale waiting room (server/src/queue/queue-config.ts). */
  ...QUEUE_CONFIG_SHAPE,
  /** Hold orders: release sweep (server/src/holds/holds-config.ts). */
  ...HOLDS_CONFIG_SHAPE,
  /** Catalogue administration: cancelled dates (server/src/catalogue-admin/catalogue-admin-config.ts). */
  ...CATALOGUE_ADMIN_CONFIG_SHAPE,
  ...OBSERVABILITY_CONFIG_SHAPE,
});

export type AppConfig = z.infer<typeof appConfigSchema>;

/**
 * Production refuses to boot with a development secret (anyone could mint bot-check
 * tokens or forge ticket QR codes offline), without the public address that goes into
 * confirmation links, (the test-only switches refuse production where they are read).
 */
function productionProblems(config: AppConfig): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (config.ALTCHA_HMAC_KEY === DEVELOPMENT_ALTCHA_HMAC_KEY)
    problems.push('ALTCHA_HMAC_KEY: is the development key; set a secret of your own in production');
  if (config.TICKET_SIGNING_KEY === DEVELOPMENT_TICKET_SIGNING_KEY)
    problems.push('TICKET_SIGNING_KEY: is the development key; set a secret of your own in production');
  if (config.CUSTOMER_SECRET === DEVELOPMENT_CUSTOMER_SECRET)
    problems.push('CUSTOMER_SECRET: is the development value; set a secret of at least 32 characters in production');
  if (!config.PUBLIC_BASE_URL)
    problems.push('PUBLIC_BASE_URL: is required in production (links in confirmation messages use it)');
  if (config.DEV_MESSAGES_ENABLED)
    problems.push('DEV_MESSAGES_ENABLED: the development message store is never on in production');
  problems.push(...integrationProductionProblems(config));
  if (config.VALIDATE_RESPONSES)
    problems.push(
      'VALIDATE_RESPONSES: answers are checked against the document in the tests only, never in production',
    );
  if (config.PASSWORD_HASH_COST !== 'owasp')
    problems.push('PASSWORD_HASH_COST: the low argon2id cost is for the tests only, never in production');
  if (config.HOLDS_TEST_CLOCK) problems.push('HOLDS_TEST_CLOCK: the movable hold clock is never on in production');
  return problems;
}

export class ConfigValidationError extends Error {}

export function parseAppConfig(env: Record<string, string | undefined>): AppConfig {
  // `SEED=none npm start`: an empty product (no demo data), its first administrator set up through a link.
  const input = env.SEED === 'none' && env.SEED_DEMO === undefined ? { ...env, SEED_DEMO: 'false' } : env;
  const result = appConfigSchema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigValidationError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = productionProblems(result.data);
  if (problems.length)
    throw new ConfigValidationError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return result.data;
}

/** Whether the OpenAPI UI is served: explicitly configured, else everywhere but production. */
export function apiDocsEnabled(config: Pick<AppConfig, 'API_DOCS_ENABLED' | 'NODE_ENV'>): boolean {
  return config.API_DOCS_ENABLED ?? config.NODE_ENV !== 'production';
}

export const APP_CONFIG = Symbol('APP_CONFIG');
