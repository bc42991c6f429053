import type { CheckResult } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import { createVerdictEngine, isVerdictError } from '../verdict/verdict-engine.ts';
import { confirmedThreat, THREAT_INTEL_CATEGORY, threatIntelCheck } from './threat-intel.ts';
import type { Collected } from '../collect/collected.ts';
import type { CheckContext } from './check.ts';
import { parsePage } from '../page/page-facts.ts';
import { urlFacts } from '../url/url-facts.ts';

const engine = createVerdictEngine();
const detailsOf = (url: string) => {
  const verdict = engine.verdict(url);
  if (isVerdictError(verdict)) throw new Error(verdict.error);
  const category = threatIntelCheck(verdict).run({} as Collected, {} as CheckContext);
  expect(category.category).toBe(THREAT_INTEL_CATEGORY);
  return Object.fromEntries(category.details.map((detail) => [detail.name, detail]));
};

describe('the Threat Intelligence check', () => {
  it('puts the learned score of a look-alike under the look-alike detail, with its reason', () => {
    const details = detailsOf('https://paypa1.com/');
    expect(details.threat_typosquatting!.risk_score).toBeGreaterThanOrEqual(60);
    expect(details.threat_typosquatting!.message).toContain('PayPal');
    expect(details.threat_phishing_address!.risk_score).toBe(0);
  });

  it('reports a phishing address without a brand in the host under its own detail', () => {
    const details = detailsOf('https://green-garden-studio.com/wp-content/plugins/x/netflix/login.php');
    const scored = Object.values(details).filter((detail) => detail.risk_score >= 60);
    expect(scored).toHaveLength(1);
  });

  it('finds nothing on a well-known site', () => {
    const details = detailsOf('https://www.wikipedia.org/');
    expect(Object.values(details).every((detail) => detail.risk_score === 0)).toBe(true);
  });

  it('publishes a Danger scan only on evidence, with the confidence its evidence earns', () => {
    const pageFinding = {
      category: 'Page Content',
      risk_score: 90,
      details: [{ name: 'credential_form', is_active: true, risk_score: 90 }],
    };
    const addressOnly = { overall_risk: 90, classification: [{ name: 'Phishing' }], checks: [] } as unknown as CheckResult;
    const withPage = { ...addressOnly, checks: [pageFinding] } as unknown as CheckResult;
    const listed = {
      url: 'u',
      basis: 'address' as const,
      risk_score: 100,
      risk_level: 'Danger' as const,
      classification: [],
      reasons: [{ code: 'reputation_url', message: 'm', risk_score: 100 }],
    };
    const byAddress = engine.verdict('https://paypa1.com/');
    expect(confirmedThreat(addressOnly, byAddress)).toBeNull();
    expect(confirmedThreat(withPage, byAddress)).toEqual({ threat: 'phishing', evidence: ['page'], confidence: 70 });
    expect(confirmedThreat(addressOnly, listed)).toEqual({ threat: 'phishing', evidence: ['reputation'], confidence: 85 });
    expect(confirmedThreat(withPage, listed)?.confidence).toBe(95);
    expect(confirmedThreat({ ...withPage, overall_risk: 70 } as CheckResult, listed)).toBeNull();
  });

  describe('one verdict: the address weighed by the page', () => {
    const url = 'https://metamask-wallet-restore.com/';
    const verdict = engine.verdict(url);
    if (isVerdictError(verdict)) throw new Error(verdict.error);
    const judged = (html: string) => {
      const context = { page: parsePage(html, url), final: urlFacts(url) } as CheckContext;
      const details = threatIntelCheck(verdict)
        .run({} as Collected, context)
        .details.filter((detail) => detail.name !== 'threat_reputation');
      return {
        strongest: Math.max(...details.map((detail) => detail.risk_score)),
        messages: details.map((detail) => detail.message).join(' '),
      };
    };

    it('counts in full, never below the lookup, when the page asks for another brand\u2019s secrets', () => {
      const { strongest, messages } = judged('<title>MetaMask</title><form><input type="password" placeholder="Password"></form>');
      expect(strongest).toBeGreaterThanOrEqual(verdict.risk_score);
      expect(messages).toMatch(/The page confirms it: it presents itself as MetaMask and asks for a password/);
    });

    it('does not name an address pattern below 40, even when the page asks for a password (decision 615)', () => {
      const stranger = 'https://biuro-nowak-ksiegowosc.pl/';
      const weak = {
        url: stranger,
        basis: 'address' as const,
        risk_score: 32,
        risk_level: 'Normal' as const,
        classification: [] as string[],
        reasons: [{ code: 'address_pattern', message: 'The address looks like known phishing addresses.', risk_score: 32 }],
      };
      const run = (html: string) =>
        threatIntelCheck(weak)
          .run({} as Collected, { page: parsePage(html, stranger), final: urlFacts(stranger) } as CheckContext)
          .details.find((detail) => detail.name === 'threat_phishing_address')?.risk_score ?? 0;
      expect(run('<title>Panel klienta</title><form><input name="login"><input type="password"></form>')).toBe(0);
      expect(run(`<title>Coming soon</title><p>${'We are building something new for gardeners. '.repeat(6)}</p>`)).toBe(0);
    });

    it('stays a weak sign when the page asks for nothing', () => {
      const { strongest, messages } = judged(
        `<title>Coming soon</title><p>${'We are building something new for gardeners and their friends. '.repeat(5)}</p>`,
      );
      expect(strongest).toBeLessThanOrEqual(25);
      expect(messages).toMatch(/asks for nothing/);
    });

    it('is cleared by an organisation\u2019s own page on its own domain', () => {
      const own = 'https://ersparniskasse-seeland.ch/ebanking';
      const judged = engine.verdict(own);
      if (isVerdictError(judged)) throw new Error(judged.error);
      // The URL verdict of issue 35 no longer suspects this page (decision 260's scored it 71+);
      // the page clears such an address-pattern suspicion when a verdict still raises one.
      expect(judged.risk_score).toBeLessThan(60);
      const honest = {
        ...judged,
        risk_score: 71,
        risk_level: 'Risky' as const,
        reasons: [{ code: 'address_pattern', message: 'The address looks like known phishing addresses.', risk_score: 71 }],
      };
      const page = parsePage(
        '<title>Ersparniskasse Seeland – E-Banking</title><form><input name="vertrag"><input type="password"></form>',
        own,
      );
      const details = threatIntelCheck(honest).run({} as Collected, { page, final: urlFacts(own) } as CheckContext).details;
      expect(details.every((detail) => detail.risk_score === 0)).toBe(true);
      expect(details.map((detail) => detail.message).join(' ')).toMatch(/Cleared: The page names its own organisation/);
    });
  });
});
