import { describe, expect, it } from 'vitest';
import { isTitledPage, pathFeatures, withoutPostDate } from './url-features.ts';
import { judge, pathFeatureValue as value } from './testing/url-verdicts.ts';

// Issue 35, session 18: the articles tech weeklies link to, and blogs' feeds.

describe('articles on own domains (decision 579)', () => {
  it("reads a post's date in front of its name as the post's date", () => {
    expect(withoutPostDate('/posts/2020-07-04-prometheus.html')).toBe('/posts/prometheus.html');
    expect(withoutPostDate('/blog/2023-05-11-bound')).toBe('/blog/bound');
    expect(withoutPostDate('/release-2020-07-04.html')).toBe('/release-2020-07-04.html');
    expect(value('/posts/2020-07-04-prometheus.html', 'token_segment')).toBe(0);
    expect(value('/posts/2020-07-04-prometheus.html', 'script_file')).toBe(0);
    expect(value('/posts/2020-07-04-a8f7d9e0c1b2d3e4f5a6.html', 'token_segment')).toBe(1);
  });

  it('reads a page named by three words or more as a title, not a script page', () => {
    expect(isTitledPage('/haskell/what-the-heck-is-typeable.html')).toBe(true);
    expect(isTitledPage('/org-posts/foldr_infinite_list_haskell.htm')).toBe(true);
    expect(isTitledPage('/haskell/miscellaneous-enlightenments.html')).toBe(false);
    expect(isTitledPage('/aji-tiang-puniki/yeh-matekad-ida-maju-28442.html')).toBe(false);
    expect(isTitledPage('/secure/verify-account-now.php')).toBe(false);
    expect(value('/announcement-memory-ram-fork.html', 'script_file')).toBe(0);
    expect(value('/chapter.html', 'script_file')).toBe(1);
  });

  it('marks a quiet dated or titled page with no query as an article', () => {
    expect(pathFeatures('/2018/03/haskell-proj-struct/', '', null).article).toBe(true);
    expect(pathFeatures('/org-posts/foldr-infinite-list-haskell.html', '', null).article).toBe(true);
    expect(pathFeatures('/org-posts/foldr-infinite-list-haskell.html', '?id=7', null).article).toBe(false);
    expect(pathFeatures('/verify/account-update-billing.html', '', null).article).toBe(false);
    expect(pathFeatures('/contact', '', null).article).toBe(false);
  });

  // Without the rule these score 70-74 for the host's name shape and the path's n-grams.
  it("does not flag a blog's article on its own domain", () => {
    expect(judge('https://coot.me/posts/cabal-haddock-project.html').risk_score).toBeLessThan(60);
    expect(judge('https://elbauldelprogramador.com/org-posts/foldr-infinite-list-haskell.html').risk_score).toBeLessThan(60);
    expect(judge('https://sakshamsharma.com/2018/03/haskell-proj-struct/').risk_score).toBeLessThan(60);
    expect(judge('https://argumatronic.com/posts/1970-01-01-beginners.html').risk_score).toBeLessThan(60);
  });

  it('leaves a brand, a lure, an abused ending or a kit sign to the model', () => {
    expect(judge('https://paypal-account-verify.com/posts/2020-07-04-update-your-details.html').risk_score).toBeGreaterThanOrEqual(80);
    expect(judge('https://ins-accounthelp.com/meta-community-standard.html').risk_score).toBeGreaterThanOrEqual(60);
    expect(judge('https://coot.me/posts/cabal-haddock-project.html?email=alice%40example.com').risk_score).toBeGreaterThanOrEqual(
      judge('https://coot.me/posts/cabal-haddock-project.html').risk_score,
    );
  });
});

describe('dated write-ups naming a brand (decision 599)', () => {
  it('marks a dated post whose title names a brand, with no lure word, as an article', () => {
    expect(pathFeatures('/2019/10/01/searching-instagram-part-2/', '', null).article).toBe(true);
    expect(pathFeatures('/2014/10/forensics-in-the-amazon-cloud-ec2.html', '', null).article).toBe(true);
    expect(pathFeatures('/2021/02/paypal-login-verify/', '', null).article).toBe(false);
    expect(pathFeatures('/instagram-stored-xss/', '', null).article).toBe(false);
  });

  it("does not flag a security blog's dated write-up about a brand", () => {
    expect(judge('https://osintcurio.us/2019/10/01/searching-instagram-part-2/').risk_score).toBeLessThan(60);
  });

  it('leaves a brand on the host, a lure word or an abused ending to the model', () => {
    expect(judge('https://paypal-account-verify.com/2021/02/paypal-update/').risk_score).toBeGreaterThanOrEqual(60);
  });
});

describe("blogs' feeds (decision 584)", () => {
  it("reads Blogger's feeds as documents", () => {
    expect(pathFeatures('/feeds/posts/default', '', null).document).toBe(true);
    expect(pathFeatures('/feeds/comments/default', '', null).document).toBe(true);
    expect(pathFeatures('/feeds/login/default', '', null).document).toBe(false);
  });

  it("does not read a feed's own script name as a script page", () => {
    expect(value('/rss.php', 'script_file')).toBe(0);
    expect(value('/lwblog/feed.php', 'script_file')).toBe(0);
    expect(value('/news.php', 'script_file')).toBe(1);
  });

  // Without the rule these score 64-78.
  it('does not flag a blog feed for its host name', () => {
    expect(judge('https://rdvlivefromtokyo.blogspot.com/feeds/posts/default').risk_score).toBeLessThan(60);
    expect(judge('https://yankee-in-belgrade.blogspot.com/feeds/posts/default').risk_score).toBeLessThan(60);
    expect(judge('https://melonds.kuribo64.net/rss.php').risk_score).toBeLessThan(60);
  });
});
