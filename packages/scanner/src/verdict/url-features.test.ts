import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, type FeatureName, pathFeatures, withoutPostDate } from './url-features.ts';
import { createVerdictEngine, isVerdictError } from './verdict-engine.ts';
import { pathFeatureValue as value } from './testing/url-verdicts.ts';

// Issue 35 (session 8): a path's token and blob features say what the path is, not its length.

describe('path tokens and encoded blobs', () => {
  it("reads a post's slug with its id after it as a title, not a token or a blob", () => {
    for (const path of [
      '/taming-elk-4e1349f077c3',
      '/posts/sharding-ids-at-scale-1cf5a71e5a5c',
      '/s/article/learner-000002204-update-your-settings',
    ]) {
      expect(value(path, 'token_segment'), path).toBe(0);
      expect(value(path, 'encoded_blob'), path).toBe(0);
    }
  });

  it('reads a folder path of plain words as the site’s own naming, not an encoded blob', () => {
    for (const path of ['/tjenester/skole-og-barnehage/', '/politikk/mote-og-sakspapirer/', '/departments/public-works/permits'])
      expect(value(path, 'encoded_blob'), path).toBe(0);
  });

  it('still finds per-victim tokens and encoded values', () => {
    expect(value('/session/a8f7d9e0c1b2d3e4f5a6b7c8', 'token_segment')).toBe(1);
    expect(value('/session/a8f7d9e0c1b2d3e4f5a6b7c8', 'encoded_blob')).toBe(1);
    expect(value('/verify?id=98d8d6f6-50df-11ed-bb3e-d1cbac750b11', 'token_segment')).toBe(1);
    expect(value('/r?data=eyJhbGciOiJIUzI1NiJ9eyJzdWIiOiIxMjM0NTY3ODkwIn0', 'encoded_blob')).toBe(1);
  });

  it('shows no token or blob reason for a blog post, and its id moves the score no more than a number would', () => {
    const engine = createVerdictEngine();
    const judge = (url: string) => {
      const verdict = engine.verdict(url);
      if (isVerdictError(verdict)) throw new Error(verdict.error);
      return verdict;
    };
    const post = judge('https://quiet-notes.example/posts/taming-elk-4e1349f077c3');
    expect(post.reasons.map((reason) => reason.code)).not.toContain('token_path');
    expect(post.reasons.map((reason) => reason.code)).not.toContain('encoded_path');
    const withoutId = judge('https://quiet-notes.example/posts/taming-elk');
    // The id is read as a number is: only the path's length differs.
    expect(Math.abs(post.risk_score - withoutId.risk_score)).toBeLessThanOrEqual(3);
    expect(post.risk_score).toBeLessThan(60);
  });
});

// Decision 508: a folder's default document is a kit's page name only next to a brand or lure word.
describe("a folder's default document", () => {
  const engine = createVerdictEngine();
  const kitFile = (url: string) => engine.features(url)!.values[FEATURE_NAMES.indexOf('kit_file')];

  it('is not read as a kit file on a free platform or a plain host', () => {
    expect(kitFile('https://course-notes.github.io/einfuehrung/index.html')).toBe(0);
    expect(kitFile('https://course-notes.github.io/docs/kapitel-2/index.php')).toBe(0);
    expect(kitFile('https://bakery-example.de/index.php')).toBe(0);
  });

  it('still is one next to a brand or a lure word, and other kit names stay kit names', () => {
    expect(kitFile('https://paypal-help.github.io/index.html')).toBe(1);
    expect(kitFile('https://course-notes.github.io/verify/index.html')).toBe(1);
    expect(kitFile('https://course-notes.github.io/login.html')).toBe(1);
  });

  // Decision 576: the same page in another language is the folder's default document too.
  it("reads a default document's translations as default documents, not kit names", () => {
    for (const url of [
      'https://course-notes.github.io/The-Book/index.ru.html',
      'https://course-notes.github.io/index_eng.html',
      'https://course-notes.github.io/docs/index-pt-br.html',
    ])
      expect(kitFile(url), url).toBe(0);
    // Next to a brand it is still a kit's page, and another word after `index` is no translation.
    expect(kitFile('https://paypal-help.github.io/index.en.html')).toBe(1);
    expect(kitFile('https://course-notes.github.io/index_login.html')).toBe(1);
  });
});

// Decision 575: another consonant for a brand name's first letter is another word, not a look-alike.
describe('a first letter no slip makes', () => {
  const engine = createVerdictEngine();
  const typo = (url: string) => engine.features(url)!.values[FEATURE_NAMES.indexOf('label_typo')];

  it('is not a typo of the brand', () => {
    // `h` for `r` (rackspace): neither a neighbouring key, a look-alike glyph, a vowel nor a bit flip.
    expect(typo('https://london.hackspace.org.uk/')).toBe(0);
  });

  it('keeps slips elsewhere in the name and glyphs in first place look-alikes', () => {
    for (const url of ['https://uniswvp.org/', 'https://tokenpockee.com/', 'https://lnstagram.biz/', 'https://eackspace.com/'])
      expect(typo(url), url).toBe(1);
  });
});

// Decision 523: a short kit word (`owa`, `otp`, `card`) buried inside another word is that word.
describe('short kit words in a page name', () => {
  const engine = createVerdictEngine();
  const feature = (url: string, name: FeatureName) => engine.features(url)!.values[FEATURE_NAMES.indexOf(name)];

  it('are not read as a kit file inside a longer word, even on free hosting', () => {
    // A page named by three words is a title, not a script page either (decision 579).
    for (const [url, script] of [
      ['https://kursy-example.blogspot.com/p/darmowy-kurs-programowania.html', 0],
      ['https://card-maker-example.netlify.app/postcards-gallery.html', 1],
    ] as const) {
      expect(feature(url, 'kit_file'), url).toBe(0);
      expect(feature(url, 'script_file'), url).toBe(script);
    }
  });

  it('still are where they begin or end a word, and longer kit words count anywhere', () => {
    for (const url of [
      'https://quiet-tenant.github.io/otp2.php',
      'https://quiet-tenant.github.io/bank/cardinfo.php',
      'https://quiet-tenant.github.io/webmail.php',
      'https://quiet-tenant.github.io/step-sms.php',
      'https://quiet-tenant.github.io/reloginpage.html',
    ])
      expect(feature(url, 'kit_file'), url).toBe(1);
  });
});

// Decision 641: a lure word with a letter or two on both sides is inside another word.
describe('a lure word inside another word', () => {
  const engine = createVerdictEngine();
  const lures = (url: string) => engine.features(url)!.facts.lures;

  it('is not a lure', () => {
    expect(lures('https://eleventy-starter.netlify.app/')).toEqual([]);
    expect(lures('https://designing-with-type.example/')).toEqual([]);
  });

  it('still is one padded on one side or joined to other words', () => {
    expect(lures('https://loginn-example.top/')).toContain('login');
    expect(lures('https://my-wallett.example/')).toContain('wallet');
    expect(lures('https://verifyaccount.example/')).toEqual(expect.arrayContaining(['verify', 'account']));
    expect(lures('https://event-tickets.example/')).toContain('event');
  });

  // Decision 695: a Latin ending after the lure makes a word of its own.
  it('is not a lure where a Latin ending makes another word of it', () => {
    expect(lures('https://www.essentialaccessibility.example/blog/')).toEqual([]);
    expect(lures('https://colorblindaccessibilitymanifesto.example/')).toEqual([]);
    expect(lures('https://myaccessible.example/')).toEqual([]);
    expect(lures('https://humanities-lab.example/')).toEqual([]);
    expect(lures('https://roboticsclub.example/')).toEqual([]);
    expect(lures('https://blog.cryptographyengineering.example/')).toEqual([]);
  });

  it('still is one before the endings of its own forms', () => {
    expect(lures('https://parceltrackers.example/')).toContain('track');
    expect(lures('https://orderconfirmation.example/')).toContain('confirm');
    expect(lures('https://accessories-outlet.example/')).toContain('access');
  });
});

// Decision 524: a brand named in the path is evidence only when phishing imitates it.
describe('brands named in a path', () => {
  const engine = createVerdictEngine();
  const feature = (url: string, name: FeatureName) => engine.features(url)!.values[FEATURE_NAMES.indexOf(name)];

  it('do not count for the software or protocol a site runs', () => {
    for (const url of [
      'https://login.regional-credit-example.com/auth/realms/customers/protocol/openid-connect/auth',
      'https://api-example-service.herokuapp.com/swagger/index.html',
    ]) {
      expect(feature(url, 'brand_in_path'), url).toBe(0);
      expect(feature(url, 'brand_in_path_with_lure'), url).toBe(0);
    }
  });

  it('still count for a brand phishing imitates', () => {
    expect(feature('https://old-bakery.com/wp-content/paypal/login/verify.php', 'brand_in_path_with_lure')).toBe(1);
    expect(feature('https://old-bakery.com/docs/netflix/', 'brand_in_path')).toBe(1);
  });
});

// Decision 525: words in another script are not read as a kit's encoded values.
describe('paths written in another script', () => {
  const engine = createVerdictEngine();
  const cyrillic = '/' + encodeURIComponent('новости') + '/' + encodeURIComponent('выставка-книг') + '/';

  it('leave the n-grams what the Latin part of the path says', () => {
    const path = pathFeatures(cyrillic, '', null);
    expect(path.gramText).toBe('//-/');
    expect(pathFeatures('/books/' + encodeURIComponent('Pod skórą systemu') + '.pdf', '', null).gramText).toBe(
      '/books/Pod%20skr%20systemu.pdf',
    );
  });

  it('keep the mathematical letters kits spell their page names with', () => {
    const bold = '/' + encodeURIComponent('𝐥𝐨𝐠𝐢𝐧.𝐡𝐭𝐦𝐥');
    expect(pathFeatures(bold, '', null).gramText).toBe(bold);
  });

  it('count each character once for the address length', () => {
    const title = encodeURIComponent('مدخل إلى الذكاء الاصطناعي وتعلم الآلة'.repeat(2));
    const longUrl = (url: string) => engine.features(url)!.values[FEATURE_NAMES.indexOf('long_url')];
    expect(title.length).toBeGreaterThan(200);
    expect(longUrl(`https://reading-room.example/files/${title}/`)).toBe(0);
    expect(longUrl(`https://reading-room.example/files/${'a1b2c3d4e5'.repeat(21)}/`)).toBe(1);
  });
});

// Decision 580: a dated permalink is read without its date.
describe('a dated permalink', () => {
  it('is read without its year, month and day when a post follows them', () => {
    expect(withoutPostDate('/2023/09/13/rare-rust.html')).toBe('/rare-rust.html');
    expect(withoutPostDate('/blog/2025/8/4/an-easy-problem/')).toBe('/blog/an-easy-problem/');
    expect(withoutPostDate('/2024/12/blog-post.html')).toBe('/blog-post.html');
    // An archive page (nothing after the date), a year alone or no month: not a post's date.
    for (const path of ['/2024/12/', '/2026/a-year-of-work/', '/2024/13/x', '/1234/05/x']) expect(withoutPostDate(path)).toBe(path);
  });

  it("has its undated post's depth and length, and its `.html` is no script page", () => {
    const dated = pathFeatures('/2023/09/13/rare-rust.html', '', null);
    const undated = pathFeatures('/rare-rust.html', '', null);
    for (const name of ['path_depth', 'path_length'] as const)
      expect(dated.values[FEATURE_NAMES.indexOf(name)], name).toBe(undated.values[FEATURE_NAMES.indexOf(name)]);
    expect(dated.gramText).toBe('/rare-rust.html');
    expect(value('/2023/09/13/rare-rust.html', 'script_file')).toBe(0);
    expect(value('/rare-rust.html', 'script_file')).toBe(1);
  });

  it('keeps its page name no script page when a kit word in it is only a title’s word', () => {
    const engine = createVerdictEngine();
    const feature = (url: string, name: FeatureName) => engine.features(url)!.values[FEATURE_NAMES.indexOf(name)];
    expect(feature('https://headcrab.rs/2020/08/31/august-update.html', 'kit_file')).toBe(0);
    expect(feature('https://headcrab.rs/2020/08/31/august-update.html', 'script_file')).toBe(0);
    expect(feature('https://headcrab.rs/august-update.html', 'script_file')).toBe(1);
  });

  it('still finds a kit in a dated path', () => {
    expect(value('/2024/12/a8f7d9e0c1b2d3e4f5a6b7c8/update.html', 'token_segment')).toBe(1);
    expect(value('/wp-content/uploads/2024/12/invoice.html', 'cms_folder')).toBe(1);
    expect(value('/2024/12/verify/login.php', 'kit_file')).toBe(1);
  });
});

// Decision 581: an edition's year in front of a site is no subdomain level.
describe("an edition's year in front of a site", () => {
  const engine = createVerdictEngine();
  const levels = (url: string) => engine.features(url)!.values[FEATURE_NAMES.indexOf('subdomain_levels')];

  it('is read like the site without it', () => {
    const edition = engine.features('https://2022.pgconf.nyc/')!;
    const site = engine.features('https://pgconf.nyc/')!;
    expect(levels('https://2022.pgconf.nyc/')).toBe(0);
    expect([...edition.host.indices]).toEqual([...site.host.indices]);
    expect(levels('https://2017.conf.rollingscopes.com/')).toBe(levels('https://conf.rollingscopes.com/'));
  });

  it('counts as a level anywhere else, and other numbers in front still count', () => {
    expect(levels('https://login.2022.pgconf.nyc/')).toBe(0.5);
    expect(levels('https://2345.pgconf.nyc/')).toBe(0.25);
    expect(levels('https://12.pgconf.nyc/')).toBe(0.25);
  });
});

// Decision 582: the name of self-hosted community software in front of a site is its section.
describe('community software under a site’s own name', () => {
  const engine = createVerdictEngine();
  const levels = (url: string) => engine.features(url)!.values[FEATURE_NAMES.indexOf('subdomain_levels')];

  it('is no subdomain level', () => {
    for (const host of ['lemmy.tellyou.social', 'social.example-club.de', 'matrix.hackerspace.be', 'cfp.golangconf.ru'])
      expect(levels(`https://${host}/login`), host).toBe(0);
  });

  it('while other words in front still are', () => {
    expect(levels('https://quarry.tellyou.social/login')).toBe(0.25);
    expect(levels('https://account.tellyou.social/login')).toBe(0.25);
  });
});

// Decision 605: where makers show their software, and a CJK language's section, are the site's own.
describe('demo, playground, forum and book sections, and a CJK language', () => {
  const engine = createVerdictEngine();
  const levels = (url: string) => engine.features(url)!.values[FEATURE_NAMES.indexOf('subdomain_levels')];

  it('is no subdomain level', () => {
    for (const host of ['demo.quillnotes-app.com', 'playground.meshkit.org', 'bbs.pagoda-dev.cn', 'book.rivercode.club', 'zh.notewell.im'])
      expect(levels(`https://${host}/`), host).toBe(0);
  });

  it('while a lure word or another word in front still is', () => {
    expect(levels('https://verify.quillnotes-app.com/')).toBe(0.25);
    expect(levels('https://sandbox.quillnotes-app.com/')).toBe(0.25);
  });
});

// Decision 595: a blog's, an engineering team's and a public body's transparency sections.
describe('writing and transparency sections', () => {
  const engine = createVerdictEngine();
  const levels = (url: string) => engine.features(url)!.values[FEATURE_NAMES.indexOf('subdomain_levels')];

  it('is no subdomain level', () => {
    for (const host of ['notes.eatonfield.com', 'devblog.ferrypage.org', 'techblog.holidaymart.com', 'engineering.rivercode.io'])
      expect(levels(`https://${host}/2024/05/a-post/`), host).toBe(0);
    expect(levels('http://www.transparencia.feiradesantana.ba.gov.br/')).toBe(0);
  });

  it('while a lure word in front still is', () => {
    expect(levels('https://verify.notes-app.com/')).toBe(0.25);
    expect(levels('https://notes.login.rivercode.io/')).toBe(0.25);
  });
});

// Decision 583: an internationalised name's shape is its written name's, not its encoding's.
describe('an internationalised name', () => {
  const engine = createVerdictEngine();
  const feature = (url: string, name: FeatureName) => engine.features(url)!.values[FEATURE_NAMES.indexOf(name)];

  it('has the hyphens, digits and length of the name as written', () => {
    for (const name of ['hyphens', 'digits', 'label_length', 'digit_run'] as const) {
      expect(feature('http://www.prestelbräu.de/', name), name).toBe(0);
      expect(feature('http://www.brauereigasthof-marktmühle.de/', name), name).toBe(
        feature('http://www.brauereigasthof-marktmuhle.de/', name),
      );
    }
  });

  it('is still read as encoded', () => {
    expect(feature('http://www.prestelbräu.de/', 'punycode')).toBe(1);
    expect(feature('http://www.prestelbrau.de/', 'punycode')).toBe(0);
  });
});

// Decision 637: `www.` in front of a name starting `com-` spells no one's domain.
describe('a name starting with com- behind www', () => {
  const engine = createVerdictEngine();
  const combo = (url: string) => engine.features(url)!.values[FEATURE_NAMES.indexOf('brand_dot_com_combo')];

  it("is a commune's name, not a domain worn in front", () => {
    expect(combo('https://www.com-montagne-example.fr/')).toBe(0);
  });

  it("while a brand's domain in front still is", () => {
    expect(combo('https://usps.com-tracking.top/')).toBe(1);
    expect(combo('https://www.usps.com-tracking.top/')).toBe(1);
  });
});
