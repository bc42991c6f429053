import type { OpenVerdicts, ReputationKeys } from '@riskscan/scanner';
import type { JudgeUrls } from './cli-judge.ts';
import type { LookupService } from './lookup.service.ts';

/** The fast verdict for one account: Safe Browsing is asked only when its plan allows it. */
export type JudgeFor = (userId: number) => Promise<JudgeUrls>;

export function accountJudge(lookup: Pick<LookupService, 'lookup'>, externalAllowed: (userId: number) => Promise<boolean>): JudgeFor {
  return async (userId) => {
    const external = await externalAllowed(userId);
    return (urls) => lookup.lookup(urls, { external });
  };
}

/**
 * What a retro-hunt's worker thread asks of the lookup service for one account: it judges with
 * an engine of its own, as `lookup` does, over the excerpts of the reputation index and the
 * popularity ranking it is given, and asks for external signals only when the plan allows them.
 */
export function accountHuntLookup(
  lookup: Pick<LookupService, 'reputationExcerpt' | 'externalSignals' | 'popularitySnapshot'>,
  externalAllowed: (userId: number) => Promise<boolean>,
) {
  return async (userId: number) => ({
    external: await externalAllowed(userId),
    popularity: lookup.popularitySnapshot(),
    reputationExcerpt: (keys: ReputationKeys) => lookup.reputationExcerpt(keys),
    externalSignals: (open: OpenVerdicts) => lookup.externalSignals(open),
  });
}
