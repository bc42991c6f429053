import type { CheckResult } from '@riskscan/contracts';
import { REDACTED, redactUrlSecrets, urlSecretValues } from './url-secrets.ts';

/**
 * Shorter secrets are not searched for in free text: three characters would blank out words
 * everywhere. The addresses themselves are still redacted whole (`redactUrlSecrets`).
 */
const MIN_SEARCHED_SECRET = 4;

/** The secrets of the scanned address, the final one and every redirect step, longest first. */
export function scanSecrets(result: Pick<CheckResult, 'url' | 'final_url' | 'redirect_chain'>): string[] {
  const urls = [result.url, result.final_url ?? '', ...(result.redirect_chain ?? [])].filter(Boolean);
  const secrets = new Set(urls.flatMap(urlSecretValues).filter((secret) => secret.length >= MIN_SEARCHED_SECRET));
  return [...secrets].sort((a, b) => b.length - a.length);
}

/** `text` with every occurrence of each secret replaced by `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) if (redacted.includes(secret)) redacted = redacted.replaceAll(secret, REDACTED);
  return redacted;
}

function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, secrets));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, secrets)]));
  return value;
}

/**
 * A report with the secrets of its addresses redacted everywhere they appear (issue 40): the
 * addresses, the capture (title, requests, redirects), details' messages and evidence. A secret
 * redacted in the URL but left in the page's title or a request would be no secret.
 */
export function redactResultSecrets(result: CheckResult): CheckResult {
  const secrets = scanSecrets(result);
  const redacted = secrets.length === 0 ? result : (redactDeep(result, secrets) as CheckResult);
  const { url, final_url: finalUrl, redirect_chain: chain } = result;
  return {
    ...redacted,
    url: redactUrlSecrets(url),
    ...(finalUrl === undefined ? {} : { final_url: redactUrlSecrets(finalUrl) }),
    ...(chain === undefined ? {} : { redirect_chain: chain.map((step) => redactUrlSecrets(step)) }),
  };
}
