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
