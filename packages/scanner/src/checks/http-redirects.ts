import { NEEDS_ANSWER } from './check-needs.ts';
import type { RedirectStep } from '../collect/collected.ts';
import { siteOf, type UrlFacts } from '../url/url-facts.ts';
import { defineCheck, type Finding } from './check.ts';

/** Security headers a maintained site sends; each missing one is a weak hint of neglect, never of malice. */
const SECURITY_HEADERS: readonly { header: string; label: string; httpsOnly?: boolean }[] = [
  { header: 'strict-transport-security', label: 'Strict-Transport-Security', httpsOnly: true },
  { header: 'content-security-policy', label: 'Content-Security-Policy' },
  { header: 'x-content-type-options', label: 'X-Content-Type-Options' },
  { header: 'referrer-policy', label: 'Referrer-Policy' },
];

const DETAILS = [
  {
    name: 'http_cross_domain_redirects',
    title: 'Redirects across domains',
    background_info: 'Follows the redirect chain and counts the different domains it passes through.',
    explanation: 'Chains through several unrelated domains are how traffic brokers and phishing campaigns hide where a link really goes.',
    clean: 'The address does not bounce through other domains.',
  },
  {
    name: 'http_many_hops',
    title: 'Many redirects',
    background_info: 'Counts every HTTP, meta-refresh and script redirect before the final page.',
    explanation: 'One or two redirects are normal (http to https, www); long chains are typical of cloaking and tracking chains.',
    clean: 'The address reaches its page in few steps.',
  },
  {
    name: 'http_landing_domain_differs',
    title: 'Different landing domain',
    background_info: 'Compares the domain of the final page with the domain of the address entered.',
    explanation: 'When you end up on another domain than the link showed, the link text cannot tell you who you are dealing with.',
    clean: 'The final page is on the domain that was entered.',
  },
  {
    name: 'http_open_redirect',
    title: 'Open redirect',
    background_info: 'Looks for redirects whose target was passed in the address itself (e.g. ?url=https://...).',
    explanation: 'Attackers abuse open redirects on reputable domains so that a malicious link starts with a trusted name.',
    clean: 'No redirect forwards to a target taken from the address.',
  },
  {
    name: 'http_client_redirect',
    title: 'Meta-refresh or script redirect',
    background_info: 'Looks for pages that forward the visitor with a meta refresh or a script instead of an HTTP redirect.',
    explanation:
      'Client-side redirects to other domains are a favourite of redirector pages because link scanners that do not render the page miss them.',
    clean: 'No page forwards the visitor with a meta refresh or script.',
  },
  {
    name: 'http_redirect_to_internal',
    title: 'Redirect to a private address',
    background_info: 'Checks whether any step points into a private, loopback or otherwise internal network.',
    explanation: 'A public page that sends visitors to an internal address is probing or attacking networks behind the visitor.',
    clean: 'No step points into a private network.',
  },
  {
    name: 'http_missing_security_headers',
    title: 'Missing security headers',
    background_info: 'Looks for HSTS, Content-Security-Policy, X-Content-Type-Options and Referrer-Policy on the final response.',
    explanation: 'Well-run sites send these headers; their absence is common and only a weak hint that nobody maintains the site.',
    clean: 'The final response sends the usual security headers.',
  },
  {
    name: 'http_error_page',
    title: 'Error or unreachable page',
    background_info: 'Reads the HTTP status of the final page and whether the site answered at all.',
    explanation:
      'Dead links and error pages are not dangerous in themselves, but phishing pages that were taken down often look like this.',
    clean: 'The final page answered normally.',
  },
] as const;

type Name = (typeof DETAILS)[number]['name'];

/** A redirect whose target appears in its own query string: the signature of an open redirect. */
function isOpenRedirect(step: RedirectStep): boolean {
  if (step.kind !== 'http') return false;
  const from = new URL(step.from);
  const target = new URL(step.to);
  if (siteOf(step.from) === siteOf(step.to)) return false;
  return [...from.searchParams.values()].some((value) => {
    if (!URL.canParse(value)) return false;
    const candidate = new URL(value);
    return candidate.host === target.host;
  });
}

function securityHeaderFinding(final: UrlFacts, headers: Record<string, string>): Finding | undefined {
  const missing = SECURITY_HEADERS.filter((entry) => !(entry.httpsOnly && final.scheme !== 'https') && headers[entry.header] === undefined);
  if (missing.length === 0) return undefined;
  return {
    risk_score: Math.min(10, missing.length * 3),
    message: `The final response lacks ${missing.map((entry) => entry.label).join(', ')}.`,
  };
}

/**
 * The cycle of a redirect chain that comes back to an address it already visited, as the hops
 * from the first visit to the return (`a → b → a`); null when every address is new.
 */
export function redirectLoop(chain: readonly string[]): string[] | null {
  const seen = new Map<string, number>();
  for (const [index, url] of chain.entries()) {
    const first = seen.get(url);
    if (first !== undefined) return chain.slice(first, index + 1);
    seen.set(url, index);
  }
  return null;
}

export const httpRedirectsCheck = defineCheck('HTTP & Redirects', DETAILS, NEEDS_ANSWER, (collected, { requested, final }) => {
  const findings: Partial<Record<Name, Finding>> = {};
  const steps = collected.redirects;
  const chain = [collected.requestedUrl, ...steps.map((step) => step.to)];
  const domains = [...new Set(chain.filter((url) => /^https?:/i.test(url)).map((url) => siteOf(url)))];

  if (domains.length >= 3) {
    findings.http_cross_domain_redirects = {
      risk_score: 40,
      message: `The chain passes through ${domains.length} domains: ${domains.join(' → ')}.`,
    };
  } else if (domains.length === 2) {
    findings.http_cross_domain_redirects = { risk_score: 15, message: `The address redirects from ${domains[0]} to ${domains[1]}.` };
  }

  const loop = redirectLoop(chain);
  if (loop) {
    findings.http_many_hops = {
      risk_score: 40,
      message: `The address redirects in a loop (${loop.join(' → ')}); the scanner stopped after ${steps.length} redirects, so no final page was reached.`,
    };
  } else if (steps.length > 3) {
    findings.http_many_hops = {
      risk_score: steps.length > 6 ? 40 : 20,
      message: `The final page is reached after ${steps.length} redirects.`,
    };
  }

  const requestedDomain = siteOf(requested);
  const finalDomain = siteOf(final);
  if (requestedDomain !== finalDomain) {
    findings.http_landing_domain_differs = {
      risk_score: 20,
      message: `The address entered is on ${requestedDomain} but the page is on ${finalDomain}.`,
    };
  }

  const open = steps.filter(isOpenRedirect);
  if (open.length > 0) {
    findings.http_open_redirect = {
      risk_score: open.length > 1 ? 55 : 45,
      message: `${open.length} redirect(s) forward to a target taken from the address: ${open.map((step) => new URL(step.from).host).join(', ')}.`,
    };
  }

  const clientSide = steps.filter((step) => step.kind !== 'http');
  const crossDomainClient = clientSide.filter((step) => siteOf(step.from) !== siteOf(step.to));
  if (crossDomainClient.length > 0) {
    const step = crossDomainClient[0]!;
    findings.http_client_redirect = {
      risk_score: 40,
      message: `A ${step.kind === 'script' ? 'script' : 'meta refresh'} on ${new URL(step.from).host} forwards to ${new URL(step.to).host}.`,
    };
  } else if (clientSide.length > 0) {
    findings.http_client_redirect = {
      risk_score: 5,
      message: `The page forwards with a ${clientSide[0]!.kind === 'script' ? 'script' : 'meta refresh'} within its own site.`,
    };
  }

  const failure = collected.failure;
  if (failure?.refused && failure.code !== 'unresolvable_host' && steps.length > 0) {
    findings.http_redirect_to_internal = {
      risk_score: 70,
      message: `A redirect points to ${failure.url}, which the scanner refused: ${failure.message}.`,
    };
  }

  if (collected.response) {
    const headerFinding = securityHeaderFinding(final, collected.response.headers);
    if (headerFinding) findings.http_missing_security_headers = headerFinding;
    const status = collected.response.status;
    if (status >= 400) findings.http_error_page = { risk_score: 10, message: `The final page answered with HTTP ${status}.` };
  } else if (loop) {
    findings.http_error_page = { risk_score: 10, message: 'No page answered: the redirects go round in a loop.' };
  } else if (failure && !(failure.refused && steps.length > 0)) {
    findings.http_error_page = { risk_score: 10, message: `The site could not be fetched: ${failure.message}.` };
  }
  return findings;
});
