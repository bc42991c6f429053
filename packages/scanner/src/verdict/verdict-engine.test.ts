import type { Verdict, VerdictError } from '@riskscan/contracts';
import { verdictSchema } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import { parseFeed } from '../intel/feeds/parse-feed.ts';
import { ReputationIndex } from '../intel/reputation-index.ts';
import { safeBrowsingSignal } from './reputation-signals.ts';
import { FEATURE_NAMES, type FeatureName } from './url-features.ts';
import { createVerdictEngine, isVerdictError } from './verdict-engine.ts';

const reputation = new ReputationIndex();
for (const entry of parseFeed(
  'openphish-text',
  'https://docs.google.com/forms/d/e/phish/viewform\nhttp://shop.example-store.test/pay/now.php\n',
)) {
  reputation.add({ ...entry, source: 'openphish' });
}
for (const entry of parseFeed('plain-list', 'google.com\nbad-domain.test\n', 'malicious')) reputation.add({ ...entry, source: 'our-list' });

const engine = createVerdictEngine({ reputation });
const withoutFeeds = createVerdictEngine();

function judge(input: string, on = engine): Verdict {
  const outcome: Verdict | VerdictError = on.verdict(input);
  if (isVerdictError(outcome)) throw new Error(outcome.error);
  return verdictSchema.parse(outcome);
}
const codes = (verdict: Verdict) => verdict.reasons.map((reason) => reason.code);

describe('verdict engine', () => {
  it('rates a well-known site Secure and says why', () => {
    const verdict = judge('https://www.paypal.com/signin');
    expect(verdict).toMatchObject({ url: 'https://www.paypal.com/signin', risk_score: 0, risk_level: 'Secure', classification: [] });
    expect(codes(verdict)).toEqual(['allowlisted']);
  });

  // Decision 606: nobody but the brand registers under its own top-level domain.
  it('trusts every name under a brand’s own top-level domain, not the brand’s name elsewhere', () => {
    expect(codes(judge('https://inbox.cloud.microsoft/mail/'))).toEqual(['allowlisted']);
    expect(codes(judge('https://rewards.card.chase/offers'))).toEqual(['allowlisted']);
    expect(codes(judge('https://cloud-microsoft.com.verify-now.top/'))).not.toContain('allowlisted');
    expect(codes(judge('https://cloud.microsoft.example-login.live/'))).not.toContain('allowlisted');
  });

  // Decision 607: on a code host's pages the tenant is an account, and brands hold their own.
  it('reads a brand’s own account on a code host’s pages as no impersonation, a variation of it still as one', () => {
    expect(codes(judge('https://microsoft.github.io/sample-charts/'))).not.toContain('brand_on_free_hosting');
    expect(codes(judge('https://microsoft-signin.github.io/'))).toContain('brand_on_free_hosting');
    expect(codes(judge('https://microsoft.netlify.app/'))).toContain('brand_on_free_hosting');
  });

  // Decision 640: a free platform is where a page lives, not what makes a brand in its name a lure.
  it('keeps a brand on a free platform below Danger without a lure, a kit path or an abused ending', () => {
    const project = judge('https://chatgpt-conf.vercel.app/', withoutFeeds);
    expect(codes(project)).toContain('brand_on_free_hosting');
    expect(project.risk_score).toBeLessThan(80);
    expect(judge('https://paypal-signin-verify.vercel.app/', withoutFeeds).risk_level).toBe('Danger');
  });

  it('accepts bare domains, as SOC logs carry them', () => {
    expect(judge('example-bakery.test').url).toBe('https://example-bakery.test/');
  });

  it('puts a blocklisted URL in Danger by itself, even on an allowlisted domain', () => {
    const listed = judge('https://docs.google.com/forms/d/e/phish/viewform');
    expect(listed).toMatchObject({ risk_level: 'Danger', classification: ['Phishing'] });
    expect(codes(listed)[0]).toBe('reputation_url');
    expect(judge('http://shop.example-store.test/pay/now.php').risk_score).toBe(100);
    // The same host's other pages are not condemned, but a shared-content host vouches for nobody.
    const other = judge('https://docs.google.com/forms/d/e/other/viewform');
    expect(other.risk_score).toBeLessThan(80);
    expect(codes(other)).not.toContain('allowlisted');
  });

  it('does not let a domain-wide listing condemn an allowlisted domain', () => {
    expect(judge('https://mail.google.com/').risk_level).toBe('Secure');
    expect(judge('https://www.bad-domain.test/x')).toMatchObject({ risk_level: 'Danger', classification: ['Malicious'] });
  });

  it('leaves out the sources a caller names, such as our own earlier verdict on a rescan', () => {
    const own = new ReputationIndex();
    own.add({ kind: 'url', value: 'shop.example-store.test/pay/now.php', threat: 'phishing', source: 'riskscan' });
    own.add({ kind: 'host', value: 'bad-domain.test', threat: 'phishing', source: 'riskscan' });
    own.add({ kind: 'host', value: 'bad-domain.test', threat: 'phishing', source: 'openphish' });
    const ownEngine = createVerdictEngine({ reputation: own });
    const ignoreSources = new Set(['riskscan']);
    const rescan = ownEngine.verdict('http://shop.example-store.test/pay/now.php', [], { ignoreSources }) as Verdict;
    expect(codes(rescan).some((code) => code.startsWith('reputation_'))).toBe(false);
    expect(codes(judge('http://shop.example-store.test/pay/now.php', ownEngine))).toContain('reputation_url');
    // Another source's listing of the same thing still counts, and only it is named.
    const shared = ownEngine.verdict('https://bad-domain.test/', [], { ignoreSources }) as Verdict;
    expect(shared.reasons[0]!.message).toContain('openphish');
    expect(shared.reasons[0]!.message).not.toContain('riskscan');
  });

  it('leaves the feeds out when the engine has none', () => {
    const verdict = judge('http://shop.example-store.test/pay/now.php', withoutFeeds);
    expect(codes(verdict).some((code) => code.startsWith('reputation_'))).toBe(false);
    expect(verdict.risk_score).toBeLessThan(100);
  });

  it('flags typosquats and brand impersonation from the host name', () => {
    expect(judge('paypa1.com')).toMatchObject({ risk_level: 'Danger', classification: ['Typosquatting'] });
    // One swapped pair of letters in Microsoft's name: a typosquat, flagged; alone it is one family
    // of evidence (decision 636), Danger with a lure word beside it.
    expect(judge('https://microsfot.com/')).toMatchObject({ risk_level: 'Risky', classification: ['Typosquatting'] });
    expect(judge('https://microsfot-verify.com/')).toMatchObject({ risk_level: 'Danger' });
    expect(judge('http://paypal.com.account-verify.xyz/login')).toMatchObject({
      risk_level: 'Danger',
      classification: ['Brand impersonation'],
    });
    // A crypto brand, two lure words and an abused TLD: Danger, no longer merely Risky.
    expect(judge('https://coinbase-wallet-recovery.top/')).toMatchObject({ risk_level: 'Danger', classification: ['Brand impersonation'] });
    expect(judge('https://www.paypal.com@evil-site.test/signin')).toMatchObject({
      risk_level: 'Danger',
      classification: ['Brand impersonation'],
    });
    // Since main refuses a % that starts no escape, such an address is no URL at all.
    expect(isVerdictError(engine.verdict('https://%E0%A4%A@evil-site.test/'))).toBe(true);
  });

  it('flags look-alikes built from campaign patterns, not from names it was given', () => {
    for (const input of [
      'myetherwa11et.com',
      'ledger-live-restore.net',
      'elon-eth-giveaway.org',
      'netfiix-billing-update.com',
      'kraken-verify-account.co',
      'walletconnect-sync.web.app',
    ]) {
      expect(judge(input, withoutFeeds).risk_score, input).toBeGreaterThanOrEqual(60);
    }
    expect(judge('elon-eth-giveaway.org', withoutFeeds).classification).toEqual(['Scam']);
    expect(judge('walletconnect-sync.web.app', withoutFeeds).classification).toEqual(['Brand impersonation']);
  });

  it("keeps the brands' own domains and their subdomains at zero", () => {
    for (const input of ['metamask.io', 'ledger.com', 'kraken.com', 'uniswap.org', 'app.uniswap.org', 'paypal.com', 'walletconnect.com']) {
      expect(judge(input, withoutFeeds).risk_score, input).toBe(0);
    }
  });

  it('gives plain-language reasons, strongest first, that share the score', () => {
    const verdict = judge('kraken-verify-account.co', withoutFeeds);
    const scores = verdict.reasons.map((reason) => reason.risk_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(verdict.reasons.some((reason) => reason.message.includes('Kraken'))).toBe(true);
    const total = scores.reduce((sum, score) => sum + score, 0);
    expect(Math.abs(total - verdict.risk_score)).toBeLessThanOrEqual(verdict.reasons.length);
  });

  it('keeps an ordinary page with a port, a query and a long path out of Risky', () => {
    const verdict = judge('http://shop.my-local-bakery.com:8080/products/bread/sourdough?size=large&colour=brown');
    expect(verdict.risk_score).toBeLessThan(60);
  });

  it('does not flag a plain name alone, but still flags it with a glyph, digit, lure or abused ending', () => {
    // One ordinary letter from a short brand, or a brand's bare name on a classic ending.
    for (const plain of ['strike.me', 'zapier.com', 'polygon.com']) expect(judge(plain, withoutFeeds).risk_score).toBeLessThan(60);
    const feature = (host: string, name: FeatureName) =>
      withoutFeeds.features(host, { asStranger: true })?.values[FEATURE_NAMES.indexOf(name)];
    // `strike` is an English word and no slip at all since decision 597; `zapier` is a name.
    expect(feature('strike.me', 'plain_short_slip')).toBe(0);
    expect(feature('zapier.com', 'plain_short_slip')).toBe(1);
    expect(feature('strlpe.com', 'plain_short_slip')).toBe(0);
    expect(feature('polygon.com', 'bare_brand_name')).toBe(1);
    expect(feature('polygon.top', 'bare_brand_name')).toBe(0);
    for (const crafted of ['strlpe.com', 'strike-verify.me', 'po1ygon.com', 'polygon-airdrop.com', 'polygon.top'])
      expect(judge(crafted, withoutFeeds).risk_score).toBeGreaterThanOrEqual(60);
  });

  it("flags a wallet brand's everyday name fused with noise and a drainer's word at the end (decision 655)", () => {
    expect(judge('ledgersustainlive.com', withoutFeeds).risk_score).toBeGreaterThanOrEqual(60);
    expect(judge('ledgerinsights.com', withoutFeeds).risk_score).toBeLessThan(60);
  });

  it('reads "decentralized" in a host as a wallet drainer\'s lure, so the name is no quiet one (decision 656)', () => {
    expect(withoutFeeds.features('swiftdecentralizedapp.com', { asStranger: true })?.values[FEATURE_NAMES.indexOf('quiet_url')]).toBe(0);
    expect(judge('swiftdecentralizedapp.com', withoutFeeds).risk_score).toBeGreaterThanOrEqual(60);
  });

  it('rates ordinary sites Secure or Good, and a name with a lure word below Risky', () => {
    for (const input of ['https://my-local-bakery.com/', 'https://example.org/about']) {
      expect(['Secure', 'Good']).toContain(judge(input).risk_level);
    }
    // `online` is a lure word: the name says something, short of a finding (issue 35 retrained model).
    expect(judge('purchase-online.com').risk_score).toBeLessThan(60);
  });

  it('counts extra signals such as Safe Browsing matches', () => {
    const outcome = engine.verdict('https://clean-looking.test/', [safeBrowsingSignal('SOCIAL_ENGINEERING')]);
    expect(outcome).toMatchObject({ risk_level: 'Danger', classification: ['Phishing'] });
  });

  it('catches a brand named only in the path of a compromised host', () => {
    for (const input of [
      'https://green-garden-studio.com/wp-content/plugins/x/netflix/login.php',
      'http://old-bakery-shop.com/wp-includes/chase/verify/index.php?session=8f3a9c2e7b1d4f60a9e2',
    ]) {
      const verdict = judge(input, withoutFeeds);
      expect(verdict.risk_score, input).toBeGreaterThanOrEqual(60);
      expect(codes(verdict).some((code) => ['kit_file', 'cms_folder', 'brand_in_path_with_lure', 'address_pattern'].includes(code))).toBe(
        true,
      );
    }
  });

  it('flags government lures and brandless fake-support names', () => {
    expect(judge('https://gov.qzkvtrbx.top/uk', withoutFeeds).risk_score).toBeGreaterThanOrEqual(60);
    expect(judge('https://gov.qzkvtrbx.top/uk', withoutFeeds).reasons.map((r) => r.code)).toContain('government_lure');
    expect(judge('https://usps.com-trackkzq.top/us', withoutFeeds).risk_score).toBeGreaterThanOrEqual(60);
  });

  it("keeps honest siblings low: a brand's country domain, a help-desk tenant, a documentation page", () => {
    for (const input of [
      'https://www.mercadolibre.com.co/ayuda',
      'https://www.commbank.com.au/',
      'https://support.google.com/accounts/answer/185839',
      'https://docs.github.com/en/authentication/securing-your-account-with-two-factor-authentication-2fa',
    ])
      expect(judge(input, withoutFeeds).risk_score, input).toBeLessThan(40);
    expect(
      withoutFeeds.features('https://www.mercadolibre.com.co/', { asStranger: true })?.values[
        FEATURE_NAMES.indexOf('brand_country_domain')
      ],
    ).toBe(1);
  });

  it('keeps catching real phishing URLs of June 2025 (held out from training)', () => {
    for (const input of [
      'https://serviceop.sbs/us/payment.html',
      'https://verificationsupport.servegame.com/',
      'https://mobile-facebook.com.vn/xac-nhan-cong-viec-ca-8-tieng',
      'https://grupozasacr.com/bpost/Bpost/accueil.php',
      'https://txdmv.gov-jluuy.vip/us',
      'http://metawallet-connect-8u2x.onrender.com/',
      // Not `vcslive.net/br/new-alibaba`: a brand named only in a quiet own domain's path, 51 since
      // decision 517 reads the host beside honest names (one of the 0.45% of June it trades).
    ])
      expect(judge(input, withoutFeeds).risk_score, input).toBeGreaterThanOrEqual(60);
  });

  it("keeps ordinary organisations' pages of domains never trained on out of Risky", () => {
    for (const input of [
      'https://hydron.holdings/media/media_kit',
      'http://mirror.bjtu.edu.cn/debian/',
      'http://blankon.idrepo.or.id/blankon/',
      'https://lokalized.nl/',
      'https://radwebhosting.com/',
    ])
      expect(judge(input, withoutFeeds).risk_score, input).toBeLessThan(60);
  });

  it('tells a quiet host and page (no brand, lure, kit or abused ending) from a loud one', () => {
    const value = (input: string, name: FeatureName) =>
      withoutFeeds.features(input, { asStranger: true })?.values[FEATURE_NAMES.indexOf(name)];
    expect(value('https://hotel-bellevue-zermatt.ch/de/zimmer', 'quiet_host')).toBe(1);
    expect(value('https://hotel-bellevue-zermatt.ch/de/zimmer', 'quiet_path')).toBe(1);
    expect(value('https://hotel-bellevue-zermatt.ch/de/zimmer', 'quiet_hyphens')).toBe(0.5);
    expect(value('https://hotel-bellevue-zermatt.ch/', 'quiet_url')).toBe(1);
    expect(value('https://hotel-bellevue-zermatt.ch/', 'quiet_path')).toBe(0);
    // A kit file, a lure word or a port on the same host: the address is no longer quiet.
    expect(value('https://hotel-bellevue-zermatt.ch/wp-content/login.php', 'quiet_url')).toBe(0);
    expect(value('https://hotel-bellevue-zermatt.ch/verify/account', 'quiet_url')).toBe(0);
    expect(value('https://hotel-bellevue-zermatt.ch:8443/de', 'quiet_url')).toBe(0);
    expect(value('https://hotel-bellevue-zermatt.ch/wp-content/login.php', 'quiet_host')).toBe(1);
    for (const loud of ['https://paypal-secure-login.com/', 'https://hotel-bellevue.top/', 'https://hotel.web.app/'])
      expect(value(loud, 'quiet_host'), loud).toBe(0);
  });

  it('judges the tenant on a user-content host instead of vouching for the platform', () => {
    const phish = judge('https://sites.google.com/view/microsoft-365-verify-login/home', withoutFeeds);
    expect(codes(phish)).not.toContain('allowlisted');
    expect(phish.risk_score).toBeGreaterThan(0);
  });

  it('says a shortened link is unknown until expanded, never Secure', () => {
    const verdict = judge('https://bit.ly/3abcXyz', withoutFeeds);
    expect(verdict.unknown_until_expanded).toBe(true);
    expect(verdict.risk_level).not.toBe('Secure');
    expect(verdict.risk_score).toBeLessThan(60);
    expect(codes(verdict)).toEqual(['unknown_until_expanded']);
    expect(judge('https://example-bakery.test/', withoutFeeds).unknown_until_expanded).toBeUndefined();
  });

  it('answers with the spec wording for input that is no URL', () => {
    expect(engine.verdict('')).toEqual({ url: '', error: 'Oops, please enter the URL.' });
    expect(engine.verdict('http://exa mple.com')).toEqual({ url: 'http://exa mple.com', error: 'Please enter a valid URL.' });
    // A malformed escape cannot be decoded the way a browser would read it: refused, not guessed at.
    expect(engine.verdict('https://%E0%A4%A@evil-site.test/')).toEqual({
      url: 'https://%E0%A4%A@evil-site.test/',
      error: 'Please enter a valid URL.',
    });
  });
});
