import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findThreatMatches, SafeBrowsingError } from './safe-browsing-client.ts';
import { type FakeSafeBrowsing, startFakeSafeBrowsing } from './testing/fake-safe-browsing.ts';

const MALWARE = 'http://malware.testsafebrowsing.appspot.com/s/malware.html';
const PHISHING = 'http://testsafebrowsing.appspot.com/s/phishing.html';

describe('findThreatMatches', () => {
  let fake: FakeSafeBrowsing;
  beforeAll(async () => {
    fake = await startFakeSafeBrowsing({ [MALWARE]: 'MALWARE', [PHISHING]: 'SOCIAL_ENGINEERING' });
  });
  afterAll(() => fake.close());

  const options = () => ({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, clientId: 'riskscan', clientVersion: '0.1.0' });

  it('returns the listed URLs with their threat types and nothing for clean ones', async () => {
    const matches = await findThreatMatches([MALWARE, 'https://example.com/', PHISHING], options());
    expect(matches).toEqual([
      { url: MALWARE, threatType: 'MALWARE' },
      { url: PHISHING, threatType: 'SOCIAL_ENGINEERING' },
    ]);
    expect(fake.calls.at(-1)?.client).toEqual({ clientId: 'riskscan', clientVersion: '0.1.0' });
    expect(fake.calls.at(-1)?.threatTypes).toContain('SOCIAL_ENGINEERING');
    expect(await findThreatMatches(['https://example.com/'], options())).toEqual([]);
  });

  it('splits large batches into calls of at most 500 entries', async () => {
    fake.calls.length = 0;
    const urls = Array.from({ length: 1001 }, (_, i) => `https://example.com/${i}`);
    await findThreatMatches(urls, options());
    expect(fake.calls.map((call) => call.urls.length)).toEqual([500, 500, 1]);
  });

  it('reports a refused key as an error', async () => {
    await expect(findThreatMatches(['https://example.com/'], { ...options(), apiKey: 'wrong' })).rejects.toThrow(SafeBrowsingError);
  });
});
