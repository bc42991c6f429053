import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('reputation settings', () => {
  it('default to no feeds, hourly reloads, 30 days of memory, no Safe Browsing, no domain age and the shipped popularity list', () => {
    expect(loadConfig({}).reputation).toEqual({
      feeds: [],
      refreshMinutes: 60,
      maxAgeDays: 30,
      feedMaxBytes: 200 * 1024 * 1024,
      safeBrowsing: null,
      domainAge: false,
      popularity: { url: null, file: null, refreshHours: 24 },
    });
    expect(loadConfig({ LOOKUP_DOMAIN_AGE: 'true' }).reputation.domainAge).toBe(true);
  });

  it('read REPUTATION_FEEDS as source=format@url entries', () => {
    const { reputation } = loadConfig({
      REPUTATION_FEEDS:
        'urlhaus=urlhaus-csv@https://urlhaus.abuse.ch/downloads/csv_recent/; openphish=openphish-text@https://openphish.com/feed.txt',
      SAFE_BROWSING_API_KEY: 'k',
    });
    expect(reputation.feeds).toEqual([
      { source: 'urlhaus', format: 'urlhaus-csv', url: 'https://urlhaus.abuse.ch/downloads/csv_recent/' },
      { source: 'openphish', format: 'openphish-text', url: 'https://openphish.com/feed.txt' },
    ]);
    expect(reputation.safeBrowsing).toEqual({ apiKey: 'k', url: 'https://safebrowsing.googleapis.com' });
  });

  it('refuse a feed with an unknown format or no URL', () => {
    expect(() => loadConfig({ REPUTATION_FEEDS: 'x=rss@https://example.com/feed' })).toThrow(ConfigError);
    expect(() => loadConfig({ REPUTATION_FEEDS: 'x=plain-list' })).toThrow(/REPUTATION_FEEDS/);
  });
});
