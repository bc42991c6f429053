import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, fastifyTrustProxy } from './config.ts';
import { assemble, type AssemblyDependencies } from './assemble.ts';
import { accountsPlugin, accountsPrivateRoutes, accountsPublicRoutes } from './modules/accounts/index.ts';
import { authPlugin } from './modules/auth/index.ts';
import { apiDocsPlugin } from './modules/api-docs/index.ts';
import { apiKeysPlugin, apiKeysRoutes } from './modules/api-keys/index.ts';
import {
  freeScanRoutes,
  recentScansRoutes,
  requestScan,
  scanHistoryRoutes,
  scansRoutes,
  missingScanPage,
  scanPageMeta,
} from './modules/scans/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { conservativeUrlRisk, contentPlugin, missingBlogPost, type UrlRiskCheck } from './modules/content/index.ts';
import { healthRoutes, probeRoutes } from './modules/health/index.ts';
import { metricsPlugin } from './modules/metrics/index.ts';
import { membershipsPlugin, membershipsRoutes, paymentsPlugin, plansScanApiRoutes } from './modules/billing/index.ts';
import { accountHuntLookup, accountJudge, lookupRoutes, verdictUrlRisk } from './modules/lookup/index.ts';
import { scanProfilesRoutes } from './modules/scan-profiles/index.ts';
import { scanCapturePlugin } from './modules/screenshots/index.ts';
import { runtimeConfigRoutes } from './modules/runtime-config/index.ts';
import { lookalikesWatchedBy, monitorsRoutes } from './modules/monitoring/index.ts';
import { accountLookalikesSource, dangerScansSource, mispFeedRoutes, type TaxiiViewer, taxiiRoutes } from './modules/taxii/index.ts';
import { verdictReportsRoutes } from './modules/verdict-reports/index.ts';
import { savedSearchesRoutes } from './modules/saved-searches/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { shortLinkExpander, triageRoutes } from './modules/triage/index.ts';
import { accountSecrets, webhooksRoutes } from './modules/webhooks/index.ts';
import { databasePlugin } from './plugins/database.ts';
import { clientErrorHandler, errorsPlugin } from './plugins/errors.ts';
import { mailPlugin } from './plugins/mail.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';

export type AppDependencies = AssemblyDependencies & {
  /** Scores links in blog comments; the scanner's fast URL verdict plugs in here. */
  urlRisk?: UrlRiskCheck;
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
  // Every module with runtime state, built once (assemble.ts); this process serves their routes.
  const assembly = await assemble(config, deps, app.log);
  const { db, jobs, entitlements, network, clock } = assembly;
  // Closed last but the routes' own hooks (hooks close in reverse order): running jobs still write to the database.
  app.addHook('onClose', () => assembly.close());
  app.addHook('onReady', () => assembly.startServing());
  await app.register(databasePlugin, { db });
  await app.register(mailPlugin, { mailer: assembly.mailer, mail: config.mail });
  await app.register(authPlugin, { auth: config.auth, dataDir: config.dataDir });
  await app.register(accountsPlugin, {
    publicUrl: config.publicUrl,
    refreshTokenTtlSeconds: config.auth.refreshTokenTtlSeconds,
    jobs: assembly.fleetJobs,
  });
  const accounts = app.accounts;
  await app.register(membershipsPlugin, { publicUrl: config.publicUrl, clock, onUserCreated: accounts.onUserCreated });
  const lookup = assembly.lookup.lookup;
  app.decorate('lookup', lookup);
  app.decorate('reputation', assembly.lookup.reputation);
  const externalAllowed = (userId: number) => entitlements.allows(userId, 'external_reputation');
  const judgeFor = accountJudge(lookup, externalAllowed);
  await app.register(scanCapturePlugin, { capture: assembly.capture });
  app.decorate('deliveries', assembly.webhooks.deliveries);
  const scans = assembly.scans.context;
  app.decorate('scans', scans);
  app.decorate('monitoring', assembly.monitoring.monitoring);
  await app.register(apiKeysPlugin, { limitPerMinute: config.scanService.apiKeyRateLimitPerMinute, entitlements });
  await app.register(apiDocsPlugin, { version: config.version, publicUrl: config.publicUrl });

  await app.register(metricsPlugin, {
    token: config.metricsToken,
    queueFigures: assembly.scans.queueFigures,
    discoverySources: () => app.monitoring.sourceStatus(),
  });
  // What TAXII and the MISP feed publish to a viewer: public Danger scans and its own look-alikes.
  const feedCollections = (viewer: TaxiiViewer) => [
    dangerScansSource(db, { maxAgeDays: config.reputation.maxAgeDays }),
    accountLookalikesSource(db, viewer, { maxAgeDays: config.reputation.maxAgeDays }),
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
      await api.register(savedSearchesRoutes, { entitlements, network });
      await api.register(freeScanRoutes, {
        perIpPerDay: config.scanService.freeScansPerIpPerDay,
        mintGuestToken: (uid) => accounts.mintFreeScanGuestToken(uid),
      });
      await api.register(apiKeysRoutes, { entitlements });
      await api.register(monitorsRoutes);
      await api.register(triageRoutes, {
        judgeFor,
        requestScan: (caller, input) => requestScan(scans, caller, input),
        huntLookupFor: accountHuntLookup(lookup, externalAllowed),
        watchedLookalikes: (userId) => lookalikesWatchedBy(db, userId),
        expandShortLinks: shortLinkExpander(network),
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
    jobs: assembly.fleetJobs,
  });

  // Only the built-in CMS knows which posts exist; an external one answers for itself.
  const missingPosts = config.runtime.cmsBaseUrl === '' ? [missingBlogPost(db)] : [];
  await app.register(spaPlugin, {
    webDistDir: config.webDistDir,
    pageMeta: scanPageMeta(db),
    missing: [missingScanPage(db), ...missingPosts],
  });
  return app;
}
