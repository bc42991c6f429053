import { describe, expect, it } from 'vitest';
import { LookalikeMatcher } from './lookalike-matcher.ts';

const matcher = new LookalikeMatcher([
  { monitorId: 1, domain: 'pixelforge.app', keywords: [] },
  { monitorId: 2, domain: 'northwind-outfitters.com', keywords: ['shop'] },
  { monitorId: 3, domain: 'acme.io', keywords: [] },
]);
const ids = (host: string) => matcher.match(host).map((match) => [match.monitorId, match.domain, match.reason]);

describe('look-alike matcher', () => {
  it('finds typos, homoglyphs, brand tokens and brand subdomains of any watched domain', () => {
    expect(ids('pixelfroge.app')).toEqual([[1, 'pixelfroge.app', 'typo']]);
    expect(ids('www.pixe1forge.com')).toEqual([[1, 'pixe1forge.com', 'homoglyph']]);
    expect(ids('pixelforge-login.net')).toEqual([[1, 'pixelforge-login.net', 'brand-token']]);
    expect(ids('securepixelforge.xyz')).toEqual([[1, 'securepixelforge.xyz', 'brand-token']]);
    expect(ids('pixelforge.app.verify-session.top')).toEqual([[1, 'verify-session.top', 'brand-subdomain']]);
    expect(ids('*.northwind-outfiters.com')).toEqual([[2, 'northwind-outfiters.com', 'typo']]);
    expect(ids('acme.shop')).toEqual([[3, 'acme.shop', 'homoglyph']]);
  });

  it('leaves the watched domains, their subdomains and unrelated names alone', () => {
    for (const host of [
      'pixelforge.app',
      'cdn.pixelforge.app',
      'example.com',
      'pixel.app',
      'forge.app',
      'acne.io',
      'not a host',
      '192.0.2.1',
    ]) {
      expect(ids(host)).toEqual([]);
    }
  });
});
