import type { ScannerOptions } from '@riskscan/scanner';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, fastifyTrustProxy } from './config.ts';
import type { Db } from './db/database.ts';
import { bullmqSettings, createBullmqJobs, createInProcessJobs } from './jobs/index.ts';
import { accountsPlugin, accountsPrivateRoutes, accountsPublicRoutes } from './modules/accounts/index.ts';
import { authPlugin } from './modules/auth/index.ts';
import { apiDocsPlugin } from './modules/api-docs/index.ts';
import { apiKeysPlugin, apiKeysRoutes } from './modules/api-keys/index.ts';
import {
  freeScanRoutes,
  type PlanAllowance,
  recentScansRoutes,
  requestScan,
  scanCallbackSender,
  scanHistoryRoutes,
  scansPlugin,
  scansRoutes,
  missingScanPage,
  scanPageMeta,
} from './modules/scans/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { conservativeUrlRisk, contentPlugin, missingBlogPost, type UrlRiskCheck } from './modules/content/index.ts';
import { healthRoutes, probeRoutes } from './modules/health/index.ts';
import { metricsPlugin } from './modules/metrics/index.ts';
import {
  type Clock,
  createEntitlements,
  type Entitlements,
  membershipsPlugin,
  membershipsRoutes,
  paymentsPlugin,
  plansScanApiRoutes,
  systemClock,
} from './modules/billing/index.ts';
import { accountJudge, lookupPlugin, lookupRoutes, threatIntelOf, verdictUrlRisk } from './modules/lookup/index.ts';
import { scanProfilesRoutes } from './modules/scan-profiles/index.ts';
import { scanCapturePlugin } from './modules/screenshots/index.ts';
import { runtimeConfigRoutes } from './modules/runtime-config/index.ts';
import {
  hostFirstSeenInCtLogs,
  lookalikesWatchedBy,
  monitorAlertSender,
  monitoringPlugin,
  monitorsRoutes,
} from './modules/monitoring/index.ts';
import { accountLookalikesSource, dangerScansSource, mispFeedRoutes, type TaxiiViewer, taxiiRoutes } from './modules/taxii/index.ts';
import { verdictReportsRoutes } from './modules/verdict-reports/index.ts';
import { savedSearchAlertSender, savedSearchesRoutes } from './modules/saved-searches/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { shortLinkExpander, triageRoutes } from './modules/triage/index.ts';
import { accountSecrets, webhookNetwork, webhooksPlugin, webhooksRoutes } from './modules/webhooks/index.ts';
import { databasePlugin } from './plugins/database.ts';
import { clientErrorHandler, errorsPlugin } from './plugins/errors.ts';
import { mailPlugin } from './plugins/mail.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';

export type AppDependencies = {
  /** A database the caller owns; tests pass a fresh one per file. */
  db?: Db;
  /** Quotas for the scan service; the memberships module's when absent. */
  planAllowance?: (db: Db) => PlanAllowance;
  /** What each account's plan allows; billing's when absent. Tests fix both with `fixedPlan`. */
  entitlements?: (db: Db) => Entitlements;
  /** Extra scanner settings; tests pass their fixture world's resolver and CA. */
  scanner?: ScannerOptions;
  /** Scores links in blog comments; the scanner's fast URL verdict plugs in here. */
  urlRisk?: UrlRiskCheck;
  /** The clock billing runs on (periods, quotas, renewals, reminders); tests move it. */
  clock?: Clock;
};

/**
 * Slow clients cannot hold connections (docs/operations.md, beside the proxy's): a connection
 * idle this long is closed, a request (body included) must arrive within `requestTimeout` (a
 * 1 GB log at a modest rate fits), and a kept-alive connection waits this long for the next.
 */
export const SLOW_CLIENT_TIMEOUTS = { connectionTimeout: 60_000, requestTimeout: 15 * 60_000, keepAliveTimeout: 10_000 } as const;
export const HEADERS_TIMEOUT_MS = 15_000;

/** The whole product as one Fastify instance; `main.ts` listens with it, tests `inject` into it. */
export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    clientErrorHandler,
    ...SLOW_CLIENT_TIMEOUTS,
  }).withTypeProvider<ZodTypeProvider>();
  // Headers must arrive within this, however slowly a client sends them (Fastify has no option for it).
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    runtime: config.runtime,
    rateLimitMax: config.rateLimitMax,
    rateLimitAllowList: config.rateLimitAllowList,
    ipv6Prefix: config.rateLimitIpv6Prefix,
  });
  await app.register(databasePlugin, { database: config.database, ...(deps.db ? { db: deps.db } : {}) });
  // The one job system every module's jobs run on: BullMQ with REDIS_URL (workers run them), else this process.
  const redisUrl = config.scanService.redisUrl;
  const jobs = redisUrl ? createBullmqJobs(bullmqSettings(config.scanService, redisUrl)) : createInProcessJobs(app.log);
  // Closed before the database (hooks close in reverse order): running jobs still write to it.
  app.addHook('onClose', () => jobs.close());
  await app.register(mailPlugin, { mail: config.mail });
  await app.register(authPlugin, { auth: config.auth, dataDir: config.dataDir });
  // The modules, each handed what it needs from the others: this is the one place they meet.
  await app.register(accountsPlugin, { publicUrl: config.publicUrl, refreshTokenTtlSeconds: config.auth.refreshTokenTtlSeconds });
  const accounts = app.accounts;
  const clock = deps.clock ?? systemClock;
  await app.register(membershipsPlugin, { publicUrl: config.publicUrl, clock, onUserCreated: accounts.onUserCreated });
  const memberships = app.memberships;
  // Quotas as the scan service sees them (tests may fix them).
  const allowance = deps.planAllowance?.(app.db) ?? memberships;
  await app.register(lookupPlugin, {
    reputation: config.reputation,
    version: config.version,
    // Registries are reached like any scan target, through the egress guard (tests: a stand-in).
    registries: {
      network: { ...config.scanner, ...deps.scanner?.network },
      ...(deps.scanner?.rdapBootstrapUrl ? { bootstrapUrl: deps.scanner.rdapBootstrapUrl } : {}),
    },
  });
  const lookup = app.lookup;
  // What each account's plan allows, for every module that asks (tests may fix it): Safe Browsing
  // is asked only for plans with external reputation.
  const entitlements = deps.entitlements?.(app.db) ?? createEntitlements({ db: app.db, clock });
  const externalAllowed = (userId: number) => entitlements.allows(userId, 'external_reputation');
  const judgeFor = accountJudge(lookup, externalAllowed);
  await app.register(scanCapturePlugin, { browser: config.browser, scanLocation: config.scanLocation });
  const capture = app.scanCapture;
  // The delivery log scan callbacks and monitor alerts go through, swept as a job.
  await app.register(webhooksPlugin, {
    config,
    scanner: deps.scanner,
    jobs,
    senders: {
      scan_callback: scanCallbackSender(config, app.db),
      monitor_alert: monitorAlertSender(app.db, config.publicUrl),
      saved_search_alert: savedSearchAlertSender(config, app.db),
    },
  });
  const deliveries = app.deliveries;
  await app.register(scansPlugin, {
    config,
    deliveries,
    allowance,
    entitlements,
    scanner: deps.scanner,
    capture,
    threatIntel: threatIntelOf(lookup, app.reputation, externalAllowed),
    jobs,
    // Monitoring follows up the page scans its runs asked for (it registers next; asked only once scans run).
    onScanFinished: (scanUid) => app.monitoring.onScanFinished(scanUid),
    certificateFirstSeen: (host) => hostFirstSeenInCtLogs(app.db, host),
  });
  const scans = app.scans;
  await app.register(monitoringPlugin, { config, scanner: deps.scanner, jobs, scanQueue: scans.queue, entitlements, deliveries });
  await app.register(apiKeysPlugin, { limitPerMinute: config.scanService.apiKeyRateLimitPerMinute, entitlements });
  await app.register(apiDocsPlugin, { version: config.version, publicUrl: config.publicUrl });

  await app.register(metricsPlugin, { token: config.metricsToken, discoverySources: () => app.monitoring.sourceStatus() });
  // What TAXII and the MISP feed publish to a viewer: public Danger scans and its own look-alikes.
  const feedCollections = (viewer: TaxiiViewer) => [
    dangerScansSource(app.db, { maxAgeDays: config.reputation.maxAgeDays }),
    accountLookalikesSource(app.db, viewer, { maxAgeDays: config.reputation.maxAgeDays }),
  ];
  await app.register(probeRoutes, { queueReady: () => jobs.ready(), staleSources: () => app.monitoring.sourceStatus() });
  await app.register(runtimeConfigRoutes, { runtime: config.runtime });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { version: config.version });
      await api.register(accountsPublicRoutes);
      await api.register(contactRoutes, { contactEmail: config.contactEmail });
      await api.register(accountsPrivateRoutes);
      await api.register(membershipsRoutes);
      await api.register(lookupRoutes, { batchRateLimitMax: config.lookupBatchRateLimitMax, judgeFor });
      await api.register(scansRoutes);
      await api.register(scanProfilesRoutes, { entitlements });
      await api.register(scanHistoryRoutes);
      await api.register(searchRoutes);
      await api.register(savedSearchesRoutes, { entitlements, network: webhookNetwork(config, deps.scanner?.network) });
      await api.register(freeScanRoutes, {
        perIpPerDay: config.scanService.freeScansPerIpPerDay,
        mintGuestToken: (uid) => accounts.mintFreeScanGuestToken(uid),
      });
      await api.register(apiKeysRoutes, { entitlements });
      await api.register(monitorsRoutes);
      await api.register(triageRoutes, {
        judgeFor,
        requestScan: (caller, input) => requestScan(scans, caller, input),
        reputationOfVisit: (url, host) => lookup.reputationOfVisit(url, host),
        watchedLookalikes: (userId) => lookalikesWatchedBy(app.db, userId),
        expandShortLinks: shortLinkExpander({ ...config.scanner, ...deps.scanner?.network }),
      });
      await api.register(webhooksRoutes, { secretFor: accountSecrets(config) });
      await api.register(mispFeedRoutes, { collections: feedCollections });
      await api.register(verdictReportsRoutes, { corrections: app.reputation, operatorEmails: config.operatorEmails });
    },
    { prefix: '/api/v1' },
  );
  await app.register(taxiiRoutes, { prefix: '/taxii2', publicUrl: config.publicUrl, collections: feedCollections });
  await app.register(recentScansRoutes, { prefix: '/api' });
  await app.register(contentPlugin, {
    contentDir: config.contentDir,
    publicUrl: config.publicUrl,
    urlRisk: deps.urlRisk ?? verdictUrlRisk(lookup, conservativeUrlRisk),
  });
  await app.register(plansScanApiRoutes, { prefix: '/api' });
  await app.register(paymentsPlugin, {
    payments: config.payments,
    publicUrl: config.publicUrl,
    clock,
    prefixes: { api: '/api/v1', backend: '/payments' },
  });

  // Only the built-in CMS knows which posts exist; an external one answers for itself.
  const missingPosts = config.runtime.cmsBaseUrl === '' ? [missingBlogPost(app.db)] : [];
  await app.register(spaPlugin, {
    webDistDir: config.webDistDir,
    pageMeta: scanPageMeta(app.db),
    missing: [missingScanPage(app.db), ...missingPosts],
  });
  return app;
}
