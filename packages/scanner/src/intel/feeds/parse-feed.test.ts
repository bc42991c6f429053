import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFeed } from './parse-feed.ts';
import { FeedFormatError } from './phishtank-json.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseFeed', () => {
  it('reads a URLhaus CSV dump: comments skipped, quoted fields, malware threat, date and link kept', () => {
    const entries = parseFeed('urlhaus-csv', fixture('urlhaus.csv'));
    expect(entries).toHaveLength(3);
    expect(entries[0]).toEqual({
      kind: 'url',
      value: '182.117.31.77:39000/i',
      threat: 'malware',
      firstSeen: new Date('2026-11-20T10:03:05Z'),
      reference: 'https://urlhaus.abuse.ch/url/3319423/',
    });
    expect(entries[1]).toMatchObject({ kind: 'url', value: 'cdn-updates.example-malware.test/payload/setup.exe' });
    // A listed site root condemns the whole host.
    expect(entries[2]).toMatchObject({ kind: 'host', value: 'dropper.bad-host.test' });
  });

  it('reads the OpenPhish text feed, one phishing URL per line', () => {
    const entries = parseFeed('openphish-text', fixture('openphish.txt'));
    expect(entries.map((entry) => [entry.kind, entry.value, entry.threat])).toEqual([
      ['url', 'paypal-account-verify.test/signin/index.php', 'phishing'],
      ['url', 'secure-login.microsoft-online.test/owa/', 'phishing'],
      ['url', 'docs.google.com/forms/d/e/1FAIpQLSe-phishing-form/viewform', 'phishing'],
      ['host', 'bank-alerts.example-phish.test', 'phishing'],
    ]);
  });

  it('reads PhishTank JSON, keeping verified phish with their submission time and detail page', () => {
    const entries = parseFeed('phishtank-json', fixture('phishtank.json'));
    expect(entries).toEqual([
      {
        kind: 'url',
        value: 'apple-id-locked.test/unlock/',
        threat: 'phishing',
        firstSeen: new Date('2026-11-19T21:14:02Z'),
        reference: 'http://www.phishtank.com/phish_detail.php?phish_id=8412345',
      },
      expect.objectContaining({ value: 'netflix-billing-update.test/account?step=2' }),
    ]);
  });

  it('refuses a PhishTank document that is not a JSON array', () => {
    expect(() => parseFeed('phishtank-json', '{"not": "an array"}')).toThrow(FeedFormatError);
    expect(() => parseFeed('phishtank-json', '<html>')).toThrow(FeedFormatError);
  });

  it('reads plain lists: domains cover subdomains, other hosts only themselves, URLs stay URLs', () => {
    const entries = parseFeed('plain-list', fixture('plain-list.txt'), 'scam');
    expect(entries.map((entry) => [entry.kind, entry.value, entry.threat])).toEqual([
      ['domain', 'scam-shop.test', 'scam'],
      ['host', 'login.compromised-site.test', 'scam'],
      ['url', 'files.example-share.test/invoice.zip', 'scam'],
      ['host', 'tracker.adware.test', 'scam'],
    ]);
  });
});
