import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DNSTWIST_FUZZERS, generateLookalikes } from './generate-lookalikes.ts';

/** dnstwist 20250130's names per domain and family, written by `testing/make-dnstwist-fixtures.py`. */
type Fixtures = { dnstwist: string; idna: string; domains: Record<string, Record<string, string[]>> };
const fixtures = JSON.parse(
  gunzipSync(readFileSync(new URL('testing/dnstwist-names.json.gz', import.meta.url))).toString('utf8'),
) as Fixtures;

function ourFamilies(domain: string): Record<string, string[]> {
  const families: Record<string, string[]> = {};
  for (const { domain: name, fuzzer } of generateLookalikes(domain, { families: DNSTWIST_FUZZERS })) (families[fuzzer] ??= []).push(name);
  for (const names of Object.values(families)) names.sort();
  return families;
}

describe(`parity with dnstwist ${fixtures.dnstwist} (${fixtures.idna})`, () => {
  it('covers at least 25 domains of varied shape', () => {
    expect(Object.keys(fixtures.domains).length).toBeGreaterThanOrEqual(25);
  });

  for (const [domain, expected] of Object.entries(fixtures.domains)) {
    it(`produces exactly dnstwist's names for ${domain}, family by family`, () => {
      expect(ourFamilies(domain)).toEqual(expected);
    });
  }
});
