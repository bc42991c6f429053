import { normalizeScanUrl, type Verdict, type VerdictError } from '@riskscan/contracts';
import type { ReputationQuery } from '../intel/reputation-index.ts';
import { urlKey } from '../intel/url-key.ts';
import { hostParts } from '../url/host-parts.ts';
import { refang } from '../url/refang.ts';
import type { Signal } from './signal.ts';
import { isVerdictError, type VerdictEngine, type VerdictOptions } from './verdict-engine.ts';

/** Verdicts still open to a second opinion, by their place in the batch. */
export type OpenVerdicts = { verdict: Verdict; index: number }[];

/** Signals found outside the engine (Safe Browsing, domain age) for some of the open verdicts, by place. */
export type ExternalSignals = (open: OpenVerdicts) => Promise<[number, Signal[]][]>;

/**
 * Verdicts for a batch of URLs, in order: the engine's, then, with `externalSignals`, judged
 * again with what external services add. Defanged forms (hxxp, [.]) name the same address. The
 * lookup service runs it on its engine; a hunt's worker thread on its own, asking the service
 * for the external signals.
 */
export async function judgeBatch(
  engine: VerdictEngine,
  urls: string[],
  { externalSignals, ...options }: VerdictOptions & { externalSignals?: ExternalSignals | null } = {},
): Promise<(Verdict | VerdictError)[]> {
  const inputs = urls.map(refang);
  const verdicts = inputs.map((url) => engine.verdict(url, [], options));
  if (!externalSignals) return verdicts;
  // Already-decisive verdicts need no second opinion; that spares the external quota.
  const open = verdicts.flatMap((verdict, index) =>
    !isVerdictError(verdict) && verdict.risk_level !== 'Danger' ? [{ verdict, index }] : [],
  );
  if (open.length === 0) return verdicts;
  const extra = new Map(await externalSignals(open));
  if (extra.size === 0) return verdicts;
  return inputs.map((input, index) => {
    const signals = extra.get(index);
    return signals ? engine.verdict(input, signals, options) : verdicts[index]!;
  });
}

/**
 * What `judgeBatch` will look up in the reputation index for these URLs (those that are URLs at
 * all): a worker thread asks the index for just these before it judges the batch.
 */
export function batchReputationQueries(urls: string[]): ReputationQuery[] {
  return urls.flatMap((input) => {
    const normalized = normalizeScanUrl(refang(input));
    return normalized.ok ? [{ urlKey: urlKey(normalized.url), parts: hostParts(normalized.url.hostname) }] : [];
  });
}
