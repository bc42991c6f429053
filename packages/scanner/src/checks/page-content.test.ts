import { describe, expect, it } from 'vitest';
import logoHashes from '../brand/data/logo-hashes.json' with { type: 'json' };
import { parsePage } from '../page/page-facts.ts';
import { html, messageOf, runCheck, scoreOf } from '../testing/check-harness.ts';
import { urlFacts } from '../url/url-facts.ts';
import { claimedBrands } from './page-claims.ts';
import { decodeHtmlDataUri, pageContentCheck } from './page-content.ts';

const LOGIN_FORM =
  '<form action="/session" method="post"><input type="email" name="email"><input type="password" name="password"><button>Sign in</button></form>';
const check = (url: string, body: string, title?: string) => runCheck(pageContentCheck, { url, html: html(body, title) });

describe('page content', () => {
  it('scores a login page on its own domain as a weak signal only', () => {
    const category = check('https://acme-portal.com/login', LOGIN_FORM, 'Sign in – Acme Portal');
    expect(scoreOf(category, 'page_password_field')).toBeGreaterThan(0);
    expect(scoreOf(category, 'page_password_field')).toBeLessThanOrEqual(15);
    expect(scoreOf(category, 'page_form_action')).toBe(0);
    expect(scoreOf(category, 'page_brand_impersonation')).toBe(0);
  });

  it('names a password asked over http an insecure login, not a collector elsewhere', () => {
    const category = check('http://acme-portal.com/login', LOGIN_FORM, 'Sign in – Acme Portal');
    expect(scoreOf(category, 'page_insecure_login')).toBeGreaterThanOrEqual(60);
    expect(messageOf(category, 'page_insecure_login')).toMatch(/unencrypted http/);
    expect(scoreOf(category, 'page_form_action')).toBe(0);
    expect(scoreOf(category, 'page_brand_impersonation')).toBe(0);
    expect(scoreOf(check('https://acme-portal.com/login', LOGIN_FORM), 'page_insecure_login')).toBe(0);
  });

  it('flags card fields, and card fields over http as an insecure login', () => {
    const form =
      '<form action="/pay" method="post"><input name="cardnumber"><input autocomplete="cc-exp" name="x"><input name="cvv"></form>';
    expect(scoreOf(check('https://shop.example/checkout', form), 'page_card_fields')).toBeGreaterThan(0);
    expect(scoreOf(check('http://shop.example/checkout', form), 'page_insecure_login')).toBeGreaterThanOrEqual(60);
  });

  it('flags credential forms posting to another domain, to http, to mailto or to an IP', () => {
    const to = (action: string) => scoreOf(check('https://site.example/', LOGIN_FORM.replace('/session', action)), 'page_form_action');
    expect(to('https://drop.example.ru/gate.php')).toBeGreaterThanOrEqual(60);
    expect(to('http://other-site.example/gate.php')).toBeGreaterThanOrEqual(60);
    expect(to('http://site.example/gate.php')).toBe(0);
    expect(to('mailto:collector@example.net')).toBeGreaterThanOrEqual(55);
    expect(to('https://203.0.113.9/p.php')).toBeGreaterThanOrEqual(60);
    const newsletter = '<form action="https://list.example-mail.com/subscribe" method="post"><input type="email" name="EMAIL"></form>';
    expect(scoreOf(check('https://site.example/', newsletter), 'page_form_action')).toBeLessThanOrEqual(10);
  });

  it('flags hidden frames from risky addresses, not ad or tracking frames of other sites, ignoring noscript tag-manager frames', () => {
    const hidden = (src: string) =>
      scoreOf(check('https://site.example/', `<iframe src="${src}" width="0" height="0"></iframe>`), 'page_hidden_iframe');
    expect(hidden('https://paypal-account-verify.example-secure.top/signin/index.php')).toBeGreaterThanOrEqual(40);
    expect(
      scoreOf(
        check('https://site.example/', '<iframe src="https://ads.example.net/x?sz=1x1" style="display: none"></iframe>'),
        'page_hidden_iframe',
      ),
    ).toBeLessThanOrEqual(10);
    expect(hidden('https://www.da-ads.com/google.html?cb=1529651426')).toBeLessThanOrEqual(10);
    // A tracker's ids and a CDN's content hash are not a kit's tokens.
    expect(
      hidden('https://x.vindicosuite.com/?l=&sz=1x1&msd=2:2:bdehATCYdXB89J24tcPhIo9donOKMaACGxvY3UzxkmI&rnd=6554379&t=h'),
    ).toBeLessThanOrEqual(10);
    expect(hidden('https://x.myspacecdn.com/new/common/html/scomm.782b85c048f5996874a47f427bb592ac.html')).toBeLessThanOrEqual(10);
    const gtm =
      '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-1" height="0" width="0" style="display:none"></iframe></noscript>';
    expect(scoreOf(check('https://site.example/', gtm), 'page_hidden_iframe')).toBe(0);
  });

  it('flags a brand login page on a foreign domain as decisive', () => {
    const category = check(
      'https://secure-account-check.com/',
      `<img src="/paypal-logo.svg" alt="PayPal">${LOGIN_FORM}`,
      'Log in to your PayPal account',
    );
    expect(scoreOf(category, 'page_brand_impersonation')).toBeGreaterThanOrEqual(80);
    expect(messageOf(category, 'page_brand_impersonation')).toContain('PayPal');
  });

  it('does not flag the brand on its own domain, social sign-in buttons, or an article about a brand', () => {
    expect(scoreOf(check('https://www.paypal.com/signin', LOGIN_FORM, 'Log in to your PayPal account'), 'page_brand_impersonation')).toBe(
      0,
    );
    const social = `${LOGIN_FORM}<a href="/auth/google"><img src="/g.svg" alt="Google logo"> Sign in with Google</a>`;
    expect(scoreOf(check('https://acme-portal.com/login', social, 'Sign in – Acme Portal'), 'page_brand_impersonation')).toBe(0);
    expect(
      scoreOf(check('https://tech-weekly.net/a', '<p>Article</p>', 'What PayPal changed – Tech Weekly'), 'page_brand_impersonation'),
    ).toBeLessThan(10);
  });

  it('recognises brands the catalogue names, spelt out or compacted, on a foreign domain', () => {
    const revolut = check('https://account-review.net/', LOGIN_FORM, 'Revolut – Log in');
    expect(scoreOf(revolut, 'page_brand_impersonation')).toBeGreaterThanOrEqual(80);
    expect(messageOf(revolut, 'page_brand_impersonation')).toContain('Revolut');
    expect(
      scoreOf(check('https://account-review.net/', LOGIN_FORM, 'Bank of America | Online Banking'), 'page_brand_impersonation'),
    ).toBeGreaterThanOrEqual(80);
    expect(scoreOf(check('https://www.revolut.com/login', LOGIN_FORM, 'Revolut – Log in'), 'page_brand_impersonation')).toBe(0);
  });

  it('treats a brand word inside the phishing domain as disguise, not as the site naming itself', () => {
    expect(
      scoreOf(check('https://chase-secure-verify.com/', LOGIN_FORM, 'Chase Online - Sign in'), 'page_brand_impersonation'),
    ).toBeGreaterThanOrEqual(80);
  });

  it('finds login forms hidden in data: URIs', () => {
    const inner = Buffer.from('<form action="https://x.example/p"><input type="password" name="p"></form>').toString('base64');
    expect(
      scoreOf(check('https://viewer.example/', `<iframe src="data:text/html;base64,${inner}"></iframe>`), 'page_data_uri'),
    ).toBeGreaterThanOrEqual(80);
    expect(
      scoreOf(check('https://viewer.example/', '<iframe src="data:text/html,%3Ch1%3EHi%3C%2Fh1%3E"></iframe>'), 'page_data_uri'),
    ).toBeLessThan(50);
    expect(decodeHtmlDataUri('data:text/html;charset=utf-8,%3Cb%3Ex%3C%2Fb%3E')).toBe('<b>x</b>');
    expect(decodeHtmlDataUri('data:image/png;base64,AAAA')).toBeNull();
  });

  it('flags parked and empty pages', () => {
    expect(
      scoreOf(check('https://nice-name.example/', '<h1>This domain is for sale!</h1><p>Related searches</p>'), 'page_parked_or_empty'),
    ).toBeGreaterThan(0);
    expect(scoreOf(check('https://nice-name.example/', ''), 'page_parked_or_empty')).toBeGreaterThan(0);
  });

  it('flags pages built almost entirely from other sites\u2019 resources, weakly', () => {
    const foreign = Array.from({ length: 10 }, (_, index) => `<img src="https://cdn${index}.example.net/i.png">`).join('');
    const score = scoreOf(check('https://kit.example.com/', foreign), 'page_external_resources');
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThan(30);
  });

  it('uses the requests the browser really made when a rendered page exists', () => {
    const requests = Array.from({ length: 12 }, (_, index) => ({
      url: `https://cdn${index}.example.net/x.js`,
      method: 'GET',
      resourceType: 'script',
      status: 200,
      blocked: false,
    }));
    const category = runCheck(pageContentCheck, {
      url: 'https://kit.example.com/',
      html: html('<p>static</p>'),
      rendered: { finalUrl: 'https://kit.example.com/', html: html('<p>rendered</p>'), requests, screenshot: null, downloads: [] },
    });
    expect(messageOf(category, 'page_external_resources')).toContain('12 of 12');
  });

  // Issue 36: a brand's own login page (or a small organisation's) offering "Continue with Google" was read as Google.
  const SOCIAL_LOGIN = `<h1>Log in to Lindenhof Rowing Club</h1>${LOGIN_FORM}
    <button><img src="/img/google-logo.svg" alt="">Continue with Google</button>
    <button><img src="https://www.gstatic.com/images/branding/googleg/1x/googleg_standard_color_128dp.png" alt="">Sign in with Google</button>
    <a role="button" href="/sso/facebook"><img src="/i/fb.svg" alt="Facebook social"><span>Continue with Facebook</span></a><button>Sign in with Apple</button><a href="/sso/microsoft">Sign in with Microsoft</a><button>Mit Facebook anmelden</button>
    <p>New here? Sign up with Google or Sign up with Apple.</p>
    <a href="https://play.google.com/store"><img alt="Get it on Google Play" src="/badges/google-play.png"></a>
    <a href="https://apps.apple.com/"><img alt="Download on the App Store" src="/badges/app-store.svg"></a>
    <a href="https://facebook.com/lindenhof">Follow us on Facebook</a> <a href="#">Share on LinkedIn</a>`;

  it('does not read a federated sign-in button, a store badge or a follow link as the brand the page claims', () => {
    const own = check('https://lindenhof-rudern.ch/login', SOCIAL_LOGIN, 'Members · Lindenhof Rowing Club');
    expect(scoreOf(own, 'page_brand_impersonation')).toBe(0);
    const brand = check(
      'https://www.linkedin.com/login',
      SOCIAL_LOGIN.replace('Lindenhof Rowing Club</h1>', 'LinkedIn</h1>'),
      'LinkedIn Login',
    );
    expect(scoreOf(brand, 'page_brand_impersonation')).toBe(0);
    // The same buttons on a page that presents itself as LinkedIn on a stranger's host are still read as LinkedIn's.
    const kit = check(
      'https://lindenhof-rudern.ch/login',
      SOCIAL_LOGIN.replace('Lindenhof Rowing Club</h1>', 'LinkedIn</h1>'),
      'LinkedIn Login',
    );
    expect(scoreOf(kit, 'page_brand_impersonation')).toBeGreaterThanOrEqual(80);
    expect(messageOf(kit, 'page_brand_impersonation')).toContain('LinkedIn');
    expect(messageOf(kit, 'page_brand_impersonation')).not.toMatch(/Google|Apple|Facebook|Microsoft/);
  });

  it("reads a brand's own page on its own domain as the brand's, whatever its logo resembles, except where anyone publishes", () => {
    const paypalLogo = new Map(logoHashes as [string, string][]).get('paypal')!;
    const google = `<img src="/images/google.png" alt="Google logo"><h1>Sign in</h1>${LOGIN_FORM}`;
    const claims = (url: string) =>
      claimedBrands({ ...parsePage(html(google, 'Sign in - Google Accounts'), url), logoHashes: [paypalLogo] }, urlFacts(url)).map(
        (brand) => brand.name,
      );
    expect(claims('https://accounts.google.com/signin')).toEqual([]);
    expect(claims('https://sites.google.com/view/account-help')).toContain('PayPal');
    expect(claims('https://lindenhof-rudern.ch/signin')).toEqual(expect.arrayContaining(['Google', 'PayPal']));
  });

  it('does not read a check box\u2019s agreement sentence naming a brand as a claim to be that brand (decision 677)', () => {
    const consent =
      '<h1>Bonificación del IBI</h1><form><label>NIF <input name="nif"></label><label>Contraseña <input type="password" name="pw"></label>' +
      '<label><input type="checkbox" name="aeat"> Autorizo al Ayuntamiento a consultar mis datos de renta en la Agencia Tributaria</label></form>';
    const claims = (body: string) =>
      claimedBrands(
        parsePage(html(body, 'Sede electrónica'), 'https://villa-example.es/sede/'),
        urlFacts('https://villa-example.es/sede/'),
      ).map((brand) => brand.name);
    expect(claims(consent)).toEqual([]);
    // Named in a heading, or as a short check box label, the brand is still who the page says it is.
    expect(claims(consent.replace('<h1>Bonificación del IBI</h1>', '<h1>Agencia Tributaria</h1>'))).toContain('Agencia Tributaria');
    expect(claims(consent.replace('Autorizo al Ayuntamiento a consultar mis datos de renta en la', 'Soy cliente de'))).toContain(
      'Agencia Tributaria',
    );
  });

  it('does not take a brand its prose lists in a table (SMS carriers) for the brand the page claims', () => {
    const carriers = `<h1>Members</h1>${LOGIN_FORM}<h3>Short codes</h3><table><tr><th>Country</th><th>Code</th><th>For customers of</th></tr>
      <tr><td>United Kingdom</td><td>86444</td><td>Vodafone, Orange, 3, O2</td></tr><tr><td>Brazil</td><td>40404</td><td>Nextel, TIM</td></tr>
      <tr><td>Ireland</td><td>51210</td><td>Vodafone, O2</td></tr><tr><td>Italy</td><td>3424486444</td><td>Vodafone</td></tr></table>`;
    expect(
      scoreOf(check('https://lindenhof-rudern.ch/login', carriers, 'Members · Lindenhof Rowing Club'), 'page_brand_impersonation'),
    ).toBe(0);
    // Named in its sentences, again and again, the brand is who the page says it is.
    const kit = `<p>Ihr Vodafone Konto wurde gesperrt. Bitte melden Sie sich bei Vodafone an, um es zu entsperren.</p>${LOGIN_FORM}`;
    expect(scoreOf(check('https://lindenhof-rudern.ch/login', kit, 'Anmelden'), 'page_brand_impersonation')).toBeGreaterThanOrEqual(80);
  });

  it("takes neither a CAPTCHA service's notice nor a footer's link list for a brand the page claims", () => {
    const notice = '<p>This page is protected by reCAPTCHA, and subject to the Google Privacy Policy and Terms of Service.</p>';
    const footer = '<footer><a>Copyright</a> <a>Cookies</a> <a>Privacy &amp; Terms</a> <a>Twitter</a> <a>Facebook</a></footer>';
    const url = 'https://files.lindenhof-rudern.ch/login';
    const claims = (body: string) => claimedBrands(parsePage(html(body, 'Sign in'), url), urlFacts(url)).map((brand) => brand.name);
    expect(claims(`<h1>Sign in</h1>${LOGIN_FORM}${notice}${notice}${footer}`)).toEqual([]);
    // A real copyright line still says whose page it is.
    expect(claims(`<h1>Sign in</h1>${LOGIN_FORM}<footer>Copyright 2026 Twitter, Inc.</footer>`)).toContain('X (Twitter)');
  });

  it('reads the words an SVG draws like an alt text: a wordmark claims its brand, a drawn sign-in button does not', () => {
    const drawnMark = `<svg><text>CaixaBank</text></svg>${LOGIN_FORM}`;
    expect(messageOf(check('https://lindenhof-rudern.ch/verify', drawnMark, 'Sign in'), 'page_brand_impersonation')).toMatch(/CaixaBank/);
    const drawnButton = `<h1>Log in to Lindenhof Rowing Club</h1>${LOGIN_FORM}<button><svg><title>Apple</title><path d="M0 0"/></svg>Continue with Apple</button>`;
    expect(scoreOf(check('https://lindenhof-rudern.ch/login', drawnButton, 'Members'), 'page_brand_impersonation')).toBe(0);
  });

  it('still reads a page headed "Sign in with Google" that asks for the Google password on a stranger\u2019s host as Google', () => {
    const kit = `<h1>Sign in with Google</h1><form action="/next.php" method="post">
      <label for="e">Email or phone</label><input id="e" type="email" name="email">
      <label for="p">Enter your Google password</label><input id="p" type="password" name="password"><button>Next</button></form>`;
    const category = check('https://lindenhof-rudern.ch/verify', kit, 'Sign in');
    expect(scoreOf(category, 'page_brand_impersonation')).toBeGreaterThanOrEqual(80);
    expect(messageOf(category, 'page_brand_impersonation')).toContain('Google');
    // A button alone does not name it, the heading and the password label do.
    const labelOnly = kit.replace('<h1>Sign in with Google</h1>', '<button>Sign in with Google</button>');
    expect(scoreOf(check('https://lindenhof-rudern.ch/verify', labelOnly, 'Sign in'), 'page_brand_impersonation')).toBeGreaterThanOrEqual(
      80,
    );
    const buttonOnly = labelOnly.replace('Enter your Google password', 'Password');
    expect(scoreOf(check('https://lindenhof-rudern.ch/verify', buttonOnly, 'Sign in'), 'page_brand_impersonation')).toBe(0);
  });
});

describe('brand read from the page', () => {
  const login = '<form action="/login" method="post"><input name="user"><input type="password" name="pw"><button>Sign in</button></form>';

  it('finds the brand in a heading, a label, the copyright line or a hot-linked logo of a login page', () => {
    const heading = check('https://verify-portal.example/', `<h1>Sign in with myGov</h1>${login}`, 'Sign in');
    expect(scoreOf(heading, 'page_brand_impersonation')).toBe(90);
    expect(messageOf(heading, 'page_brand_impersonation')).toMatch(/myGov/);
    expect(
      scoreOf(check('https://verify-portal.example/', `${login}<footer>© 2026 Microsoft</footer>`, 'Sign in'), 'page_brand_impersonation'),
    ).toBe(90);
    const asset = `<img src="https://www.paypalobjects.com/webstatic/icon/pp258.png">${login}`;
    expect(messageOf(check('https://verify-portal.example/', asset, 'Log in'), 'page_brand_impersonation')).toMatch(/PayPal/);
  });

  it('takes a login first step (account name and sign-in wording) for a credential page, in any language', () => {
    const step = '<h1>Anmelden</h1><form><input type="email" name="login"><button>Weiter</button></form>';
    expect(scoreOf(check('https://konto-hilfe.example/', step, 'ELSTER – Ihr Online-Finanzamt'), 'page_brand_impersonation')).toBe(80);
  });

  it('reads headings only on pages that ask for something, and not when the site names itself', () => {
    expect(
      scoreOf(check('https://verify-portal.example/', '<h1>News about myGov</h1><p>Text</p>', 'Weekly digest'), 'page_brand_impersonation'),
    ).toBe(0);
    const ownBank = `<h2>Add your card to Apple Pay and Google Pay</h2>${login}<footer>© 2026 Riverbend Credit Union</footer>`;
    expect(scoreOf(check('https://riverbend-credit-union.org/login', ownBank, 'Online Banking'), 'page_brand_impersonation')).toBe(0);
  });
});

describe('brands a sign-in page names as its account or its logo text', () => {
  it.each([
    ['the account it asks for', '<h1>Sign in with your BT account</h1>', 'BT'],
    ['its sign-in title', '', 'O2', 'O2 - Sign Up'],
    ['its logo text', '<div class="logo-container"><div>Deutsche Telekom</div></div><h1>Eintragen</h1>', 'Telekom'],
  ])('reads the brand in %s on a stranger host', (_where, heading, brand, title?: string) => {
    const category = check('https://amber-field-30.com/', `${heading}${LOGIN_FORM}`, title);
    expect(scoreOf(category, 'page_brand_impersonation')).toBeGreaterThanOrEqual(80);
    expect(messageOf(category, 'page_brand_impersonation')).toContain(brand);
  });

  it('leaves the brand on its own domain alone', () => {
    const own = check('https://www.bt.com/login', `<h1>Sign in with your BT account</h1>${LOGIN_FORM}`);
    expect(scoreOf(own, 'page_brand_impersonation')).toBe(0);
  });
});
