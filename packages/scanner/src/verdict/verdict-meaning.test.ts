import type { Verdict, VerdictError } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import { PopularityIndex } from '../popularity/index.ts';
import { FEATURE_NAMES, type FeatureName } from './url-features.ts';
import { belowDanger, defaultUrlModel } from './url-model.ts';
import { createVerdictEngine, isVerdictError } from './verdict-engine.ts';

// Issue 35: a score that means what it says, reasons that are true, platforms judged by tenant.
const engine = createVerdictEngine();

function judge(input: string, on = engine): Verdict {
  const outcome: Verdict | VerdictError = on.verdict(input);
  if (isVerdictError(outcome)) throw new Error(outcome.error);
  return outcome;
}
const codes = (verdict: Verdict) => verdict.reasons.map((reason) => reason.code);
const feature = (url: string, name: FeatureName) => engine.features(url, { asStranger: true })!.values[FEATURE_NAMES.indexOf(name)];

describe('verdict scores that mean what they say', () => {
  it('keeps a score without decisive evidence below Danger, in order', () => {
    expect([0, 59, 60, 61, 80, 99, 100].map(belowDanger)).toEqual([0, 59, 60, 60, 69, 78, 79]);
    // A random name on a cheap ending with a sign-in path: every weak family at once, no brand.
    for (const url of [
      'https://qzkxwvbt-login.top/verify/account/login.php?session=8f7a6b5c4d3e2f1a0b9c',
      'http://193.0.2.44/secure/update',
    ]) {
      const verdict = judge(url);
      expect(verdict.risk_score, url).toBeLessThan(80);
    }
  });

  it('keeps a feed or data file below the flag without decisive evidence, not a kit address ending in one', () => {
    expect(judge('https://qzkxwvbt-login.top/news/').risk_score).toBeGreaterThanOrEqual(60);
    for (const url of [
      'https://qzkxwvbt-login.top/feed/',
      'https://qzkxwvbt-login.top/status.json',
      'https://qzkxwvbt-login.top/?feed=rss2',
    ])
      expect(judge(url).risk_score, url).toBeLessThan(60);
    // A feed query on a page other than the front page is that page's; an e-mail address is a kit's.
    expect(judge('https://qzkxwvbt-login.top/login.php?feed=rss2').risk_score).toBeGreaterThanOrEqual(60);
    expect(judge('https://qzkxwvbt.top/verify/data.json?email=a@b.co').risk_score).toBeGreaterThanOrEqual(60);
    expect(judge('https://paypal-account-verify-login.top/feed/').risk_level).toBe('Danger');
  });

  it("keeps a small organisation's name of plain words below the flag, not a kit's address on it", () => {
    for (const url of [
      'https://www.fysiotherapie-de-brug-utrecht.nl/afspraak-maken',
      'https://www.zubni-ordinace-novak-brno.cz/objednani',
      'https://www.clinique-veterinaire-des-alpes.fr/prendre-rendez-vous',
      'https://www.kindergarten-sonnenschein-koeln.de/anmeldung',
    ])
      expect(judge(url).risk_score, url).toBeLessThan(60);
    // Only the shape of the name is held down: a brand with lure words in such a name still flags.
    expect(judge('https://paypal-konto-sicherheit-zentrum.de/').risk_score).toBeGreaterThanOrEqual(60);
  });

  it('keeps a bare quiet name of letters below the flag on its shape alone, not digits or a page (decision 635)', () => {
    const model = defaultUrlModel();
    const raw = (url: string) => 100 * model.probability(engine.features(url)!);
    for (const url of ['https://pfltzwrksatelier.com/', 'https://prjktnrdstrm.com/']) {
      // The model alone flags the name's shape; the verdict holds it below the flag.
      expect(raw(url), url).toBeGreaterThanOrEqual(60);
      expect(judge(url).risk_score, url).toBe(59);
    }
    // Digits in the name, a page, or a cheap ending are a second signal: the model's score stands.
    for (const url of ['https://prjktnrd42.com/', 'https://www.prjktnrdstrm.com/kontakt', 'https://prjktnrdstrm.top/'])
      expect(judge(url).risk_score, url).toBeGreaterThanOrEqual(60);
  });

  it('lets decisive evidence reach Danger: a brand in the host with a lure', () => {
    const verdict = judge('https://paypal-account-verify-login.top/signin');
    expect(verdict.risk_level).toBe('Danger');
    // The brand's lure words are named: on its own (`brand_with_lure`) or as the whole name (`name_of_lures`).
    expect(codes(verdict).filter((code) => code === 'brand_with_lure' || code === 'name_of_lures')).not.toEqual([]);
  });

  it("keeps a brand's name one slip off below Danger alone, and lets a second family take it there (decision 636)", () => {
    // A typosquatter's change (`s` next to `a`, a letter dropped or added at the end) or another
    // word (`telegrab`): flagged, one family of evidence, not Danger.
    // On a free platform it stays Risky like the brand's exact name there (decision 640).
    for (const url of [
      'https://telegrsm.com/',
      'https://micrsoft.com/',
      'https://telegrams.com/',
      'https://telegrab.com/',
      'https://micrsoft.netlify.app/',
    ]) {
      const verdict = judge(url);
      expect(verdict.risk_score, url).toBeGreaterThanOrEqual(60);
      expect(verdict.risk_level, url).not.toBe('Danger');
    }
    // With a lure word, a kit's path or a cheap ending beside it, it is decisive.
    for (const url of ['https://micrsoft-login.com/', 'https://micrsoft.com/wp-content/login.php', 'https://telegrsm.top/'])
      expect(judge(url).risk_level, url).toBe('Danger');
  });

  it('lowers suspicion of a ranked domain, never of a brand impersonation in its host', () => {
    const ranking = new PopularityIndex(['qzkxwvbt-login.top', 'paypal-account-verify-login.top', 'corner-shop-example.ch'], {
      list: 'test',
      date: '2026-01-01',
      licence: 'test',
      url: '',
    });
    const ranked = createVerdictEngine({ popularity: ranking });
    // With a session token in the path both scores press against Risky's top (79); a plain sign-in
    // path leaves room for the rank to show.
    const plain = 'https://qzkxwvbt-login.top/login';
    expect(judge(plain, ranked).risk_score).toBeLessThan(judge(plain).risk_score);
    expect(judge('https://paypal-account-verify-login.top/signin', ranked).risk_level).toBe('Danger');
    // A tenant of a user-content platform never inherits a rank.
    const tenants = createVerdictEngine({ popularity: new PopularityIndex(['qzkx-login.web.app'], ranking.source) });
    expect(judge('https://qzkx-login.web.app/verify').risk_score).toBe(judge('https://qzkx-login.web.app/verify', tenants).risk_score);
  });
});

describe('verdict reasons that are true', () => {
  it('does not count www as a subdomain level', () => {
    expect(feature('https://www.corner-shop-example.ch/', 'subdomain_levels')).toBe(0);
    expect(feature('https://bern.corner-shop-example.ch/', 'subdomain_levels')).toBeGreaterThan(0);
    expect(feature('https://www.bern.corner-shop-example.ch/', 'subdomain_levels')).toBe(
      feature('https://bern.corner-shop-example.ch/', 'subdomain_levels'),
    );
  });

  it("does not count a site's own sections as subdomain levels, but counts lure words", () => {
    for (const url of ['https://api.corner-shop-example.ch/', 'https://feeds.corner-shop-example.ch/', 'https://wiki.hack-club.space/'])
      expect(feature(url, 'subdomain_levels'), url).toBe(0);
    expect(feature('https://api.bern.corner-shop-example.ch/', 'subdomain_levels')).toBe(
      feature('https://bern.corner-shop-example.ch/', 'subdomain_levels'),
    );
    expect(feature('https://login.corner-shop-example.ch/', 'subdomain_levels')).toBeGreaterThan(0);
    expect(feature('https://secure.corner-shop-example.ch/', 'subdomain_levels')).toBeGreaterThan(0);
  });

  it('says a name is long only when it is', () => {
    for (const url of ['https://abcdef.top/', 'https://qzkxwvbt.top/login']) {
      expect(feature(url, 'label_length'), url).toBe(0);
      expect(codes(judge(url)), url).not.toContain('long_name');
    }
    expect(feature('https://a-very-long-business-name-here.com/', 'label_length')).toBeGreaterThan(0);
  });

  it('says one hyphen as one, not as many (decision 509)', () => {
    const one = codes(judge('https://tanaka-plumbing.jp/'));
    expect(one).not.toContain('many_hyphens');
    expect(one).toContain('hyphen_in_name');
    expect(codes(judge('https://fix-my-roof-fast-today.top/'))).toContain('many_hyphens');
  });

  it('reads a kit file name only in a kit context', () => {
    // A bank's own sign-in page on a plain host is a page, not a kit.
    expect(feature('https://www.altstadtkasse.ch/banking/login.html', 'kit_file')).toBe(0);
    expect(feature('https://www.altstadtkasse.ch/banking/login.html', 'script_file')).toBe(1);
    // The same file next to a brand, on free hosting, under a CMS folder or a lure folder: a kit.
    for (const url of [
      'https://www.altstadtkasse.ch/paypal/login.html',
      'https://altstadtkasse.web.app/banking/login.html',
      'https://www.altstadtkasse.ch/wp-content/banking/login.html',
      'https://www.altstadtkasse.ch/verify/login.html',
    ])
      expect(feature(url, 'kit_file'), url).toBe(1);
  });

  it('does not let a number in the query move the score', () => {
    const scores = [1, 7, 8, 13, 42, 55, 96].map((n) => judge(`http://weather-station-network.net/login?v=${n}`).risk_score);
    // Only the query's length is read apart from its shape: a longer number adds a point at most.
    expect(Math.max(...scores) - Math.min(...scores), scores.join(' ')).toBeLessThanOrEqual(1);
    expect(scores[0]).toBeLessThan(60);
  });

  it('shows only reasons that moved the score', () => {
    for (const url of [
      'https://paypal-account-verify-login.top/signin',
      'https://qzkxwvbt-login.top/verify/login.php',
      'https://www.example-hotel.ch/de/zimmer',
    ])
      for (const reason of judge(url).reasons) expect(reason.risk_score, `${url} ${reason.code}`).toBeGreaterThan(0);
  });
});

describe('user-content hosts judged by tenant and path', () => {
  it('never vouches for a page on an anonymous publishing or raw code host', () => {
    for (const url of [
      'https://telegra.ph/Microsoft-365-Account-Verify-Login-06-12',
      'https://raw.githubusercontent.com/someone/site/main/paypal/login.html',
      'https://gist.github.com/someone/0123456789abcdef',
    ])
      expect(codes(judge(url)), url).not.toContain('allowlisted');
  });

  it("reads a platform's own host and routes as the platform's, not the tenant's", () => {
    // Every Google document is addressed this way: the host's `docs.` and the route's depth and
    // long id are Google's, so they neither count as subdomain levels nor make the page suspect.
    expect(feature('https://docs.google.com/document/d/honest/edit', 'subdomain_levels')).toBe(0);
    for (const url of [
      'https://docs.google.com/document/d/honest/edit',
      'https://docs.google.com/document/d/1aBcD3fGhIjKlMnOpQrStUvWxYz0123456789abcdef/edit',
      'https://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit#gid=0',
    ]) {
      const verdict = judge(url);
      expect(verdict.risk_score, url).toBeLessThan(60);
      expect(codes(verdict), url).not.toContain('deep_subdomains');
      expect(codes(verdict), url).not.toContain('token_path');
    }
    // What a tenant writes in the path still counts, as on any host.
    expect(judge('https://docs.google.com/forms/d/e/1FAIpQLSf/paypal-verify-account/viewform').risk_score).toBeGreaterThan(
      judge('https://docs.google.com/forms/d/e/1FAIpQLSf/viewform').risk_score,
    );
  });

  it("flags a chat bot's interface with its secret in the address", () => {
    const verdict = judge('https://api.telegram.org/bot1234567890:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1/sendMessage?chat_id=1');
    expect(codes(verdict)).toContain('bot_api_secret');
    expect(verdict.risk_score).toBeGreaterThanOrEqual(60);
    expect(judge('https://api.telegram.org/').risk_score).toBeLessThan(60);
  });
});
