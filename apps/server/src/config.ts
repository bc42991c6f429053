import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FEED_FORMATS, type FeedFormat } from '@riskscan/scanner';
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
  TRUST_PROXY: booleanFromEnv.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('riskscan <no-reply@riskscan.local>'),
  REPUTATION_FEEDS: feedsFromEnv,
  REPUTATION_REFRESH_MINUTES: z.coerce.number().int().min(0).default(60),
  REPUTATION_MAX_AGE_DAYS: z.coerce.number().int().positive().default(30),
  REPUTATION_FEED_MAX_MB: z.coerce.number().positive().default(200),
  SAFE_BROWSING_API_KEY: z.string().min(1).optional(),
  SAFE_BROWSING_URL: z.url().default('https://safebrowsing.googleapis.com'),
  LOOKUP_BATCH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
});

export type Config = {
  version: string;
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  webDistDir: string;
  runtime: { apiBaseUrl: string; scanApiBaseUrl: string; paymentBaseUrl: string; cmsBaseUrl: string };
  rateLimitMax: number;
  trustProxy: boolean;
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  reputation: {
    feeds: { source: string; format: FeedFormat; url: string }[];
    /** 0 turns scheduled refreshing off. */
    refreshMinutes: number;
    maxAgeDays: number;
    feedMaxBytes: number;
    safeBrowsing: { apiKey: string; url: string } | null;
  };
  lookupBatchRateLimitMax: number;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    version: rootPackage.version,
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    runtime: {
      apiBaseUrl: e.API_BASE_URL,
      scanApiBaseUrl: e.SCAN_API_BASE_URL,
      paymentBaseUrl: e.PAYMENT_BASE_URL,
      cmsBaseUrl: e.CMS_URL,
    },
    rateLimitMax: e.RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    reputation: {
      feeds: e.REPUTATION_FEEDS,
      refreshMinutes: e.REPUTATION_REFRESH_MINUTES,
      maxAgeDays: e.REPUTATION_MAX_AGE_DAYS,
      feedMaxBytes: Math.round(e.REPUTATION_FEED_MAX_MB * 1024 * 1024),
      safeBrowsing: e.SAFE_BROWSING_API_KEY ? { apiKey: e.SAFE_BROWSING_API_KEY, url: e.SAFE_BROWSING_URL } : null,
    },
    lookupBatchRateLimitMax: e.LOOKUP_BATCH_RATE_LIMIT_MAX,
  };
}
