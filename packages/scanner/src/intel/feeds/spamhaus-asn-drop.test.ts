import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FeedFormatError } from './phishtank-json.ts';
import { parseSpamhausAsnDrop } from './spamhaus-asn-drop.ts';

const fixture = readFileSync(new URL('./fixtures/asndrop.jsonl', import.meta.url), 'utf8');

describe('parseSpamhausAsnDrop', () => {
  it('reads one network per JSON line and skips the metadata line', () => {
    expect(parseSpamhausAsnDrop(fixture)).toEqual([
      { asn: 64496, name: 'SHADY-HOSTING-AS', country: 'NL', rir: 'ripencc', domain: 'shady-hosting.example' },
      { asn: 64497, name: 'BP-NET', country: 'US', rir: 'arin', domain: 'bulletproof.example' },
      { asn: 64498, name: 'NO-ABUSE-DESK', country: null, rir: 'apnic', domain: null },
    ]);
  });

  it('refuses a cut-off download whose record count does not match the metadata', () => {
    const lines = fixture.trim().split('\n');
    expect(() => parseSpamhausAsnDrop([lines[0], lines[3]].join('\n'))).toThrow(/announces 3 records, the file has 1/);
  });

  it('refuses what is not ASN-DROP', () => {
    expect(() => parseSpamhausAsnDrop('<html>blocked</html>')).toThrow(FeedFormatError);
    expect(() => parseSpamhausAsnDrop('{"cidr":"192.0.2.0/24","sblid":"SBL1"}')).toThrow(/no AS number/);
  });
});
