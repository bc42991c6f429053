import type { CheckCategory } from '@riskscan/contracts';
import type { Collected, StaticResponse } from '../collect/collected.ts';
import { buildCheckContext } from '../checks/check-context.ts';
import type { Check } from '../checks/check.ts';
import type { TlsCertificateInfo } from '../net/tls-certificate.ts';

export const HARNESS_NOW = new Date('2026-11-21T08:00:00Z');

export interface PageSetup {
  url: string;
  finalUrl?: string;
  html?: string;
  status?: number;
  headers?: Record<string, string>;
  contentType?: string;
  redirects?: Collected['redirects'];
  tls?: Partial<TlsCertificateInfo> | null;
  failure?: Collected['failure'];
  rendered?: Collected['rendered'];
}

/** A certificate as a well-run site has it: trusted, matching, 60 days old. */
export const GOOD_TLS: TlsCertificateInfo = {
  protocol: 'TLSv1.3',
  trusted: true,
  error: null,
  subject: 'example.org',
  issuer: 'R11',
  issuerOrganization: "Let's Encrypt",
  subjectAltNames: ['example.org'],
  validFrom: '2026-09-22T00:00:00.000Z',
  validTo: '2026-12-21T00:00:00.000Z',
  selfSigned: false,
  hostnameMatches: true,
  expired: false,
  daysSinceIssue: 60,
  daysToExpiry: 30,
};

/** Builds what the collector would have gathered for a page, without any network. */
export function collectedFor(setup: PageSetup): Collected {
  const finalUrl = setup.finalUrl ?? setup.url;
  const response: StaticResponse | null =
    setup.html === undefined && setup.status === undefined
      ? null
      : {
          status: setup.status ?? 200,
          headers: setup.headers ?? {},
          contentType: setup.contentType ?? 'text/html; charset=utf-8',
          charset: 'utf-8',
          body: setup.html ?? '',
          bytes: (setup.html ?? '').length,
          truncated: false,
        };
  return {
    requestedUrl: setup.url,
    finalUrl,
    redirects: setup.redirects ?? [],
    addresses: [{ address: '93.184.216.34', family: 4 }],
    finalAddress: response ? '93.184.216.34' : null,
    response,
    failure: setup.failure ?? null,
    tls: setup.tls === null || !finalUrl.startsWith('https:') ? null : { ...GOOD_TLS, ...setup.tls },
    rendered: setup.rendered ?? null,
    collectedAt: HARNESS_NOW.toISOString(),
  };
}

/** Runs one check on a hand-made page. */
export function runCheck(check: Check, setup: PageSetup): CheckCategory {
  const collected = collectedFor(setup);
  return check.run(collected, buildCheckContext(collected, HARNESS_NOW));
}

/** The score a check gave one detail (throws for unknown names, so typos fail loudly). */
export function scoreOf(category: CheckCategory, name: string): number {
  const detail = category.details.find((entry) => entry.name === name);
  if (!detail) throw new Error(`${category.category} has no detail ${name}`);
  return detail.risk_score;
}

export function messageOf(category: CheckCategory, name: string): string {
  const detail = category.details.find((entry) => entry.name === name);
  if (!detail) throw new Error(`${category.category} has no detail ${name}`);
  return detail.message;
}

/** Wraps body markup in a minimal document. */
export function html(body: string, title = 'Example page'): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}
