import { describe, expect, it } from 'vitest';
import { hostParts } from '../url/host-parts.ts';
import { brandCatalogue } from './brand-catalogue.ts';
import { BrandMatcher, foldLookalike, isTypingSlip } from './brand-matcher.ts';
import { generateLookalikes } from './generate-lookalikes.ts';

const matcher = new BrandMatcher(brandCatalogue());
const first = (host: string) => matcher.find(hostParts(host))[0];

describe('BrandMatcher', () => {
  it('finds a brand as its own word, joined to others, or inside a word', () => {
    expect(first('kraken-verify-account.co')).toMatchObject({ token: 'kraken', placement: 'word', where: 'label', distance: 0 });
    expect(first('ledgerliverestore.net')).toMatchObject({ brand: { name: 'Ledger' }, placement: 'affix' });
    expect(first('secure-mymetamaskx.com')).toMatchObject({ token: 'metamask', placement: 'infix' });
  });

  it('reads look-alike glyphs and digits as the letters they imitate', () => {
    expect(first('netfiix-billing-update.com')).toMatchObject({ brand: { name: 'Netflix' }, disguised: true });
    expect(first('myetherwa11et.com')).toMatchObject({ brand: { name: 'MyEtherWallet' }, disguised: true });
    expect(first('unisvvap.org')).toMatchObject({ brand: { name: 'Uniswap' }, disguised: true });
    expect(first('c01nbase-login.com')).toMatchObject({ brand: { name: 'Coinbase' }, disguised: true });
    expect(foldLookalike('rnetarnask')).toBe(foldLookalike('metamask'));
  });

  it('finds a disguised brand in a name of several words only as a word or at one end of a word', () => {
    expect(first('secure-netfiix-billing.com')).toMatchObject({ brand: { name: 'Netflix' }, placement: 'word', disguised: true });
    // Ordinary words whose letters, read as look-alikes, happen to hold a brand's name.
    for (const host of ['kindergarten-sonnenschein-koeln.de', 'restaurant-le-petit-bistro-paris.fr'])
      expect(
        matcher.find(hostParts(host)).filter((match) => match.disguised),
        host,
      ).toEqual([]);
  });

  it('finds a misspelled brand among the words, and says when the slip is a neighbouring key', () => {
    expect(first('netfoix-billing.com')).toMatchObject({ brand: { name: 'Netflix' }, distance: 1, likelySlip: true });
    expect(first('netflx-billing.com')).toMatchObject({ brand: { name: 'Netflix' }, distance: 1, likelySlip: false });
    expect(first('paupal-secure.com')).toMatchObject({ brand: { name: 'PayPal' }, distance: 1, likelySlip: true });
  });

  it('finds brands in subdomains, free hosting included', () => {
    expect(first('walletconnect-sync.web.app')).toMatchObject({ brand: { name: 'WalletConnect' }, where: 'label' });
    expect(matcher.find(hostParts('paypal.secure-login.example.net'))).toEqual([expect.objectContaining({ where: 'subdomain' })]);
  });

  it('leaves a brand its own domains and ordinary words their short brand look-alikes', () => {
    expect(matcher.find(hostParts('www.paypal.com'))).toEqual([]);
    expect(matcher.find(hostParts('app.uniswap.org'))).toEqual([]);
    expect(matcher.find(hostParts('purchase-online.com'))).toEqual([]);
    expect(first('chaselogin.com')).toMatchObject({ brand: { name: 'Chase' }, placement: 'affix' });
  });

  it('reads no disguise into a plain word that folds onto a name three letters away (issue 35)', () => {
    // `members` folds as `renders` through the closed glyph classes (m~r~n, b~d): no look-alike swap.
    expect(foldLookalike('members')).toBe(foldLookalike('renders'));
    expect(matcher.find(hostParts('members.hackspace-club.org'))).toEqual([]);
    // One plain-letter glyph swap is still a disguise.
    expect(first('login.netfiix.example.net')).toMatchObject({ brand: { name: 'Netflix' }, disguised: true });
  });

  it("reads a brand's everyday name with a wallet drainer's four-letter word ending a word (decision 655)", () => {
    expect(first('ledgersustainlive.com')).toMatchObject({ brand: { name: 'Ledger' }, token: 'ledger' });
    expect(first('krakenaccountsync.net')).toMatchObject({ brand: { name: 'Kraken' } });
    // Inside a word, or `node` at its end, the four letters are another word's piece.
    for (const host of ['ledgersyncing.com', 'krakenseedling.com', 'krakennode.org']) expect(matcher.find(hostParts(host))).toEqual([]);
  });

  it('reads a disguise inside a word only when digits or other scripts make it (issue 35)', () => {
    // `tradethemarkets` holds `ethema`, one glyph from Ethena: a coincidence of a long word.
    expect(matcher.find(hostParts('dailytradethemarkets.com'))).toEqual([]);
    expect(first('mysecurec01nbaseapp.com')).toMatchObject({ brand: { name: 'Coinbase' }, placement: 'infix', disguised: true });
  });

  it("takes a short brand's name less its first or last letter in a subdomain for the word it was named from (issue 35)", () => {
    expect(matcher.find(hostParts('space.example-club.org'))).toEqual([]);
    expect(matcher.find(hostParts('cloud.example-club.org'))).toEqual([]);
    // A letter changed, or dropped inside the name, is still the brand misspelled.
    expect(first('amezon-account.example-host.com')).toMatchObject({ brand: { name: 'Amazon' }, where: 'subdomain', distance: 1 });
    expect(first('amzon.example-host.com')).toMatchObject({ brand: { name: 'Amazon' }, where: 'subdomain', distance: 1 });
  });

  it('reads one letter off a brand as that brand only when typosquatters make that change (issue 35)', () => {
    // Another consonant for one that is no neighbour's is how two words differ.
    expect(matcher.find(hostParts('support.jitbit.com'))).toEqual([]);
    expect(matcher.find(hostParts('b2b.dab-bank.de'))).toEqual([]);
    // A neighbouring key, a letter left out or a vowel for a vowel is still the brand misspelled.
    expect(first('paypa1-secure.example.net')).toMatchObject({ brand: { name: 'PayPal' } });
    expect(first('amzon-login.example.net')).toMatchObject({ brand: { name: 'Amazon' }, distance: 1 });
  });

  it("takes a brand's everyday-word name for the brand only in a kit's context (issue 35)", () => {
    expect(matcher.find(hostParts('www.current-rms.com'))).toEqual([]);
    expect(matcher.find(hostParts('wildflower.work'))).toEqual([]);
    expect(matcher.find(hostParts('answers.corner-shop-example.ch'))).toEqual([]);
    expect(first('current-login.com')).toMatchObject({ brand: { name: 'Current' } });
    expect(first('gradio-verify.app')).toMatchObject({ brand: { name: 'Gradio' } });
    // A much-phished brand's everyday name on a free platform is still that brand; an icon's is not.
    expect(first('current-hub.web.app')).toMatchObject({ brand: { name: 'Current' } });
    expect(matcher.find(hostParts('flower-hub.web.app'))).toEqual([]);
  });

  it('takes a lure word for the lure, not for a brand of that name (issue 35)', () => {
    // HelpDesk is a catalogue brand; `helpdesk.` fronts the support site of half the web.
    expect(matcher.find(hostParts('helpdesk.example-shop.de'))).toEqual([]);
    expect(first('paypal-helpdesk.example.net')).toMatchObject({ brand: { name: 'PayPal' } });
  });

  it("recognises the generator's own look-alikes: both read the same glyph and keyboard tables", () => {
    const families = new Set(['homoglyph', 'replacement', 'insertion', 'omission', 'transposition', 'repetition']);
    const lookalikes = [...generateLookalikes('metamask.io')].filter(
      (item) => families.has(item.fuzzer) && !item.domain.startsWith('xn--'),
    );
    expect(lookalikes.length).toBeGreaterThan(50);
    const found = lookalikes.filter((item) => first(item.domain)?.brand.name === 'MetaMask');
    expect(found.length / lookalikes.length).toBeGreaterThan(0.9);
  });

  it('tells typing slips typosquatters copy from other one-letter differences', () => {
    // A neighbouring key, a glyph, two letters swapped, a letter typed twice, a neighbouring key pressed too.
    for (const [word, name] of [
      ['paypak', 'paypal'],
      ['paypai', 'paypal'],
      ['paypla', 'paypal'],
      ['ppaypal', 'paypal'],
      ['paytpal', 'paypal'],
    ])
      expect(isTypingSlip(word!, name!), word).toBe(true);
    // Another letter, one left out, one added from elsewhere on the keyboard, or two slips.
    for (const [word, name] of [
      ['paypay', 'paypal'],
      ['paypl', 'paypal'],
      ['xpaypal', 'paypal'],
      ['pyapak', 'paypal'],
      ['paypal', 'paypal'],
    ])
      expect(isTypingSlip(word!, name!), word).toBe(false);
  });
});
