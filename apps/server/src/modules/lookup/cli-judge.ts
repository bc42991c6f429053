import type { Verdict, VerdictError } from '@riskscan/contracts';
import { createVerdictEngine } from '@riskscan/scanner';
import { openCliContext } from './cli-database.ts';
import { LookupService } from './lookup.service.ts';

/** Verdicts for a batch of URLs, in order. */
export type JudgeUrls = (urls: string[]) => Promise<(Verdict | VerdictError)[]>;

/**
 * The verdicts the command-line tools give: the lookup service with the stored reputation feeds
 * (and Safe Browsing when configured), or the engine alone with `reputation: false`, which needs
 * no database. `reputationOfVisit` is what the index lists for a visit (null without it); `close`
 * releases the database.
 */
export async function openCliJudge(options: {
  reputation: boolean;
  env?: NodeJS.ProcessEnv;
}): Promise<{ judge: JudgeUrls; reputationOfVisit: LookupService['reputationOfVisit'] | null; close: () => Promise<void> }> {
  if (!options.reputation) {
    const engine = createVerdictEngine();
    return { judge: async (urls) => urls.map((url) => engine.verdict(url)), reputationOfVisit: null, close: async () => {} };
  }
  const context = await openCliContext(options.env);
  const safeBrowsing = context.config.reputation.safeBrowsing;
  const service = new LookupService(context.store, {
    safeBrowsing: safeBrowsing
      ? { apiKey: safeBrowsing.apiKey, baseUrl: safeBrowsing.url, clientId: 'riskscan', clientVersion: context.config.version }
      : null,
    log: context.log,
  });
  return {
    judge: (urls) => service.lookup(urls),
    reputationOfVisit: (url, host) => service.reputationOfVisit(url, host),
    close: context.close,
  };
}
