import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FEED_FORMATS, parseScanProxies, type FeedFormat, type S3Settings } from '@riskscan/scanner';
import { z } from 'zod';
import rootPackage from '../../../package.json' with { type: 'json' };

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const feedSpec = /^([a-z0-9][a-z0-9_-]*)=([a-z-]+)@(https?:\/\/\S+)$/i;

/** `REPUTATION_FEEDS`: `source=format@url` entries separated by spaces or semicolons. */
const feedsFromEnv = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const feeds: { source: string; format: FeedFormat; url: string }[] = [];
    for (const item of value.split(/[\s;]+/).filter(Boolean)) {
      const match = feedSpec.exec(item);
      const format = match?.[2] as FeedFormat | undefined;
      if (!match || !format || !FEED_FORMATS.includes(format)) {
        ctx.addIssue({ code: 'custom', message: `"${item}" is not source=format@url with format one of ${FEED_FORMATS.join(', ')}` });
        return z.NEVER;
      }
      feeds.push({ source: match[1] as string, format, url: match[3] as string });
    }
    return feeds;
  });

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** A proxy address, CIDR range, or one of proxy-addr's named ranges, as Fastify's `trustProxy` takes them. */
const isProxyAddress = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * `TRUST_PROXY`: `false`, a number of proxy hops in front of the server, or the proxies' addresses
 * and ranges. `true` (trust every X-Forwarded-For hop) would let any client choose its own IP and
 * so walk past every per-IP limit; it is refused with a pointer to the two safe forms.
 */
/**
 * Fastify's `trustProxy` for the setting. A hop count becomes "trust the nearest n hops" (as
 * proxy-addr reads a number; Fastify itself now ignores bare numbers): safe only when the server
 * can be reached through those proxies alone, which docs/operations.md and the README say.
 */
export function fastifyTrustProxy(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

const trustProxyFromEnv = z
  .string()
  .default('false')
  .transform((text, context): false | number | string[] => {
    const value = text.trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      context.addIssue({
        code: 'custom',
        message:
          'true would trust every X-Forwarded-For hop, so any client could pick its IP; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(/[\s,]+/).filter(Boolean);
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (invalid.length > 0) {
      context.addIssue({ code: 'custom', message: `${invalid.join(', ')}: not a hop count, an IP address or a CIDR range` });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Every setting the server reads, validated once at start. Nothing else reads `process.env`:
 * modules receive the typed object.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  API_BASE_URL: z.string().default('/api/v1'),
  SCAN_API_BASE_URL: z.string().default('/api'),
  PAYMENT_BASE_URL: z.string().default('/payments'),
  CMS_URL: z.string().default(''),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  // IPv6 clients are counted by this network prefix wherever an IP is a key (a subscriber holds a /64).
  RATE_LIMIT_IPV6_PREFIX: z.coerce.number().int().min(16).max(128).default(64),
  // Client IPs no per-IP request limit applies to (uptime monitors, an office proxy; the e2e suite).
  RATE_LIMIT_ALLOW_LIST: z
    .string()
    .default('')
    .transform((text) => text.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().refine((ip) => isIP(ip) !== 0, 'RATE_LIMIT_ALLOW_LIST entries must be IP addresses'))),
  TRUST_PROXY: trustProxyFromEnv,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('riskscan <no-reply@riskscan.local>'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(300).default(1_209_600),
  // Lifts the scanner's private-address rule: tests and local fixtures only, never production.
  SCAN_ALLOW_PRIVATE_NETWORKS: booleanFromEnv.default(false),
  SCAN_DNS_SERVERS: z
    .string()
    .default('')
    .transform((text) => text.split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(
        z
          .string()
          .regex(/^(?:[\d.]+|\[[\da-f:.]+\])(?::\d{1,5})?$|^[\da-f:.]+$/i, 'SCAN_DNS_SERVERS entries must be ip, ip:port or [ipv6]:port'),
      ),
    ),
  // Browser stage (issue 4): the system Chromium, else none (scans then go on without screenshots).
  CHROMIUM_PATH: z.string().optional(),
  SCAN_BROWSER: booleanFromEnv.default(true),
  SCAN_BROWSER_POOL_SIZE: z.coerce.number().int().min(1).max(16).default(2),
  SCAN_PAGE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  SCAN_BROWSER_TIMEOUT_MS: z.coerce.number().int().min(2_000).max(300_000).default(25_000),
  SCAN_CLOAKING_CHECK: booleanFromEnv.default(true),
  CONTENT_DIR: z.string().default(path.join(repoRoot, 'content')),
  CONTACT_EMAIL: z.email('CONTACT_EMAIL must be an e-mail address').default('contact@riskscan.local'),
  // No default here: a public deployment must name it (refuseLaptopDefaultsInPublic); sandbox otherwise.
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Tests point the Stripe SDK at a local server speaking Stripe's formats. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  BILLING_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(3600),
  REPUTATION_FEEDS: feedsFromEnv,
  REPUTATION_REFRESH_MINUTES: z.coerce.number().int().min(0).default(60),
  REPUTATION_MAX_AGE_DAYS: z.coerce.number().int().positive().default(30),
  REPUTATION_FEED_MAX_MB: z.coerce.number().positive().default(200),
  /** A newer top-sites ranking for the verdict's popularity prior (Tranco or Majestic CSV, or a domain a line): a URL or a file. */
  POPULARITY_LIST_URL: z.url().optional(),
  POPULARITY_LIST_FILE: z.string().min(1).optional(),
  /** How often the ranking is read again; 0 reads it once at start. */
  POPULARITY_REFRESH_HOURS: z.coerce.number().min(0).default(24),
  /** Lookups of plans with external reputation also ask the registries (RDAP) how old a domain is. */
  LOOKUP_DOMAIN_AGE: booleanFromEnv.default(false),
  SAFE_BROWSING_API_KEY: z.string().min(1).optional(),
  SAFE_BROWSING_URL: z.url().default('https://safebrowsing.googleapis.com'),
  LOOKUP_BATCH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  // Scan service (issue 7). Without REDIS_URL scans run in the API process.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  SCAN_QUEUE_NAME: z
    .string()
    .regex(/^[\w-]+$/)
    .default('scans'),
  SCAN_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  SCAN_TIME_LIMIT_MS: z.coerce.number().int().min(1000).default(120_000),
  SCAN_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  SCAN_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  // How long a worker's claim on a scan lasts without a heartbeat: a killed worker's scan moves on after this.
  SCAN_JOB_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
  // Issue 29: the bearer token `GET /metrics` asks for; unset, the API serves no /metrics at all.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  // The accounts that review reports of wrong verdicts (comma-separated e-mails); none by default.
  OPERATOR_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    ),
  // Issue 21: where `npm run worker` serves /metrics, /livez and /readyz (0: not at all).
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  // The worker's probes have no token: loopback unless the deployment says where the scraper reaches them.
  WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  SCAN_LOCATION: z
    .string()
    .regex(/^([A-Za-z]{2})?$/, 'SCAN_LOCATION must be a two-letter country code')
    .default(''),
  // Issue 31: the public address scans leave from without a proxy; its country (bundled GeoIP data) names the location when SCAN_LOCATION is unset.
  SCAN_EGRESS_IP: z
    .string()
    .trim()
    .refine((value) => value === '' || isIP(value) !== 0, 'SCAN_EGRESS_IP must be an IPv4 or IPv6 address')
    .default(''),
  SCAN_PROXIES: z
    .string()
    .default('')
    .transform((text) => text.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[A-Za-z]{2}=\S+$/, 'SCAN_PROXIES entries must be CC=proxy-url')))
    // Known countries, proxy URLs and no country twice (the browser's egress chains to these).
    .superRefine((entries, context) => {
      try {
        parseScanProxies(entries.join(','));
      } catch (error) {
        const detail =
          error instanceof z.ZodError
            ? error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`.trim()).join('; ')
            : 'invalid';
        context.addIssue({ code: 'custom', message: `SCAN_PROXIES: ${detail}` });
      }
    }),
  FREE_SCANS_PER_IP_PER_DAY: z.coerce.number().int().min(0).default(5),
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LLM_MAX_TOKENS: z.coerce.number().int().min(16).max(4096).default(300),
  // Extended checks (issue 5): a blocklist of criminal networks and a passive-DNS source, both optional.
  ASN_DROP_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Spamhaus asks for no more than one download an hour; the list changes slowly.
  ASN_DROP_REFRESH_MINUTES: z.coerce.number().int().min(60).default(720),
  PASSIVE_DNS_URL: z
    .url({ protocol: /^https?$/ })
    .refine((url) => url.endsWith('/'), 'PASSIVE_DNS_URL is the query prefix the address is appended to and must end with /')
    .optional(),
  PASSIVE_DNS_USERNAME: z.string().min(1).optional(),
  PASSIVE_DNS_PASSWORD: z.string().min(1).optional(),
  PASSIVE_DNS_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(5000),
  // Screenshots in an S3-compatible bucket instead of DATA_DIR/screenshots (issue 4): chosen by SCREENSHOT_S3_BUCKET.
  SCREENSHOT_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'SCREENSHOT_S3_BUCKET must be an S3 bucket name (3-63 of a-z, 0-9, dot, hyphen)')
    .optional(),
  SCREENSHOT_S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'SCREENSHOT_S3_ENDPOINT must be an http(s) URL' })
    .refine((text) => /^https?:\/\/[^/?#]+\/?$/.test(text), 'SCREENSHOT_S3_ENDPOINT must be scheme, host and port only')
    .optional(),
  SCREENSHOT_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'SCREENSHOT_S3_REGION must be a region name such as eu-central-1')
    .default('us-east-1'),
  SCREENSHOT_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  SCREENSHOT_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SCREENSHOT_S3_PATH_STYLE: booleanFromEnv.default(false),
  // Domain monitoring (issue 19): the scheduler's tick, the look-alike resolver, alert retries and the two discovery feeds.
  MONITOR_TICK_SECONDS: z.coerce.number().int().min(0).default(60),
  MONITOR_DNS_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(100),
  // The delivery log (decisions 175, 462): the job policy of every scan callback and alert, attempts
  // and first retry delay (the MONITOR_ALERT_* names from before it still count).
  DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(20).optional(),
  DELIVERY_RETRY_DELAY_MS: z.coerce.number().int().min(0).optional(),
  MONITOR_ALERT_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  MONITOR_ALERT_RETRY_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
  CT_STREAM_URL: z.url({ protocol: /^wss?$/, error: 'CT_STREAM_URL must be a ws:// or wss:// URL' }).optional(),
  NRD_FEED_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Certificate Transparency read directly (issue 39): RFC 6962 logs by base URL, or `default` for the large public logs.
  CT_LOGS: z
    .string()
    .default('')
    .transform((text) => text.split(/[\s,]+/).filter(Boolean))
    .transform((logs) => (logs.length === 1 && logs[0] === 'default' ? [...DEFAULT_CT_LOGS] : logs))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'CT_LOGS must be http(s) URLs of RFC 6962 logs, or default' }))),
  CT_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  CT_STALE_MINUTES: z.coerce.number().int().min(1).default(30),
  CT_MAX_ENTRIES_PER_POLL: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  // Tests only (with SCAN_ALLOW_PRIVATE_NETWORKS): `80:41080,443:41443` sends scans of standard ports to loopback fixtures.
  SCAN_CONNECT_PORTS: z
    .string()
    .default('')
    .transform((text) => text.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^\d{1,5}:\d{1,5}$/, 'SCAN_CONNECT_PORTS entries must be port:port')))
    .transform((pairs) => Object.fromEntries(pairs.map((pair) => pair.split(':').map(Number) as [number, number]))),
});

/** PGlite under a folder (null: in memory) or a PostgreSQL server. */
export type DatabaseSettings = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

export type PassiveDnsSettings = { url: string; username?: string; password?: string; timeoutMs: number };

/**
 * `CT_LOGS=default`: large public RFC 6962 logs accepting certificates in late 2026 (Google's
 * Argon and Xenon, DigiCert's Wyvern, Cloudflare's Nimbus), as browsers' log lists name them.
 * Logs shard by half-year: refresh this list as shards retire.
 */
export const DEFAULT_CT_LOGS = [
  'https://ct.googleapis.com/logs/us1/argon2026h2/',
  'https://ct.googleapis.com/logs/us1/argon2027h1/',
  'https://ct.googleapis.com/logs/eu1/xenon2026h2/',
  'https://ct.googleapis.com/logs/eu1/xenon2027h1/',
  'https://wyvern.ct.digicert.com/2026h2/',
  'https://ct.cloudflare.com/logs/nimbus2026/',
] as const;

/** Files under DATA_DIR/screenshots, or objects in an S3-compatible bucket; both served at `/screenshots/{name}`. */
export type ScreenshotStorage = { kind: 'directory'; dir: string } | { kind: 's3'; s3: S3Settings };

export type StripeSettings = { secretKey: string; webhookSecret: string; apiBase: string | null };

export class ConfigError extends Error {}

type Env = z.output<typeof envSchema>;

function databaseSettings(url: string | undefined, dataDir: string): DatabaseSettings {
  return url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
}

function paymentProvider(e: Env): { provider: 'sandbox' } | { provider: 'stripe'; stripe: StripeSettings } {
  if ((e.PAYMENT_PROVIDER ?? 'sandbox') === 'sandbox') return { provider: 'sandbox' };
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  return {
    provider: 'stripe',
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE ?? null },
  };
}

function passiveDns(e: Env): PassiveDnsSettings | null {
  if (!e.PASSIVE_DNS_URL) return null;
  if (Boolean(e.PASSIVE_DNS_USERNAME) !== Boolean(e.PASSIVE_DNS_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  PASSIVE_DNS_USERNAME and PASSIVE_DNS_PASSWORD go together');
  }
  const credentials = e.PASSIVE_DNS_USERNAME ? { username: e.PASSIVE_DNS_USERNAME, password: e.PASSIVE_DNS_PASSWORD } : {};
  return { url: e.PASSIVE_DNS_URL, ...credentials, timeoutMs: e.PASSIVE_DNS_TIMEOUT_MS };
}

function screenshotStorage(e: Env, dataDir: string): ScreenshotStorage {
  const bucket = e.SCREENSHOT_S3_BUCKET;
  const endpoint = e.SCREENSHOT_S3_ENDPOINT;
  const accessKeyId = e.SCREENSHOT_S3_ACCESS_KEY_ID;
  const secretAccessKey = e.SCREENSHOT_S3_SECRET_ACCESS_KEY;
  if (!bucket) {
    if (endpoint || accessKeyId || secretAccessKey) {
      throw new ConfigError('Invalid configuration:\n  SCREENSHOT_S3_BUCKET: the other SCREENSHOT_S3_ settings need a bucket');
    }
    return { kind: 'directory', dir: path.join(dataDir, 'screenshots') };
  }
  if (!accessKeyId || !secretAccessKey) {
    throw new ConfigError(
      'Invalid configuration:\n  SCREENSHOT_S3_BUCKET: needs SCREENSHOT_S3_ACCESS_KEY_ID and SCREENSHOT_S3_SECRET_ACCESS_KEY',
    );
  }
  const region = e.SCREENSHOT_S3_REGION;
  return {
    kind: 's3',
    s3: {
      endpoint: (endpoint ?? `https://s3.${region}.amazonaws.com`).replace(/\/$/, ''),
      bucket,
      region,
      pathStyle: e.SCREENSHOT_S3_PATH_STYLE,
      accessKeyId,
      secretAccessKey,
    },
  };
}

const isLoopbackHost = (hostname: string) => {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
};

/**
 * A deployment others reach (PUBLIC_URL not loopback or localhost) must not run on the defaults
 * made for a laptop: the sandbox card processor (test card 4242… buys any plan) unless chosen by
 * name, nor scans reaching private networks. Tests (NODE_ENV=test) run public-looking names on
 * loopback fixtures and are exempt.
 */
function refuseLaptopDefaultsInPublic(e: Env, publicUrl: string): void {
  if (e.NODE_ENV === 'test' || isLoopbackHost(new URL(publicUrl).hostname)) return;
  const problems: string[] = [];
  if (!e.PAYMENT_PROVIDER) {
    problems.push(
      `PAYMENT_PROVIDER: must be set for a public PUBLIC_URL (${publicUrl}): stripe, or sandbox to accept test cards on purpose`,
    );
  }
  if (e.SCAN_ALLOW_PRIVATE_NETWORKS) {
    problems.push(
      `SCAN_ALLOW_PRIVATE_NETWORKS: true lets anyone scan your internal network; not allowed with a public PUBLIC_URL (${publicUrl})`,
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

/**
 * The settings as modules receive them, grouped by concern; `Config` is this schema's output, so
 * a setting is declared once (in `envSchema`) and shaped once (here). Settings that only make sense
 * together are checked here and fail with a `ConfigError`.
 */
const configSchema = envSchema.transform((e) => {
  if (Object.keys(e.SCAN_CONNECT_PORTS).length > 0 && !e.SCAN_ALLOW_PRIVATE_NETWORKS) {
    throw new ConfigError(
      'Invalid configuration:\n  SCAN_CONNECT_PORTS: only for loopback fixtures, needs SCAN_ALLOW_PRIVATE_NETWORKS=true',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  refuseLaptopDefaultsInPublic(e, publicUrl);
  return {
    version: rootPackage.version,
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    publicUrl,
    dataDir,
    database: databaseSettings(e.DATABASE_URL, dataDir),
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    runtime: {
      apiBaseUrl: e.API_BASE_URL,
      scanApiBaseUrl: e.SCAN_API_BASE_URL,
      paymentBaseUrl: e.PAYMENT_BASE_URL,
      cmsBaseUrl: e.CMS_URL,
    },
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitAllowList: e.RATE_LIMIT_ALLOW_LIST,
    rateLimitIpv6Prefix: e.RATE_LIMIT_IPV6_PREFIX,
    /** The bearer token `GET /metrics` asks for; null: no /metrics on the API. */
    metricsToken: e.METRICS_TOKEN ?? null,
    /** Who may review verdict reports in the API and the admin page (signed in with a session). */
    operatorEmails: e.OPERATOR_EMAILS,
    trustProxy: e.TRUST_PROXY,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
      /** Outbox links go to the log only on a laptop: elsewhere the log is no place for reset links. */
      logLinks: e.NODE_ENV !== 'production' && isLoopbackHost(new URL(publicUrl).hostname),
    },
    /** `jwtSecret` null: a secret generated once is kept under DATA_DIR (fine for one host or a shared DATA_DIR). */
    auth: {
      jwtSecret: e.JWT_SECRET ?? null,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    },
    /** `connectPorts`: a test-only port mapping, like curl's `--connect-to` (empty in production). */
    scanner: { allowPrivateNetworks: e.SCAN_ALLOW_PRIVATE_NETWORKS, dnsServers: e.SCAN_DNS_SERVERS, connectPorts: e.SCAN_CONNECT_PORTS },
    browser: {
      enabled: e.SCAN_BROWSER,
      /** The configured Chromium; null: auto-detect. */
      chromiumPath: e.CHROMIUM_PATH ?? null,
      poolSize: e.SCAN_BROWSER_POOL_SIZE,
      pageTimeoutMs: e.SCAN_PAGE_TIMEOUT_MS,
      totalTimeoutMs: e.SCAN_BROWSER_TIMEOUT_MS,
      cloakingCheck: e.SCAN_CLOAKING_CHECK,
      screenshots: screenshotStorage(e, dataDir),
    },
    /** Where scans leave from: the configured country proxies (icons as `/flags/{cc}.svg`), and the server's own country. */
    scanLocation: {
      proxies: parseScanProxies(e.SCAN_PROXIES.join(',')),
      serverCountry: e.SCAN_LOCATION ? e.SCAN_LOCATION.toUpperCase() : null,
      egressIp: e.SCAN_EGRESS_IP || null,
    },
    contentDir: path.resolve(e.CONTENT_DIR),
    contactEmail: e.CONTACT_EMAIL,
    /** The card processor; the billing job renews sandbox subscriptions and sends reminders (0 turns it off). */
    payments: { billingJobIntervalSeconds: e.BILLING_JOB_INTERVAL_SECONDS, ...paymentProvider(e) },
    reputation: {
      feeds: e.REPUTATION_FEEDS,
      /** 0 turns scheduled refreshing off. */
      refreshMinutes: e.REPUTATION_REFRESH_MINUTES,
      maxAgeDays: e.REPUTATION_MAX_AGE_DAYS,
      feedMaxBytes: Math.round(e.REPUTATION_FEED_MAX_MB * 1024 * 1024),
      safeBrowsing: e.SAFE_BROWSING_API_KEY ? { apiKey: e.SAFE_BROWSING_API_KEY, url: e.SAFE_BROWSING_URL } : null,
      /** Domain age from RDAP as evidence in lookups (the offline CLI never asks). */
      domainAge: e.LOOKUP_DOMAIN_AGE,
      /** Where a newer popularity ranking comes from; without either, the ranking shipped with the verdict. */
      popularity: { url: e.POPULARITY_LIST_URL ?? null, file: e.POPULARITY_LIST_FILE ?? null, refreshHours: e.POPULARITY_REFRESH_HOURS },
    },
    lookupBatchRateLimitMax: e.LOOKUP_BATCH_RATE_LIMIT_MAX,
    scanService: {
      redisUrl: e.REDIS_URL ?? null,
      queueName: e.SCAN_QUEUE_NAME,
      workerConcurrency: e.SCAN_WORKER_CONCURRENCY,
      timeLimitMs: e.SCAN_TIME_LIMIT_MS,
      attempts: e.SCAN_ATTEMPTS,
      retryDelayMs: e.SCAN_RETRY_DELAY_MS,
      jobLockMs: e.SCAN_JOB_LOCK_MS,
      workerMetricsPort: e.WORKER_METRICS_PORT,
      workerMetricsHost: e.WORKER_METRICS_HOST,
      freeScansPerIpPerDay: e.FREE_SCANS_PER_IP_PER_DAY,
      apiKeyRateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
      /** An OpenAI-compatible chat endpoint for the AI summary; null: `ai_analysis` stays null. */
      llm: e.LLM_BASE_URL
        ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY ?? null, model: e.LLM_MODEL, maxTokens: e.LLM_MAX_TOKENS }
        : null,
    },
    /** Domain monitoring; `tickSeconds` 0 turns the in-process scheduler off (tests drive it). */
    monitoring: {
      tickSeconds: e.MONITOR_TICK_SECONDS,
      dnsConcurrency: e.MONITOR_DNS_CONCURRENCY,
      ctStreamUrl: e.CT_STREAM_URL ?? null,
      nrdFeedUrl: e.NRD_FEED_URL ?? null,
      ctLogs: {
        logs: e.CT_LOGS,
        pollMs: e.CT_POLL_SECONDS * 1000,
        staleAfterMs: e.CT_STALE_MINUTES * 60_000,
        batchSize: 256,
        maxEntriesPerPoll: e.CT_MAX_ENTRIES_PER_POLL,
      },
    },
    /** Scan callbacks and monitor alerts (the webhooks module's delivery log): the policy of each message's job. */
    deliveries: {
      attempts: e.DELIVERY_ATTEMPTS ?? e.MONITOR_ALERT_ATTEMPTS,
      retryDelayMs: e.DELIVERY_RETRY_DELAY_MS ?? e.MONITOR_ALERT_RETRY_DELAY_MS,
    },
    /** The IP checks' outside sources; null: not configured. */
    extendedSources: {
      networkBlocklist: e.ASN_DROP_URL
        ? { url: e.ASN_DROP_URL, refreshMinutes: e.ASN_DROP_REFRESH_MINUTES, cacheFile: path.join(dataDir, 'feeds', 'asndrop.json') }
        : null,
      passiveDns: passiveDns(e),
    },
  };
});

export type Config = z.output<typeof configSchema>;
export type ScanServiceConfig = Config['scanService'];
export type MonitoringConfig = Config['monitoring'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
