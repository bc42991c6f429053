import { riskLevelForScore, type Verdict, type VerdictError } from '@riskscan/contracts';
import { isReputationReason } from '../verdict/reputation-signals.ts';
import type { Finding } from './check.ts';
import { type PageStance, weighByPage } from './page-stance.ts';

/** The URL verdict of one address a scan's redirect chain passed through; `landing` is the page's own address. */
export type HopVerdict = { url: string; verdict: Verdict | VerdictError; landing: boolean };

/** Judges one address: the caller's lookup (with its reputation feeds) or the scanner's own engine. */
export type JudgeUrl = (url: string) => Verdict | VerdictError | Promise<Verdict | VerdictError>;

// Chains past this are reported as long by the redirect check; judging more hops adds nothing but time.
export const MAX_JUDGED_HOPS = 10;
/** A hop the lookup rates Risky or worse is a bad hop: the lookup would warn before opening it. */
export const BAD_HOP_SCORE = 60;

/**
 * Every address of the chain after the one entered, once each, in order (http and https only:
 * a `data:` or `about:` step is no address anyone registered), each with its URL verdict.
 */
export async function judgeHops(chain: readonly string[], judge: JudgeUrl): Promise<HopVerdict[]> {
  const [entered, ...rest] = chain;
  const hops = [...new Set(rest.filter((url) => url !== entered && /^https?:/i.test(url)))].slice(0, MAX_JUDGED_HOPS);
  const last = chain.at(-1);
  return Promise.all(hops.map(async (url) => ({ url, verdict: await judge(url), landing: url === last })));
}

/** One hop's finding before the page weighs it. */
function hopFinding({ url, verdict, landing }: HopVerdict): { finding: Finding; listed: boolean; landing: boolean } | null {
  if ('error' in verdict || verdict.risk_score < BAD_HOP_SCORE) return null;
  const reason = [...verdict.reasons].sort((a, b) => b.risk_score - a.risk_score)[0];
  const where = landing ? `The page's own address, ${url},` : `The redirect chain passes through ${url}, which`;
  const rated = ` is rated ${verdict.risk_score} (${riskLevelForScore(verdict.risk_score)}) by the URL verdict`;
  return {
    finding: { risk_score: verdict.risk_score, message: `${where}${rated}${reason ? `: ${reason.message}` : '.'}` },
    listed: verdict.reasons.some((item) => isReputationReason(item.code)),
    landing,
  };
}

/**
 * The worst hop of the redirect chain, judged like the address entered: a hop on the way counts in
 * full (no page was shown there to confirm or clear it), as does a hop a threat feed lists; the
 * page's own address is weighed by what the page showed, like the address entered.
 */
export function badHopFinding(hops: readonly HopVerdict[], stance: PageStance): Finding | undefined {
  const weighed = hops.flatMap((hop) => {
    const judged = hopFinding(hop);
    if (!judged) return [];
    return [judged.landing && !judged.listed ? weighByPage(judged.finding, judged.finding.risk_score, stance) : judged.finding];
  });
  const worst = weighed.sort((a, b) => b.risk_score - a.risk_score)[0];
  if (!worst || worst.risk_score === 0) return worst;
  const others = weighed.filter((finding) => finding.risk_score >= BAD_HOP_SCORE).length - 1;
  return others > 0 ? { ...worst, message: `${worst.message} ${others} more hop(s) are rated Risky or worse.` } : worst;
}
