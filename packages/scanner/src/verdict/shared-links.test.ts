import { describe, expect, it } from 'vitest';
import { isSocialPostPath, isWellKnownFile, pathFeatures } from './url-features.ts';
import { judge, pathFeatureValue as value } from './testing/url-verdicts.ts';

// Issue 35, session 17: links newsletters share (social posts) and organisations' standard files.

describe('encoded values mix letters and digits (decision 573)', () => {
  it('reads a user folder and a number as addressing, not an encoded blob', () => {
    for (const path of ['/@alice/115129437562598149', '/profiles/76561198359898431', '/users/bob/statuses/113883176544231748'])
      expect(value(path, 'encoded_blob'), path).toBe(0);
  });

  it('still finds encoded values, with or without slashes in them', () => {
    expect(value('/r/aHR0cHM6Ly9leGFtcGxlLmNvbS9sb2dpbg==', 'encoded_blob')).toBe(1);
    expect(value('/x/aGVsbG8/d29ybGQxMjM0NTY3ODkw', 'encoded_blob')).toBe(1);
    expect(value('/session/a8f7d9e0c1b2d3e4f5a6b7c8', 'encoded_blob')).toBe(1);
  });

  // The brand in the host was made decisive by a blob read in the post's number, shown nowhere.
  it('keeps a post on a server named after a brand out of Danger when nothing else says kit', () => {
    const verdict = judge('https://mastodon.gal/@salvari/115129437562598149');
    expect(verdict.risk_score).toBeLessThan(80);
  });
});

describe('posts of federated social servers (decision 577)', () => {
  it('reads Mastodon-style post addresses as posts', () => {
    expect(isSocialPostPath('/@alice/115129437562598149')).toBe(true);
    expect(isSocialPostPath('/@alice@example.social/115129437562598149')).toBe(true);
    expect(isSocialPostPath('/users/alice/statuses/115129437562598149')).toBe(true);
    expect(isSocialPostPath('/videos/watch/7fbe75cc-602c-4ace-b862-519c096529b6')).toBe(true);
    expect(isSocialPostPath('/w/kVFJsqTfqHWg56gtpiK5xW')).toBe(true);
    expect(isSocialPostPath('/w/chat')).toBe(false);
    expect(isSocialPostPath('/@alice')).toBe(false);
    expect(isSocialPostPath('/@alice/115129437562598149/login')).toBe(false);
    expect(isSocialPostPath('/alice/115129437562598149')).toBe(false);
  });

  // Without the rule these score 60-76 for the server's name and the post's number alone.
  it("does not flag a post on a small server whose name the model reads as a kit's", () => {
    expect(judge('https://bsd.network/@nasunasu/116639205205943402').risk_score).toBeLessThan(60);
    expect(judge('https://sonomu.club/@kf/116216021077413277').risk_score).toBeLessThan(60);
    expect(judge('https://diode.zone/videos/watch/246511d8-58dd-493e-a834-4c0cb85e9e95').risk_score).toBeLessThan(60);
    expect(judge('https://video.hardlimit.com/w/m8TgMtuSLDvTuKzcN4T1Aa').risk_score).toBeLessThan(60);
  });

  it('leaves a brand or lure in the host and a kit sign in the query to the model', () => {
    expect(judge('https://paypal-secure-login.xyz/@support/115129437562598149').risk_score).toBeGreaterThanOrEqual(60);
    expect(pathFeatures('/@alice/115129437562598149', '?token=a8f7d9e0c1b2d3e4f5a6b7c8', null).socialPost).toBe(false);
  });
});

describe('servers named after their social software (decision 620)', () => {
  // Before the rule the seventh probe's dev half scored the first two 78-79: `mastodon` read as the brand.
  it('does not flag a post on a server named after the software it runs', () => {
    expect(judge('https://mastodon.catgirl.cloud/@mekeor/113883176544231748').risk_score).toBeLessThan(60);
    expect(judge('https://mastodon.well.com/@rk/113399457937672346').risk_score).toBeLessThan(60);
    expect(judge('https://mastodon.example-town.de/@alice/115129437562598149').risk_score).toBeLessThan(60);
  });

  it("leaves the software's name beside a lure, another brand, or off a post's path to the model", () => {
    expect(judge('https://mastodon-login-verify.com/@support/115129437562598149').risk_score).toBeGreaterThanOrEqual(60);
    expect(judge('https://mastodon.paypal-secure.com/@support/115129437562598149').risk_score).toBeGreaterThanOrEqual(60);
    expect(judge('https://refund-mastodon.com/').risk_score).toBeGreaterThanOrEqual(60);
  });
});

describe('a server named after its social software on an abused ending (decision 696)', () => {
  // Before the rule the seventh probe's dev half scored this 99: the brand on an abused ending was decisive.
  it("reads the software's name as the server's on a post's address", () => {
    expect(judge('https://mastodon.uno/@cidra/116510847714846962').risk_score).toBeLessThan(60);
  });

  it('still calls the name on an abused ending impersonation off a post, beside a lure or in look-alike glyphs', () => {
    expect(judge('https://mastodon.uno/').risk_score).toBeGreaterThanOrEqual(60);
    expect(judge('https://mastodon.top/login').risk_score).toBeGreaterThanOrEqual(80);
    expect(judge('https://mastodon-login.uno/@cidra/116510847714846962').risk_score).toBeGreaterThanOrEqual(80);
    expect(judge('https://mast\u043edon.uno/@cidra/116510847714846962').risk_score).toBeGreaterThanOrEqual(80);
  });
});

describe('registered well-known files (decision 578)', () => {
  it('reads a registered file at its exact place as a document, not a CMS folder', () => {
    expect(isWellKnownFile('/.well-known/security.txt')).toBe(true);
    expect(isWellKnownFile('/.well-known/change-password')).toBe(true);
    expect(value('/.well-known/security.txt', 'cms_folder')).toBe(0);
    expect(pathFeatures('/.well-known/security.txt', '', null).document).toBe(true);
  });

  it("still reads the folder's subfolders, where kits hide, as a CMS folder", () => {
    expect(isWellKnownFile('/.well-known/pki-validation/secure/login.php')).toBe(false);
    expect(value('/.well-known/pki-validation/secure/login.php', 'cms_folder')).toBe(1);
    expect(value('/.well-known/acme-challenge/office365/index.html', 'cms_folder')).toBe(1);
  });

  it("does not flag an organisation's security contact file", () => {
    expect(judge('https://easyhotel.com/.well-known/security.txt').risk_score).toBeLessThan(60);
    expect(judge('https://orgnostic.com/.well-known/security.txt').risk_score).toBeLessThan(60);
    expect(judge('https://paypal-verify.xyz/.well-known/pki-validation/paypal/login.php').risk_score).toBeGreaterThanOrEqual(80);
  });
});
