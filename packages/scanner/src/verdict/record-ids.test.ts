import { describe, expect, it } from 'vitest';
import { hostParts } from '../url/host-parts.ts';
import { FEATURE_NAMES, hostFeatures, isSluggedPage, pathFeatures, withoutContentIds } from './url-features.ts';
import { judge, pathFeatureValue as value } from './testing/url-verdicts.ts';

// Issue 35, session 19: podcasts', forums' and job boards' record ids, and feeds named by format.

describe("records' ids after the folder naming them (decision 618)", () => {
  it('reads an object id, a UUID or a 32-character id after a record folder as a number', () => {
    expect(withoutContentIds('/episode/5efeafa36d76607427547473')).toBe('/episode/0');
    expect(withoutContentIds('/post/6d240344-09f5-4553-bf0a-d6dbdb217fb6')).toBe('/post/0');
    expect(withoutContentIds('/events/3f76f860-75c1-4f3a-810f-03fc0cecb691/')).toBe('/events/0/');
    expect(withoutContentIds('/user/590af762a22b9d0057a6eaca/posts')).toBe('/user/0/posts');
    expect(withoutContentIds('/api/attachments/680a9c6cd355ebd70caceb84/file')).toBe('/api/attachments/0/file');
  });

  it("leaves kits' tokens: other folders, upper case, ids inside a segment", () => {
    expect(withoutContentIds('/form/6d240344-09f5-4553-bf0a-d6dbdb217fb6')).toBe('/form/6d240344-09f5-4553-bf0a-d6dbdb217fb6');
    expect(withoutContentIds('/token/5efeafa36d76607427547473')).toBe('/token/5efeafa36d76607427547473');
    expect(withoutContentIds('/stores/page/E29DE1D8-4666-4BF2-BD67-53317C43AB33')).toBe(
      '/stores/page/E29DE1D8-4666-4BF2-BD67-53317C43AB33',
    );
    expect(withoutContentIds('/post/5efeafa36d76607427547473x')).toBe('/post/5efeafa36d76607427547473x');
    expect(value('/form/6d240344-09f5-4553-bf0a-d6dbdb217fb6', 'token_segment')).toBe(1);
  });

  it('reads no token in a record id', () => {
    expect(value('/episode/5efeafa36d76607427547473', 'token_segment')).toBe(0);
    expect(value('/post/b5f6b5c9-4859-4dbd-b27d-869a98a1db07', 'token_segment')).toBe(0);
    expect(pathFeatures('/episode/5efeafa36d76607427547473', '', null).gramText).toBe('/episode/0');
    // A page id after a slug of words, 32 characters, folds like a post's shorter id.
    expect(pathFeatures('/careers-at-acme-91ca424701e446bf825c05388d638340', '', null).gramText).toBe('/careers-at-acme-0');
  });

  // Before the rule the probe scored the last two 65-73 (the id read as a token and by its n-grams).
  it("does not flag a podcast's episode, a post or an event by its id", () => {
    expect(judge('https://www.example-podcasts.com/episode/5efeafa36d76607427547473').risk_score).toBeLessThan(60);
    expect(judge('https://xiaobot.net/post/6d240344-09f5-4553-bf0a-d6dbdb217fb6').risk_score).toBeLessThan(60);
    expect(judge('https://rheinneckar.events/events/3f76f860-75c1-4f3a-810f-03fc0cecb691/').risk_score).toBeLessThan(60);
  });

  it('leaves a brand, a lure or another kit sign to the model', () => {
    expect(judge('https://paypal-account-verify.com/post/6d240344-09f5-4553-bf0a-d6dbdb217fb6').risk_score).toBeGreaterThanOrEqual(80);
    expect(
      judge('https://xiaobot.net/post/6d240344-09f5-4553-bf0a-d6dbdb217fb6/login.php?email=alice%40example.com').risk_score,
    ).toBeGreaterThanOrEqual(60);
  });
});

describe('feeds named by their format (decision 619)', () => {
  it('reads them as documents', () => {
    for (const path of ['/feed-atom/', '/rss_feed/', '/rss-feed/', '/rssfeed/', '/posts_feed', '/feed_rss2', '/atom-feed'])
      expect(pathFeatures(path, '', null).document, path).toBe(true);
    for (const path of ['/feed-login/', '/verify-feed/', '/account_feed']) expect(pathFeatures(path, '', null).document, path).toBe(false);
  });
});

describe('posts addressed by their title (decision 621)', () => {
  it("reads a slug of four pieces or more, three of them words, as a post's address", () => {
    expect(isSluggedPage('/blog/replacing-elasticsearch-with-rust-and-sqlite')).toBe(true);
    expect(isSluggedPage('/2026/a-year-of-work-on-the-alpm-project/')).toBe(true);
    expect(isSluggedPage('/the-state-of-rust-in-2022/')).toBe(true);
    expect(isSluggedPage('/1057c9a0-9306-4320-ae4c-fe')).toBe(false);
    expect(isSluggedPage('/netstack-fm-ep-10/')).toBe(false);
    expect(isSluggedPage('/blog/post.html')).toBe(false);
    expect(isSluggedPage('/Some-Title-Written-Here')).toBe(false);
    expect(pathFeatures('/blog/replacing-elasticsearch-with-rust-and-sqlite', '', null).article).toBe(true);
    expect(pathFeatures('/blog/replacing-elasticsearch-with-rust-and-sqlite', '?id=7', null).article).toBe(false);
    expect(pathFeatures('/verify-your-account-details-now', '', null).article).toBe(false);
  });

  it('leaves a brand, a lure, an abused ending or a free platform to the model', () => {
    expect(judge('https://paypal-account-verify.com/blog/update-your-billing-details-today').risk_score).toBeGreaterThanOrEqual(80);
    // A cloned blog post on a kit's host under an abused ending, the shape of phishing reports.
    expect(judge('https://tg.482016.xyz/blog/fullscreen-miniapps-and-more').risk_score).toBeGreaterThanOrEqual(60);
  });

  // Before the rule the probes' dev halves scored these 61-65 for the hosts' names and the slugs' n-grams.
  it("does not flag a blog's post addressed by its title on its own domain", () => {
    expect(judge('https://nbsoftsolutions.com/blog/replacing-elasticsearch-with-rust-and-sqlite').risk_score).toBeLessThan(60);
    expect(judge('https://deprogrammaticaipsum.com/the-state-of-rust-in-2022/').risk_score).toBeLessThan(60);
  });
});

/** One host feature's value for a host with no brand or look-alike found. */
function judgeValue(url: string, name: (typeof FEATURE_NAMES)[number]): number | undefined {
  return hostFeatures(hostParts(new URL(url).hostname), [], []).values[FEATURE_NAMES.indexOf(name)];
}

describe("an edition's year after an event's name (decision 581, amended in session 19)", () => {
  it('does not count the year as digits in the name', () => {
    expect(judgeValue('https://mmsys2022.example/', 'digits')).toBe(0);
    expect(judgeValue('https://netcom-2018.example/', 'digits')).toBe(0);
    expect(judgeValue('https://x2022.example/', 'digits')).toBeGreaterThan(0);
    expect(judgeValue('https://abc20223.example/', 'digits')).toBeGreaterThan(0);
    expect(judgeValue('https://sec2024login.example/', 'digits')).toBeGreaterThan(0);
  });

  // Before the rule the probes' dev halves scored these 65-66 for the year's digits.
  it("does not flag a conference's site for its year", () => {
    expect(judge('https://mmsys2022.ie').risk_score).toBeLessThan(60);
    expect(judge('https://dis2019.com').risk_score).toBeLessThan(60);
  });

  it('leaves a brand or a lure beside the year to the model', () => {
    expect(judge('https://paypal2025-verify.com/login').risk_score).toBeGreaterThanOrEqual(80);
    expect(judge('https://helpcenter2025.com/account/verify').risk_score).toBeGreaterThanOrEqual(60);
  });
});
